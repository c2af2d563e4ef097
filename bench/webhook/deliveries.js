'use strict';
// Sending signed GitHub-style deliveries for the webhook bench.
const crypto = require('crypto');
const http = require('http');

/** POSTs `body` with `headers`; resolves { status, text }. */
function post(agent, url, headers, body) {
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'Content-Length': body.length }, timeout: 60_000 }, (response) => {
			const chunks = [];
			response.on('data', (chunk) => chunks.push(chunk));
			response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
			response.on('error', reject);
		});
		request.on('timeout', () => request.destroy(new Error('request timed out')));
		request.on('error', reject);
		request.end(body);
	});
}

/** GitHub's delivery headers (as test/servers/codehosting sends them), signed with `secret`. */
function deliveryHeaders(event, body, secret, hookId, { signature = 'valid', deliveryId = crypto.randomUUID() } = {}) {
	const headers = {
		'User-Agent': 'GitHub-Hookshot/044aadd',
		Accept: '*/*',
		'Content-Type': 'application/json',
		'X-GitHub-Event': event,
		'X-GitHub-Delivery': deliveryId,
		'X-GitHub-Hook-ID': String(hookId),
		'X-GitHub-Hook-Installation-Target-Type': 'repository',
		'X-GitHub-Hook-Installation-Target-ID': '1',
	};
	if (signature !== 'missing') {
		const key = signature === 'wrong' ? `${secret}-wrong` : secret;
		headers['X-Hub-Signature'] = `sha1=${crypto.createHmac('sha1', key).update(body).digest('hex')}`;
		headers['X-Hub-Signature-256'] = `sha256=${crypto.createHmac('sha256', key).update(body).digest('hex')}`;
	}
	return headers;
}

/**
 * Sends `n` deliveries of `body` to `url`, `concurrency` in flight. Signing is done before the
 * clock starts (the platform signs, not n8n). Returns { ids, statuses, startedAt, ms }.
 */
async function blast(agent, url, event, body, secret, hookId, n, concurrency) {
	const ids = Array.from({ length: n }, () => crypto.randomUUID());
	const sigs = deliveryHeaders(event, body, secret, hookId);
	const headers = ids.map((deliveryId) => ({ ...sigs, 'X-GitHub-Delivery': deliveryId }));
	const statuses = new Array(n);
	let next = 0;
	const startedAt = Date.now();
	const t0 = process.hrtime.bigint();
	async function worker() {
		while (next < n) {
			const i = next++;
			const res = await post(agent, url, headers[i], body);
			statuses[i] = res.status;
		}
	}
	await Promise.all(Array.from({ length: concurrency }, worker));
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	return { ids, statuses, startedAt, ms };
}

module.exports = { post, deliveryHeaders, blast };
