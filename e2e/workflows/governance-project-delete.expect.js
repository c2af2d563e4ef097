'use strict';
// Project → Delete stops the execution with a clear error and sends no request.
module.exports = {
	servers: ['governance'],
	expectError: /Deleting a project is not available yet/,
	check({ assert, run, governance: { state, requests, constants } }) {
		assert.equal(run.data.resultData.lastNodeExecuted, 'Delete Project');
		assert.equal(requests.length, 0, 'no request sent');
		assert.ok(state.projects[constants.PROJECT_ID], 'project still there');
	},
};
