'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// Workflow → Dispatch and Wait against the stand-in's Enterprise Server form (/api/v3): the
// dispatch is answered 204 without run details and the platform creates the run 2 s later. Another
// dispatch of the same workflow on the same branch (target production) happens 1.5 s before, then
// 4.5 s before, ours (target staging), as two overlapping executions would. Each Dispatch and Wait
// returns its own run (the workflow's run-name shows the target), never the other dispatch's.
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	check({ assert, items, codehosting: { server, requests } }) {
		const hello = server.repo('octo-user', 'hello-world');
		const dispatches = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/actions/workflows/161336/dispatches'));
		assert.equal(dispatches.length, 4, 'four dispatches');
		for (const d of dispatches) {
			assert.equal(d.rawPath.startsWith('/api/v3/'), true, 'on the Enterprise form');
			assert.ok(!('return_run_details' in JSON.parse(d.body)), 'return_run_details is not sent to Enterprise Server');
		}
		for (const name of ['Dispatch And Wait Staging', 'Dispatch And Wait Staging Again']) {
			const [run] = items(name);
			assert.equal(run.status, 'completed', `${name}: completed`);
			assert.equal(run.display_title, 'Deploy staging', `${name}: its own run (run name shows its input), not the production dispatch's`);
			assert.deepEqual(hello.runs.get(run.id).inputs, { target: 'staging' });
		}
		const [first] = items('Dispatch And Wait Staging');
		const [second] = items('Dispatch And Wait Staging Again');
		assert.notEqual(first.id, second.id, 'two different runs');
		// Before each Dispatch and Wait, the workflow's runs on main were read (none of them is picked).
		const paths = requests.map((r) => `${r.method} ${r.path}`);
		const firstWait = paths.indexOf('POST /repos/octo-user/hello-world/actions/workflows/161336/dispatches', paths.indexOf('POST /repos/octo-user/hello-world/actions/workflows/161336/dispatches') + 1);
		assert.equal(paths[firstWait - 2], 'GET /repos/octo-user/hello-world/actions/workflows/161336/runs', 'the runs are read before the dispatch');
		assert.equal(paths[firstWait - 1], 'GET /user', "the token's login (the run's actor) is read before the dispatch");
	},
};
