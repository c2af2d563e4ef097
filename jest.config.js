const os = require('os');

/**
 * Workers: twice the cores on a small machine (at most 4 there), the cores on a larger one. About
 * half of the suite's time is waiting (for a stand-in's answer, a trigger's timer, a child process):
 * on 2 cores, 4 workers took 152 s where 2 took 225 s and jest's default (cores - 1: one) 474 s,
 * for 261 s of CPU. Each worker holds ~1.1 GB (n8n-core and n8n-workflow in its module registry).
 */
const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;

/** @type {import('jest').Config} */
module.exports = {
	maxWorkers: Math.min(cores * 2, Math.max(4, cores)),
	// the slowest files first (a fresh clone has no timings of an earlier run): test/helpers/slowFirst.js
	testSequencer: '<rootDir>/test/helpers/slowFirst.js',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	testTimeout: 30000,
	// background loops of triggers end with the test that started them
	setupFilesAfterEnv: ['<rootDir>/test/helpers/noLeftoverLoops.ts'],
	// n8n-core's HTTP agents keep idle sockets open after the last request.
	forceExit: true,
};
