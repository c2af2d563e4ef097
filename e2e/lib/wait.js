'use strict';
/*
 * Waiting on state, never on time (issue 26): a step that needs n8n, a worker or a stand-in to have
 * done something polls for that state with a generous deadline, and a deadline that runs out says
 * which state was waited for and what was last seen. Machines here and in CI are shared and noisy:
 * the deadline only fails a run that is truly stuck.
 */
const { setTimeout: sleep } = require('timers/promises');

/** The default deadline: generous, for a busy 2-core machine (a run that needs it is stuck). */
const DEADLINE_MS = 180_000;

function show(value) {
	if (value === undefined) return 'nothing';
	try {
		const text = typeof value === 'string' ? value : JSON.stringify(value);
		return text.length > 600 ? `${text.slice(0, 600)}…` : text;
	} catch {
		return String(value);
	}
}

/**
 * Calls `probe()` until `done(value)` holds (default: the value is truthy) and resolves to that
 * value. A probe that throws is tried again (its last error is reported). After `timeoutMs` it
 * throws `waited N s for <what>; last seen: <describe(value)>`.
 */
async function waitUntil(what, probe, { timeoutMs = DEADLINE_MS, intervalMs = 250, done = Boolean, describe = show } = {}) {
	const started = Date.now();
	let value;
	let lastError;
	for (;;) {
		try {
			value = await probe();
			lastError = undefined;
			if (done(value)) return value;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() - started >= timeoutMs) {
			const seen = lastError ? `the probe failed: ${lastError.message}` : `last seen: ${describe(value)}`;
			throw new Error(`waited ${Math.round(timeoutMs / 1000)} s for ${what}; ${seen}`);
		}
		await sleep(intervalMs);
	}
}

module.exports = { waitUntil, DEADLINE_MS };
