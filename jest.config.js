/** @type {import('jest').Config} */
module.exports = {
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
