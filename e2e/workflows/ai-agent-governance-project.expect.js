'use strict';
// n8n's AI Agent with the scripted OpenAI stand-in (model "scripted-governance-project"): the
// Governance tools have their Project By ID filled by the model (`$fromAI('project')`). The model
// reviews Sandbox (proj-e2e-0004) with Access → Review, then makes mixed.case@acme.test (stored
// as Mixed.Case@acme.test) an editor in Research (proj-e2e-0003) with Access → Ensure. Every call
// reaches the project the model chose (the Authorization header names it), the model gets each
// project's answer back, and the only write is the role update in Research. (Ensure's Mode is
// Apply here, the builder's choice: at its default a tool only plans.)
const MODEL = 'scripted-governance-project';
const SANDBOX = 'proj-e2e-0004';
const RESEARCH = 'proj-e2e-0003';

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "$fromAI() arguments are filled by n8n's tool wrapper and AI Agent, which changed between 1.x and 2.x",
	servers: ['openai', 'governance'],
	check({ assert, items, runData, openai, governance }) {
		const { ADMIN_KEY, ADMIN_USER_ID, MIXED_USER_ID, MIXED_EMAIL, PROJECT_ID } = governance.constants;
		const script = openai.constants.SCRIPTS[MODEL];
		const [answer] = items('AI Agent');
		assert.equal(answer.output, script.at(-1).text, 'the agent returns the final text of the script');
		assert.deepEqual(openai.server.completions.filter((c) => c.model === MODEL).map((c) => c.turn), [0, 1, 2]);

		// both tools offered with the project as a parameter the model fills
		const request = JSON.parse(openai.requests.find((r) => r.path === '/v1/chat/completions').body);
		const offered = Object.fromEntries(request.tools.map((t) => [t.function.name, t.function]));
		assert.deepEqual(Object.keys(offered).sort(), ['Ensure_Access', 'Review_Access']);
		assert.deepEqual(Object.keys(offered.Review_Access.parameters.properties), ['project']);
		assert.deepEqual(Object.keys(offered.Ensure_Access.parameters.properties).sort(), ['email', 'project', 'role']);
		assert.equal(offered.Review_Access.parameters.properties.project.type, 'string');
		for (const name of ['Review Access', 'Ensure Access']) {
			assert.equal(runData[name]?.length, 1, `tool node "${name}" ran once`);
			assert.ok(!runData[name][0].error, `tool node "${name}" failed: ${runData[name][0].error?.message}`);
		}

		// each call went to the project the model chose: Bearer <project>:<key> (the role update without Bearer)
		const calls = governance.requests.map((r) => `${r.method} ${r.path} ${String(r.headers.authorization).replace(ADMIN_KEY, '<key>')}`);
		assert.deepEqual(calls, [
			// Access → Review: the project checked against the projects the key reaches, then read
			`GET /latest/projects/list Bearer ${PROJECT_ID}:<key>`,
			`POST /latest/auth/users/list Bearer ${SANDBOX}:<key>`,
			`POST /latest/auth/invite/list Bearer ${SANDBOX}:<key>`,
			// Access → Ensure: the member found without case, who the API key is (in the credential's
			// project: the key's own user is kept), one role update
			`POST /latest/auth/users/list Bearer ${RESEARCH}:<key>`,
			`POST /latest/auth/users/list Bearer ${RESEARCH}:<key>`,
			`POST /latest/auth/invite/list Bearer ${RESEARCH}:<key>`,
			`GET /latest/auth/info Bearer ${PROJECT_ID}:<key>`,
			`POST /latest/auth/users/${MIXED_USER_ID}/update ${RESEARCH}:<key>`,
		]);
		const update = governance.requests.at(-1);
		const EDITOR = { items: { serviceDefault: { actions: { 'role:editor': true } } } };
		assert.deepEqual(JSON.parse(update.body), { permissions: EDITOR, overwrite: true });
		assert.deepEqual(governance.state.memberships[RESEARCH][MIXED_USER_ID], EDITOR, 'editor in Research');
		assert.deepEqual(
			governance.state.memberships[SANDBOX][MIXED_USER_ID],
			{ items: { serviceDefault: { actions: { admin: true } } } },
			'Sandbox untouched',
		);
		for (const r of governance.requests) {
			assert.deepEqual(Object.keys(r.headers).filter((name) => name.includes('governance')), [], 'the internal project header never leaves n8n');
		}

		// the model received each project's answer
		const results = openai.server.toolResults(MODEL);
		assert.deepEqual(results.map((r) => r.tool), ['Review_Access', 'Ensure_Access']);
		for (const r of results) assert.equal(r.error, false, `tool ${r.tool} reported an error: ${r.content.slice(0, 300)}`);
		const [review, [ensured]] = results.map((r) => r.json);
		assert.deepEqual(
			review.map((line) => `${line.project} ${line.projectName} ${line.state} ${line.email} ${line.roles}`),
			[`${SANDBOX} Sandbox member admin@example.com admin`, `${SANDBOX} Sandbox member ${MIXED_EMAIL} admin`],
		);
		assert.equal(review[0].userId, ADMIN_USER_ID);
		assert.deepEqual(ensured, { email: 'mixed.case@acme.test', action: 'updated', userId: MIXED_USER_ID, roles: ['editor'], accepted: true });
	},
};
