'use strict';
// n8n's AI Agent with the OpenAI Chat Model pointed at the scripted stand-in (test/servers/openai,
// model "scripted-tools"): the model calls Governance (Invite → Create), Code Hosting (Issue →
// Get) and Client Info (Client → Get Many) as tools, one per turn, with `$fromAI()` arguments; each
// tool's call reaches its platform stand-in and its output comes back to the model.
const MODEL = 'scripted-tools';

module.exports = {
	servers: ['openai', 'governance', 'codehosting', 'clientinfo'],
	check({ assert, items, runData, openai, governance, codehosting, clientinfo }) {
		const script = openai.constants.SCRIPTS[MODEL];
		const [answer] = items('AI Agent');
		assert.equal(answer.output, script.at(-1).text, 'the agent returns the final text of the script');

		// the model was asked once per turn, offered the three nodes as tools with typed parameters
		const completions = openai.server.completions.filter((c) => c.model === MODEL);
		assert.deepEqual(completions.map((c) => c.turn), [0, 1, 2, 3]);
		const request = JSON.parse(openai.requests.find((r) => r.path === '/v1/chat/completions').body);
		const offered = Object.fromEntries(request.tools.map((t) => [t.function.name, t.function]));
		assert.deepEqual(Object.keys(offered).sort(), ['Get_Issue', 'Grant_Access', 'List_Clients']);
		assert.deepEqual(Object.keys(offered.Grant_Access.parameters.properties).sort(), ['email', 'role']);
		assert.equal(offered.Get_Issue.parameters.properties.issue_number.type, 'number');
		assert.equal(offered.List_Clients.parameters.properties.limit.type, 'number');
		for (const fn of Object.values(offered)) assert.ok(fn.description, `tool ${fn.name} has a description`);

		// each tool node ran once, as a tool
		for (const name of ['Grant Access', 'Get Issue', 'List Clients']) {
			assert.equal(runData[name]?.length, 1, `tool node "${name}" ran once`);
			assert.ok(!runData[name][0].error, `tool node "${name}" failed: ${runData[name][0].error?.message}`);
		}

		// the platform stand-ins got the calls
		const invites = governance.requests.filter((r) => r.path === '/latest/auth/invite/create');
		assert.equal(invites.length, 1, 'one invite created');
		assert.deepEqual(JSON.parse(invites[0].body), {
			email: 'agent.invitee@example.com',
			permissions: { items: { serviceDefault: { actions: { 'role:editor': true } } } },
		});
		const invite = Object.values(governance.state.invites).find((i) => i.email === 'agent.invitee@example.com');
		assert.ok(invite, 'the invite exists on the governance server');
		assert.deepEqual(codehosting.requests.map((r) => `${r.method} ${r.path}`), ['GET /repos/octo-user/hello-world/issues/1']);
		const clientCalls = clientinfo.server.apiRequests();
		assert.deepEqual(clientCalls.map((r) => `${r.method} ${r.path}`), [`GET ${clientinfo.constants.API}/clients`]);
		assert.equal(clientCalls[0].query.limit, '5');

		// the model received every tool's output, none an error
		const results = openai.server.toolResults(MODEL);
		assert.deepEqual(results.map((r) => r.tool), ['Grant_Access', 'Get_Issue', 'List_Clients']);
		for (const r of results) assert.equal(r.error, false, `tool ${r.tool} reported an error: ${r.content.slice(0, 300)}`);
		const [granted, issue, clients] = results.map((r) => r.json);
		assert.equal(granted[0].invite_code, invite.invite_code ?? Object.keys(governance.state.invites).find((k) => governance.state.invites[k] === invite));
		assert.equal(issue[0].number, 1);
		assert.equal(issue[0].title, 'Found a bug 1');
		assert.ok(clients.length >= 1 && clients.length <= 5, `1..5 clients, got ${clients.length}`);
		assert.ok(clients.every((c) => c.id && c.email), 'client records');
	},
};
