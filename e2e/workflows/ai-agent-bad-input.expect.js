'use strict';
// n8n's AI Agent with the scripted OpenAI stand-in (model "scripted-bad-input"): the model sends a
// malformed email to Governance (Access → Ensure) and issue number 0 to Code Hosting (Issue →
// Get) in one turn. Each node refuses the input before any request: the errors come back to the
// model as the tool results, the platform stand-ins see no request, and the agent still answers.
// The tool nodes are set to On Error → Continue, so the node's own error item ({error,
// errorDescription}) is the tool result: n8n 2.8.4 and 1.123.81 stop the whole execution on a
// failing tool node otherwise (2.38.7 hands the error to the model by itself:
// ai-agent-tool-error-default).
const MODEL = 'scripted-bad-input';

/** The checks of both bad-input workflows; `nodeContinues`: the tool nodes continue on error. */
function checkBadInput({ assert, items, openai, governance, codehosting, clientinfo }, { nodeContinues }) {
	const script = openai.constants.SCRIPTS[MODEL];
	const [answer] = items('AI Agent');
	assert.equal(answer.output, script.at(-1).text);
	assert.deepEqual(openai.server.completions.filter((c) => c.model === MODEL).map((c) => c.turn), [0, 1]);

	const results = openai.server.toolResults(MODEL);
	assert.deepEqual(results.map((r) => r.tool).sort(), ['Get_Issue', 'Grant_Access']);
	const byTool = Object.fromEntries(results.map((r) => [r.tool, r]));
	for (const r of results) assert.equal(r.error, true, `tool ${r.tool} should have reported an error: ${r.content.slice(0, 300)}`);
	assert.match(byTool.Grant_Access.json[0].error, /email/i);
	assert.match(byTool.Get_Issue.json[0].error, /Issue Number must be a whole number of at least 1/);
	if (nodeContinues) assert.match(String(byTool.Get_Issue.json[0].errorDescription), /"0"/, 'the node\'s own error item');

	// refused before sending anything
	assert.equal(governance.requests.length, 0, 'no request to the governance server');
	assert.equal(codehosting.requests.length, 0, 'no request to the code-hosting server');
	assert.equal(clientinfo.requests.length, 0, 'no request to the client-information server');
}

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's AI Agent runs the tool nodes: how a failing tool's error reaches the model changed between versions (1.123.81 and 2.8.4 stop the execution unless On Error is set)",
	servers: ['openai', 'governance', 'codehosting', 'clientinfo'],
	check: (ctx) => checkBadInput(ctx, { nodeContinues: true }),
	checkBadInput,
};
