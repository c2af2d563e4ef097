#!/usr/bin/env node
'use strict';
/*
 * Prints the table of e2e/README.md's "What runs where" from the scenarios' own declarations
 * (everyVersion / oldestAndNewest in each expect.js, and the examples' approval scenarios):
 * `node e2e/matrix-table.js`. test/package/e2eMatrix.test.ts fails when the README's copy differs.
 */
const { loadWorkflows, loadExamples, webhookVariant } = require('./workflow-checks');
const { exampleScenarios } = require('./example-live');
const { table } = require('./lib/matrix');

/** Every scenario of a full run: the e2e workflows (also those run only when named) and the examples' approvals. */
function scenarios() {
	return [...loadWorkflows(undefined, { all: true }), ...exampleScenarios(loadExamples(), { webhookVariant })];
}

if (require.main === module) console.log(table(scenarios()));

module.exports = { scenarios };
