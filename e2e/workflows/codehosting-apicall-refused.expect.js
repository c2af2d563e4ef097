'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
// Code Hosting → API Call with an absolute URL: the execution fails with a clear error before any
// request is sent (the token never leaves for another host).
module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	expectError: /Endpoint "https:\/\/evil\.example\.com\/repos\/octo-user\/hello-world" is not allowed: absolute URLs are not accepted/,
	check({ assert, run, runData, codehosting: { requests } }) {
		assert.equal(run.data.resultData.lastNodeExecuted, 'API Call Absolute URL');
		const error = runData['API Call Absolute URL'][0].error;
		assert.match(String(error.description), /path of the API such as \/repos\/OWNER\/REPO\/issues/);
		assert.equal(requests.length, 0, 'no request sent');
	},
};
