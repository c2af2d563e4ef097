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
	const failed = results.filter((r) => !r.ok);
	if (failed.length) {
		console.log('failed:');
		for (const r of failed) console.log(`  - ${r.name}`);
	}
	console.log(`e2e: ${results.length - failed.length} passed, ${failed.length} failed`);
	process.exitCode = failed.length ? 1 : 0;
}

module.exports = { results, log, test, indent, summary };
