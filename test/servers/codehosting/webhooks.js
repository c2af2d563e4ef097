'use strict';
/**
 * Events feeds and webhook deliveries of the code-hosting test server: `addEvent`, the hooks that
 * want an event, automatic deliveries (`emitWebhook`, unless autoDeliver is off) and GitHub
 * Hookshot-style POSTs (`sendDelivery`, signed with the hook's secret, loopback URLs only).
 *
 * Every attempt is recorded in the hook's delivery log (`h.deliveries`, served by
 * resources/hooks.js) with its outcome, as the platform records it: the response's status code,
 * or for an attempt that got no response 502 "failed to connect" (connection refused or reset;
 * the OpenAPI description's example entry) or 504 "timed out". One event delivered to several
 * hooks shares one GUID (the description: "shared with all deliveries for all webhooks that
 * subscribe to this event"); a redelivery (`opts.redelivery`) repeats the GUID, the event and the
 * body, and is logged as a new attempt with `redelivery: true`.
 */
const http = require('http');
const crypto = require('crypto');
const git = require('./git');
const shapes = require('./shapes');
const { LOGIN, isLoopbackUrl } = require('./constants');

/** Over store `s`; `baseUrl()` is the server's URL while it runs (for payloads built outside a request). */
function createWebhooks(s, options, baseUrl) {
	const { state, account, findRepo, key } = s;
	/** Deliveries still under way (`settle` waits for them). */
	const pending = new Set();
	let autoDeliver = options.autoDeliver !== false;

	function addEvent(type, actorLogin, repo, payload) {
		const owner = account(repo.owner);
		state.events.push({
			id: String(++state.counters.event),
			type,
			actor: actorLogin,
			repo: { id: repo.id, name: `${repo.owner}/${repo.name}` },
			payload: typeof payload === 'function' ? payload : () => payload,
			public: !repo.private,
			created_at: git.isoNow(),
			org: owner?.type === 'Organization' ? owner.login : undefined,
		});
	}

	function webhookBase(u) {
		return u ?? { api: baseUrl() ?? 'http://127.0.0.1', web: baseUrl() ?? 'http://127.0.0.1' };
	}

	/** Hooks of a repository (and of its organization) that want `event`. */
	function hooksFor(repo, orgLogin, event) {
		return Object.values(state.hooks).filter((h) => {
			if (!h.active) return false;
			if (!(h.events.includes(event) || h.events.includes('*'))) return false;
			if (repo && h.scope === 'repository' && h.target.toLowerCase() === key(repo.owner, repo.name)) return true;
			const org = orgLogin ?? (repo && state.orgs[repo.owner.toLowerCase()] ? repo.owner : undefined);
			return Boolean(org && h.scope === 'organization' && h.target.toLowerCase() === org.toLowerCase());
		});
	}

	/** Sends `event` to the hooks that want it. `build(hook)` returns the payload. */
	function emitWebhook(event, { repo, org, u, sender }, build) {
		if (!autoDeliver) return;
		const base = webhookBase(u);
		const guid = crypto.randomUUID();
		for (const h of hooksFor(repo, org, event)) {
			const payload = build(h);
			if (repo) payload.repository = shapes.repository(base, repo, account(repo.owner));
			const orgAccount = state.orgs[(org ?? repo?.owner ?? '').toLowerCase()];
			if (orgAccount) payload.organization = shapes.organizationSimple(base, orgAccount);
			payload.sender = shapes.simpleUser(base, account(sender ?? LOGIN));
			track(sendDelivery(h, event, payload, { guid }).catch(() => {}));
		}
	}

	function track(promise) {
		pending.add(promise);
		promise.finally(() => pending.delete(promise));
		return promise;
	}

	function signBody(secret, body) {
		return crypto.createHmac('sha256', secret).update(body).digest('hex');
	}

	/**
	 * POSTs one delivery like GitHub's Hookshot; resolves {status, body, headers, guid}.
	 * opts: signature ('valid' | 'missing' | 'wrong'), timeout (ms), guid (default: a new one),
	 * redelivery (true: logged as a redelivery), bodyText (the exact body, for redeliveries),
	 * proxyStatus (a proxy in front of the receiver answers with this status: logged as failed,
	 * nothing is sent).
	 */
	function sendDelivery(h, event, payload, opts = {}) {
		const guid = opts.guid ?? crypto.randomUUID();
		const json = JSON.stringify(payload);
		const bodyText = opts.bodyText ?? (h.config.content_type === 'form' ? `payload=${encodeURIComponent(json)}` : json);
		const body = Buffer.from(bodyText, 'utf8');
		const started = Date.now();
		const delivery = {
			id: ++state.counters.delivery,
			guid,
			event,
			action: payload?.action ?? null,
			delivered_at: git.isoNow(),
			deliveredAtMs: started,
			duration: 0,
			status_code: 0,
			status: 'pending',
			redelivery: Boolean(opts.redelivery),
			url: h.config.url,
			requestHeaders: undefined,
			requestBody: bodyText,
			payload,
			responseHeaders: {},
			responseBody: null,
		};
		h.deliveries.push(delivery);
		if (!isLoopbackUrl(h.config.url)) {
			delivery.status = 'not delivered: the test server only delivers to loopback URLs';
			h.last_response = { code: null, status: 'not_delivered', message: delivery.status };
			return Promise.reject(new Error(`refusing to deliver to ${h.config.url}: not a loopback URL`));
		}
		const headers = {
			'User-Agent': 'GitHub-Hookshot/044aadd',
			Accept: '*/*',
			'Content-Type': h.config.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
			'Content-Length': body.length,
			'X-GitHub-Event': event,
			'X-GitHub-Delivery': guid,
			'X-GitHub-Hook-ID': String(h.id),
			'X-GitHub-Hook-Installation-Target-Type': h.scope,
			'X-GitHub-Hook-Installation-Target-ID': String(h.targetId),
		};
		const signature = opts.signature ?? 'valid';
		const secret = signature === 'wrong' ? `${h.config.secret ?? ''}-wrong` : h.config.secret;
		if (signature !== 'missing' && secret) {
			headers['X-Hub-Signature'] = `sha1=${crypto.createHmac('sha1', secret).update(body).digest('hex')}`;
			headers['X-Hub-Signature-256'] = `sha256=${signBody(secret, body)}`;
		}
		delivery.requestHeaders = headers;
		if (opts.proxyStatus) {
			// a proxy in front of n8n answered (a 503 under load, say): n8n never sees the delivery
			delivery.status_code = opts.proxyStatus;
			delivery.status = `Invalid HTTP Response: ${opts.proxyStatus}`;
			delivery.responseBody = 'Service Unavailable (the proxy in front of the receiver)';
			h.last_response = { code: opts.proxyStatus, status: 'failed', message: delivery.status };
			return Promise.resolve({ status: opts.proxyStatus, body: delivery.responseBody, headers: {}, guid });
		}
		return new Promise((resolve, reject) => {
			const target = new URL(h.config.url);
			const request = http.request(
				{
					method: 'POST',
					hostname: target.hostname.replace(/^\[|\]$/g, ''),
					port: target.port || 80,
					path: `${target.pathname}${target.search}`,
					headers,
					timeout: opts.timeout ?? 30000,
					// one connection per delivery, as Hookshot does: never a kept-alive socket the receiver closed
					agent: false,
				},
				(response) => {
					const chunks = [];
					response.on('data', (chunk) => chunks.push(chunk));
					response.on('end', () => {
						const text = Buffer.concat(chunks).toString('utf8');
						delivery.duration = (Date.now() - started) / 1000;
						delivery.responseHeaders = { ...response.headers };
						delivery.responseBody = text;
						delivery.status_code = response.statusCode;
						delivery.status = response.statusCode < 300 ? 'OK' : `Invalid HTTP Response: ${response.statusCode}`;
						h.last_response = { code: response.statusCode, status: response.statusCode < 300 ? 'active' : 'failed', message: delivery.status };
						resolve({ status: response.statusCode, body: text, headers: response.headers, guid });
					});
					response.on('error', reject);
				},
			);
			request.on('timeout', () => request.destroy(new Error('delivery timed out')));
			request.on('error', (error) => {
				// no response: the platform logs a connection failure as 502, a timeout as 504
				const timedOut = /timed out/.test(error.message);
				delivery.duration = (Date.now() - started) / 1000;
				delivery.status_code = timedOut ? 504 : 502;
				delivery.status = timedOut ? 'timed out' : 'failed to connect';
				h.last_response = { code: null, status: 'failed', message: error.message };
				reject(error);
			});
			request.end(body);
		});
	}

	function pingPayload(h, u) {
		const base = webhookBase(u);
		const payload = {
			zen: 'Keep it logically awesome.',
			hook_id: h.id,
			hook: { ...shapes.hook(base, h) },
		};
		if (h.scope === 'repository') {
			const repo = findRepo(...h.target.split('/'));
			if (repo) payload.repository = shapes.repository(base, repo, account(repo.owner));
		} else {
			const org = state.orgs[h.target.toLowerCase()];
			if (org) payload.organization = shapes.organizationSimple(base, org);
		}
		payload.sender = shapes.simpleUser(base, account(h.creator ?? LOGIN));
		return payload;
	}

	return {
		pending,
		addEvent,
		emitWebhook,
		track,
		sendDelivery,
		pingPayload,
		isAutoDeliver: () => autoDeliver,
		setAutoDeliver(value) {
			autoDeliver = Boolean(value);
		},
	};
}

module.exports = { createWebhooks };
