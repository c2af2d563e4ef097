'use strict';
// The e2e runner's results: each check is a named test; the summary closes with "e2e: N passed, N failed".
const results = [];
function log(message) {
	console.log(`[e2e] ${message}`);
}
async function test(name, fn) {
	const started = Date.now();
	try {
		const value = await fn();
		const ms = Date.now() - started;
		results.push({ name, ok: true, ms });
		console.log(`ok   ${name} (${(ms / 1000).toFixed(1)} s)`);
		return value;
	} catch (error) {
		const ms = Date.now() - started;
		results.push({ name, ok: false, ms, error });
		console.log(`FAIL ${name} (${(ms / 1000).toFixed(1)} s)`);
		let detail = String(error && error.stack ? error.stack : error);
		if (error && error.code === 'ERR_ASSERTION' && error.generatedMessage === false) {
			const show = (v) => (typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v, null, 1)?.slice(0, 1500));
			detail = `${detail}\nactual:   ${show(error.actual)}\nexpected: ${show(error.expected)}`;
		}
		console.log(indent(detail.slice(0, 8000)));
		return undefined;
	}
}
/**
 * `test(name, fn)` `rounds` times in a row (--repeat N), each round a test of its own named
 * "NAME (round k/N)"; the summary then prints how many rounds of each passed.
 */
async function repeated(rounds, name, fn, run = test) {
	if (rounds <= 1) return run(name, () => fn(1));
	let last;
	for (let round = 1; round <= rounds; round++) {
		const value = await run(`${name} (round ${round}/${rounds})`, () => fn(round));
		if (value !== undefined) last = value;
	}
	return last;
}

function indent(text) {
	return text.replace(/^/gm, '     ');
}

function summary(timings, started) {
	const sec = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(0)} s`);
	for (const t of timings) {
		log(
			`timing n8n ${t.version}: install ${t.reused ? `cached${t.waitedMs > 1000 ? ` (waited ${sec(t.waitedMs)})` : ''}` : sec(t.installMs)}, n8n execute ${sec(t.cliMs)}, regular mode ${sec(t.regularMs)}, queue mode ${sec(t.queueMs)}, registry ${sec(t.registryMs)}, total ${sec(t.totalMs)}`,
		);
	}
	log(`total ${sec(Date.now() - started)}`);
	// --repeat: rounds passed per check
	const rounds = new Map();
	for (const r of results) {
		const m = / \(round (\d+)\/(\d+)\)$/.exec(r.name);
		if (!m) continue;
		const name = r.name.slice(0, m.index);
		const entry = rounds.get(name) ?? { passed: 0, ran: 0 };
		entry.ran++;
		if (r.ok) entry.passed++;
		rounds.set(name, entry);
	}
	for (const [name, { passed, ran }] of rounds) log(`repeat: ${passed}/${ran} rounds passed: ${name}`);
	const failed = results.filter((r) => !r.ok);
	if (failed.length) {
		console.log('failed:');
		for (const r of failed) console.log(`  - ${r.name}`);
	}
	console.log(`e2e: ${results.length - failed.length} passed, ${failed.length} failed`);
	process.exitCode = failed.length ? 1 : 0;
}

module.exports = { results, log, test, repeated, indent, summary };
