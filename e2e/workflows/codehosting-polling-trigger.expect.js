'use strict';
/*
 * Code Hosting Polling Trigger (New Gist) in a running n8n (regular mode, then queue mode where
 * the execution runs on the worker). n8n polls once when it activates the workflow, then every
 * minute; to stay deterministic the workflow is imported with the static data of an earlier poll
 * (the two seeded gists seen) and a third gist is added before n8n starts, so the activation poll
 * reports exactly that gist.
 */
const NEW_GIST = 'cc5a315d61ae9438b18f';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's poll at activation and the static data it keeps between polls differ by version",
	servers: ['codehosting'],
	/** Before n8n starts (servers fresh): a gist the remembered state has not seen. */
	prepare({ codehosting: { server } }) {
		server.addGist('octo-user', { id: NEW_GIST, description: 'New gist for the polling trigger', files: { 'new.md': '# New\n' } });
	},
	async live({ assert, codehosting, waitForExecution, checkExecution, deactivate }) {
		const { requests, constants } = codehosting;
		// the activation poll's execution (it ran while n8n started)
		const execution = await waitForExecution(0);
		checkExecution(execution, ({ items }) => {
			const out = items('Code Hosting Polling Trigger');
			assert.deepEqual(out.map((g) => g.id), [NEW_GIST], 'only the gist not seen before');
			assert.equal(out[0].event, 'newGist');
			assert.equal(out[0].description, 'New gist for the polling trigger');
			assert.ok(out[0].files['new.md'], 'the gist with its files');
			assert.equal(items('Received').length, 1, 'the next node ran');
		});
		const polls = requests.filter((r) => r.method === 'GET' && r.path === '/gists');
		assert.ok(polls.length >= 1, 'n8n polled GET /gists');
		for (const poll of polls) {
			assert.equal(poll.headers.authorization, `Bearer ${constants.TOKEN}`);
			assert.equal(poll.query.per_page, '100');
		}

		await deactivate();
	},
};
