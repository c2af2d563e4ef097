'use strict';
/*
 * jest's test order: the files that take longest start first, then jest's own order (the failed and
 * the slow of its last run, from its cache; else the largest file first). A fresh clone has no cache,
 * and by size test/package/pack.test.ts (npm pack, n8n's scanner: ~45 s alone, ~120 s beside the
 * runtime installs of `npm run test:all`) started last and was the tail of the run.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** The slowest files of a measured run, slowest first (paths below test/). */
const SLOWEST = [
	'package/pack.test.ts',
	'codehosting/defaults.test.ts',
	'package/release.test.ts',
	'clientinfo/trigger.catchUp.test.ts',
	'codehosting/trigger.recoveryFlow.test.ts',
	'codehosting/trigger.lifecycle.test.ts',
	'codehosting/workflow.test.ts',
	'clientinfo/trigger.test.ts',
	'clientinfo/pacing.test.ts',
	'codehosting/trigger.recoverySchedule.test.ts',
	'codehosting/trigger.deliveries.test.ts',
	'package/runtime.test.ts',
	'shared/retry.test.ts',
];

class SlowFirst extends Sequencer {
	sort(tests) {
		const rank = (test) => {
			const path = test.path.replace(/\\/g, '/');
			const i = SLOWEST.findIndex((file) => path.endsWith(`/test/${file}`));
			return i < 0 ? SLOWEST.length : i;
		};
		// Array.prototype.sort is stable: the rest keep jest's order
		return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = SlowFirst;
module.exports.SLOWEST = SLOWEST;
