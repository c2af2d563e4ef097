'use strict';
/*
 * What runs where (e2e/README.md, "What runs where"). Every scenario runs in full on the oldest and
 * the newest pinned n8n. On the versions between them only the scenarios whose behaviour depends on
 * n8n's version run: each scenario says which it is, with the reason, as one of
 *   everyVersion: 'why its behaviour depends on the n8n version'
 *   oldestAndNewest: 'why the versions between them add nothing'
 * `--full` runs every scenario on every version asked for (the nightly matrix).
 */
const { VERSIONS } = require('./runtime');

/**
 * Why a workflow of the node's operations (a Manual Trigger workflow, run through its Webhook
 * variant) runs on the oldest and the newest n8n only.
 */
const NODE_OPERATIONS =
	"the node's own requests and output; n8n's part (the request helpers with the credential, paired items, binary data, the Webhook trigger, a worker running it) keeps one contract from the oldest to the newest n8n, so the versions between add nothing";

/** Compares two n8n versions (x.y.z) by number. */
function byVersion(a, b) {
	const pa = a.split('.').map(Number);
	const pb = b.split('.').map(Number);
	for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
		const d = (pa[i] ?? 0) - (pb[i] ?? 0);
		if (d !== 0) return d;
	}
	return 0;
}

const ORDERED = Object.keys(VERSIONS).sort(byVersion);
/** The oldest and the newest pinned n8n: everything runs on them. */
const BOUNDS = [ORDERED[0], ORDERED[ORDERED.length - 1]];

/**
 * A scenario's declaration: { every: true|false, why }. Throws unless it says exactly one of
 * everyVersion / oldestAndNewest, with a reason.
 */
function declaration(name, expectation) {
	const every = expectation.everyVersion;
	const bounds = expectation.oldestAndNewest;
	const said = [every, bounds].filter((v) => v !== undefined);
	if (said.length !== 1 || typeof said[0] !== 'string' || said[0].trim().length < 10) {
		throw new Error(
			`${name}: say where it runs, with the reason: everyVersion: 'why its behaviour depends on the n8n version' or oldestAndNewest: 'why the versions between add nothing' (e2e/README.md, "What runs where")`,
		);
	}
	return every !== undefined ? { every: true, why: every } : { every: false, why: bounds };
}

/**
 * Whether what runs on the oldest and the newest only (the oldestAndNewest scenarios, the examples
 * with `n8n execute`, the registry phase) runs on `version` in a run of `versions`: always with
 * --full, on the bounds, and on every version of a run that tests neither bound (so that nothing
 * asked for is left out: `--n8n 2.8.4` alone runs everything). `matrix` (--matrix all) names the
 * versions of the whole run when this process runs one share of it (a CI job per version).
 */
function boundsRunOn(version, { full = false, versions = [], matrix } = {}) {
	const run = matrix ?? versions;
	return full || BOUNDS.includes(version) || !run.some((v) => BOUNDS.includes(v));
}

/** Whether the scenario `entry` ({base, expectation}) runs on `version` in this run. */
function scenarioRunsOn(entry, version, opts) {
	const { every } = declaration(entry.base, entry.expectation);
	return every || boundsRunOn(version, opts);
}

/** The markdown table of e2e/README.md's "What runs where", from the declarations of `entries`. */
function table(entries) {
	const cell = (text) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
	const rows = entries.map((entry) => {
		const { every, why } = declaration(entry.base, entry.expectation);
		return `| ${entry.base} | ${every ? 'every version' : `${BOUNDS.join(' and ')}`} | ${cell(why)} |`;
	});
	return ['| scenario | runs on | why |', '|---|---|---|', ...rows].join('\n');
}

module.exports = { NODE_OPERATIONS, BOUNDS, ORDERED, byVersion, declaration, boundsRunOn, scenarioRunsOn, table };
