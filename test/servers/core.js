'use strict';
/**
 * The small core the local platform servers share: the request log, fault injection (`failNext`),
 * path routing by method and a JSON body reader. Each server keeps its own error shapes and
 * status codes; the core only finds things and hands them back.
 */
const { listen, readBody, sendJson } = require('./http-util');

/**
 * The entry a server keeps in its `requests` log for each request: {method, path, rawPath, query,
 * headers, body (text, undefined when empty), at (ms, when it arrived), ...extra}.
 */
function recordRequest(requests, req, raw, { path, rawPath, query }, extra = {}) {
	const record = {
		method: req.method,
		path,
		rawPath,
		query,
		headers: req.headers,
		body: raw.length ? raw.toString('utf8') : undefined,
		at: Date.now(),
		...extra,
	};
	requests.push(record);
	return record;
}

/**
 * Faults injected with `failNext({method, path (string|RegExp), status, body, headers, times (1),
 * drop})`. `take(method, path)` returns the first fault that still applies to the request (and
 * counts it down), or undefined. `upperCaseMethod` compares the fault's method in upper case.
 */
function createFaults({ upperCaseMethod = false } = {}) {
	const faults = [];
	return {
		faults,
		failNext(fault) {
			faults.push({ times: 1, ...fault });
		},
		take(method, path) {
			const fault = faults.find(
				(entry) =>
					entry.times > 0 &&
					(!entry.method || (upperCaseMethod ? entry.method.toUpperCase() : entry.method) === method) &&
					(typeof entry.path === 'string' ? entry.path === path : entry.path.test(path)),
			);
			if (fault) fault.times--;
			return fault;
		},
	};
}

/** Answers a request with `fault`: drops the connection, or calls `send(fault)`. */
function replyFault(req, fault, send) {
	if (fault.drop) {
		req.socket.destroy();
		return;
	}
	send(fault);
}

/**
 * Routing over a table of {method, pattern: RegExp, ...}: `match(method, path)` returns {route},
 * or {status: 404} when no pattern fits the path, or {status: 405} when patterns fit but none for
 * this method; `params(route, path)` gives the pattern's groups, URI-decoded.
 */
function createRouter(routes) {
	return {
		routes,
		match(method, path) {
			const candidates = routes.filter((route) => route.pattern.test(path));
			if (candidates.length === 0) return { status: 404 };
			const route = candidates.find((entry) => entry.method === method);
			if (!route) return { status: 405 };
			return { route };
		},
		params(route, path) {
			return route.pattern.exec(path).slice(1).map(decodeURIComponent);
		},
	};
}

/**
 * Reads a JSON request body: {body} (undefined when empty), or {problem: 'content-type', type}
 * when the Content-Type is not application/json, or {problem: 'json', message} when it does not parse.
 */
function jsonBody(req, raw) {
	const type = req.headers['content-type'] ?? '';
	if (!/^application\/json\b/.test(type)) return { problem: 'content-type', type };
	try {
		return { body: raw.length ? JSON.parse(raw.toString('utf8')) : undefined };
	} catch (error) {
		return { problem: 'json', message: error.message };
	}
}

/** The start/stop/resetRequests part of every server object (`this.url` is set on start). */
function lifecycle(handle, { requests, options = {}, beforeStart }) {
	let running;
	return {
		async start(port = options.port ?? 0) {
			if (beforeStart) beforeStart();
			running = await listen(handle, port);
			this.url = running.url;
			return { url: running.url };
		},
		async stop() {
			if (running) await running.close();
			running = undefined;
		},
		resetRequests() {
			requests.length = 0;
		},
	};
}

module.exports = {
	listen,
	readBody,
	sendJson,
	recordRequest,
	createFaults,
	replyFault,
	createRouter,
	jsonBody,
	lifecycle,
};
