'use strict';
// Small helpers shared by the local platform servers under test/servers/.
const http = require('http');

/** Reads the whole request body as a Buffer. */
function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function sendJson(res, status, body, headers = {}) {
	const text = body === undefined ? '' : JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}

/**
 * Starts an HTTP server on 127.0.0.1 (port 0 = any free port) with `handler(req, res)`;
 * resolves to { server, url }.
 */
function listen(handler, port = 0) {
	const server = http.createServer((req, res) => {
		Promise.resolve(handler(req, res)).catch((error) => {
			if (!res.headersSent) sendJson(res, 500, { message: `test server error: ${error.message}` });
			else res.end();
		});
	});
	const sockets = new Set();
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const address = server.address();
			resolve({
				server,
				url: `http://127.0.0.1:${address.port}`,
				close: () =>
					new Promise((done) => {
						for (const socket of sockets) socket.destroy();
						server.close(() => done());
					}),
			});
		});
	});
}

module.exports = { readBody, sendJson, listen };
