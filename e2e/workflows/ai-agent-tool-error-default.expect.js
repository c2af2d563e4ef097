'use strict';
// ai-agent-bad-input with the tool nodes on n8n's default error handling (no On Error setting):
// n8n 2.38.7 hands a failing tool node's error to the model as the tool result and the agent
// goes on; the same checks apply.
const { checkBadInput } = require('./ai-agent-bad-input.expect');

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's default error handling of a failing tool node changed in 2.38 (skipped before it)",
	servers: ['openai', 'governance', 'codehosting', 'clientinfo'],
	skip(version) {
		const [major, minor] = version.split('.').map(Number);
		if (major < 2 || (major === 2 && minor < 38)) {
			return 'this n8n stops the execution when a tool node fails unless the node is set to On Error → Continue (covered by ai-agent-bad-input)';
		}
		return undefined;
	},
	check: (ctx) => checkBadInput(ctx, { nodeContinues: false }),
};
