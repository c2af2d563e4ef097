'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
/*
 * Code Hosting → Workflow Get (by file name), Get Usage, Dispatch and Wait (the run it started
 * is read until the server's lifecycle takes it queued → in_progress → completed), a Run ID of 0
 * refused with no request (On Error: continue), Get Many (one item per workflow).
 */
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, requests, constants } }) {
		const hello = server.repo('octo-user', 'hello-world');
		for (const r of requests) assert.equal(r.headers.authorization, `Bearer ${constants.TOKEN}`);

		const [workflow] = items('Get Workflow');
		assert.equal(workflow.id, 161335);
		assert.equal(workflow.path, '.github/workflows/ci.yml');

		const [usage] = items('Get Usage');
		assert.deepEqual(usage, { workflow: 'ci.yml', billable: { UBUNTU: { total_ms: 120000 }, MACOS: { total_ms: 0 }, WINDOWS: { total_ms: 0 } } });

		const [run] = items('Dispatch And Wait');
		assert.equal(run.status, 'completed');
		assert.equal(run.conclusion, 'success');
		assert.equal(run.event, 'workflow_dispatch');
		assert.equal(run.workflow_id, 161336);
		const stored = hello.runs.get(run.id);
		assert.deepEqual(stored.inputs, { target: 'staging' });
		const dispatch = requests.find((r) => r.method === 'POST');
		assert.equal(dispatch.path, '/repos/octo-user/hello-world/actions/workflows/161336/dispatches');
		assert.deepEqual(JSON.parse(dispatch.body), { ref: 'main', inputs: { target: 'staging' }, return_run_details: true });
		const reads = requests.filter((r) => r.path === `/repos/octo-user/hello-world/actions/runs/${run.id}`);
		assert.equal(reads.length, 2, 'read until completed: in_progress, then completed');

		const [refused] = items('Run ID 0');
		assert.equal(refused.error, 'Run ID must be a whole number of at least 1');
		assert.ok(!requests.some((r) => r.path.endsWith('/actions/runs/0')), 'no request for run 0');

		assert.deepEqual(items('List Workflows').map((w) => w.name), ['CI', 'Deploy', 'Nightly']);
	},
};
