'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// Project → Delete stops the execution with a clear error and sends no request.
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['governance'],
	expectError: /Deleting a project is not available yet/,
	check({ assert, run, governance: { state, requests, constants } }) {
		assert.equal(run.data.resultData.lastNodeExecuted, 'Delete Project');
		assert.equal(requests.length, 0, 'no request sent');
		assert.ok(state.projects[constants.PROJECT_ID], 'project still there');
	},
};
