'use strict';
// n8n's AI Agent with the OpenAI Chat Model pointed at the scripted stand-in (test/servers/openai,
// model "scripted-tools"): the model calls Governance (Access → Ensure), Code Hosting (Issue →
// Get) and Client Info (Client → Get Many) as tools, one per turn, with `$fromAI()` arguments,
// then Access → Ensure again with the same input; each tool's call reaches its platform stand-in
// and its output comes back to the model; the repeated ensure is "unchanged" and writes nothing.
// ("Grant Access" has Mode: Apply, the builder's choice: at its default a tool only plans.)
const MODEL = 'scripted-tools';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's AI Agent calls the three nodes as tools: the tool wrapper ($fromAI, the tool's output handed back) is n8n's and changed between versions",
	servers: ['openai', 'governance', 'codehosting', 'clientinfo'],
	check({ assert, items, runData, openai, governance, codehosting, clientinfo }) {
		const script = openai.constants.SCRIPTS[MODEL];
		const [answer] = items('AI Agent');
		assert.equal(answer.output, script.at(-1).text, 'the agent returns the final text of the script');

		// the model was asked once per turn, offered the three nodes as tools with typed parameters
		const completions = openai.server.completions.filter((c) => c.model === MODEL);
		assert.deepEqual(completions.map((c) => c.turn), [0, 1, 2, 3, 4]);
		const request = JSON.parse(openai.requests.find((r) => r.path === '/v1/chat/completions').body);
		const offered = Object.fromEntries(request.tools.map((t) => [t.function.name, t.function]));
		assert.deepEqual(Object.keys(offered).sort(), ['Get_Issue', 'Grant_Access', 'List_Clients']);
		assert.deepEqual(Object.keys(offered.Grant_Access.parameters.properties).sort(), ['email', 'role']);
		assert.equal(offered.Get_Issue.parameters.properties.issue_number.type, 'number');
		assert.equal(offered.List_Clients.parameters.properties.limit.type, 'number');
		for (const fn of Object.values(offered)) assert.ok(fn.description, `tool ${fn.name} has a description`);

		// each tool node ran as a tool: Grant Access twice, the others once
		for (const [name, runs] of [['Grant Access', 2], ['Get Issue', 1], ['List Clients', 1]]) {
			assert.equal(runData[name]?.length, runs, `tool node "${name}" ran ${runs} time(s)`);
			for (const run of runData[name]) assert.ok(!run.error, `tool node "${name}" failed: ${run.error?.message}`);
		}

		// the platform stand-ins got the calls: one write in all (the invite), reads around it
		const writes = governance.requests.filter((r) => /\/(create|delete|update)$/.test(r.path));
		assert.deepEqual(writes.map((r) => r.path), ['/latest/auth/invite/create'], 'the only governance write is the invite');
		assert.deepEqual(JSON.parse(writes[0].body), {
			email: 'agent.invitee@example.com',
			permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
		});
		const inviteCodes = Object.keys(governance.state.invites).filter((code) => governance.state.invites[code].email === 'agent.invitee@example.com');
		assert.equal(inviteCodes.length, 1, 'one pending invite for the email on the governance server');
		assert.deepEqual(codehosting.requests.map((r) => `${r.method} ${r.path}`), ['GET /repos/octo-user/hello-world/issues/1']);
		const clientCalls = clientinfo.server.apiRequests();
		assert.deepEqual(clientCalls.map((r) => `${r.method} ${r.path}`), [`GET ${clientinfo.constants.API}/clients`]);
		assert.equal(clientCalls[0].query.limit, '5');

		// the model received every tool's output, none an error
		const results = openai.server.toolResults(MODEL);
		assert.deepEqual(results.map((r) => r.tool), ['Grant_Access', 'Get_Issue', 'List_Clients', 'Grant_Access']);
		for (const r of results) assert.equal(r.error, false, `tool ${r.tool} reported an error: ${r.content.slice(0, 300)}`);
		const [[invited], issue, clients, [again]] = results.map((r) => r.json);
		assert.equal(invited.email, 'agent.invitee@example.com');
		assert.equal(invited.action, 'invited');
		assert.equal(invited.inviteId, inviteCodes[0]);
		assert.equal(invited.accepted, false);
		assert.equal(again.action, 'unchanged', 'the repeated ensure changes nothing');
		assert.equal(again.inviteId, inviteCodes[0]);
		assert.equal(issue[0].number, 1);
		assert.equal(issue[0].title, 'Found a bug 1');
		// a tool's answer is simplified unless the builder says otherwise (Options → Simplify)
		assert.deepEqual(Object.keys(issue[0]).sort(), ['assignees', 'author', 'body', 'comments', 'labels', 'number', 'state', 'title', 'url'], 'Issue → Get answered the model simplified');
		assert.ok(clients.length >= 1 && clients.length <= 5, `1..5 clients, got ${clients.length}`);
		assert.ok(clients.every((c) => c.id && c.email), 'client records');
	},
};
