'use strict';
/*
 * A round-robin reverse proxy in front of n8n's webhook processes (queue mode's documented scaling
 * set-up: a load balancer sends /webhook/… to `n8n webhook` processes). Each request goes to the
 * next target in turn, whole (method, path, headers, body), and its answer comes back unchanged;
 * a target that refuses the connection is answered 502, as a proxy does. `sent` counts the
 * requests per target, `log` lists them ({target, path, status}). `pinned` (a RegExp of paths)
 * sends those to the first target only, outside the turn: what n8n's docs ask of MCP's /mcp… paths.
 */
const http = require('http');

async function startRoundRobinProxy(port, targets, { pinned } = {}) {
	const sent = targets.map(() => 0);
	const log = [];
	let next = 0;
	const server = http.createServer((req, res) => {
		const pin = pinned?.test(req.url ?? '');
		const index = pin ? 0 : next;
		if (!pin) next = (next + 1) % targets.length;
		sent[index]++;
		const entry = { target: index, path: req.url, status: 0 };
		log.push(entry);
		const upstream = http.request(
			{ host: '127.0.0.1', port: targets[index], method: req.method, path: req.url, headers: req.headers, agent: false },
			(answer) => {
				entry.status = answer.statusCode;
				res.writeHead(answer.statusCode, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', (error) => {
			entry.status = 502;
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`proxy: target ${index} (port ${targets[index]}): ${error.message}`);
		});
		req.pipe(upstream);
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', resolve);
	});
	return {
		url: `http://127.0.0.1:${port}/`,
		sent,
		log,
		stop: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

module.exports = { startRoundRobinProxy };
