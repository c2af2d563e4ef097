'use strict';
/*
 * How many requests a node has on the wire at once, and a way to allow only one.
 *
 * n8n-core gives every request its own http.Agent (http-proxy.js createHttpProxyAgent), and every
 * agent hands its request to a socket through Agent.prototype.addRequest. Wrapping that one method
 * counts the requests in flight (from the hand-over until its answer has been read) and, when
 * `oneAtATime` is on, holds each request until the answer of the one before it has been read: the request is built
 * and written to its buffer as usual, only its socket waits. That is the only way to have n8n's
 * HTTP Request node send one request at a time: its Batching option sleeps only when the interval
 * is above 0 (HttpRequestV3.node.js: `if (itemIndex > 0 && batchSize >= 0 && batchInterval > 0)`),
 * and it starts every item's request before awaiting any (`Promise.allSettled(requestPromises)`).
 */
const http = require('http');
const { setTimeout: sleep } = require('timers/promises');

const state = { oneAtATime: false, active: 0, max: 0, queue: [] };
const original = http.Agent.prototype.addRequest;

http.Agent.prototype.addRequest = function addRequest(req, options) {
	const start = () => {
		state.active++;
		state.max = Math.max(state.max, state.active);
		// Done when its answer has been read to the end (or the request closed without one).
		let done = false;
		const finish = () => {
			if (done) return;
			done = true;
			state.active--;
			const next = state.queue.shift();
			if (next) next();
		};
		req.once('response', (res) => res.once('end', finish));
		req.once('close', finish);
		original.call(this, req, options);
	};
	if (state.oneAtATime && state.active > 0) state.queue.push(start);
	else start();
};

/** Runs `run` with at most one request in flight when `oneAtATime`; answers its result and the most requests seen in flight at once. */
async function measureInFlight(run, { oneAtATime = false } = {}) {
	// The last request of an earlier run may close just after its answer was handed over.
	for (let waited = 0; state.active !== 0 || state.queue.length !== 0; waited++) {
		if (waited > 1000) throw new Error('requests still in flight from an earlier run');
		await sleep(1);
	}
	state.oneAtATime = oneAtATime;
	state.max = 0;
	try {
		const result = await run();
		return { result, maxInFlight: state.max };
	} finally {
		state.oneAtATime = false;
	}
}

module.exports = { measureInFlight };
