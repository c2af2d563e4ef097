'use strict';
/*
 * The pack's nodes as tools of n8n's MCP Server Trigger (typeVersion 2, Bearer Auth), driven by a
 * real MCP client (@modelcontextprotocol/sdk, a dev dependency): Governance User → Get Many and
 * Access → Ensure, Code Hosting Issue → Get and File → Get, Client Info Client → Get Many, each a
 * tool node with `$fromAI()` arguments, against the stand-ins of test/servers.
 *
 * - Streamable HTTP (POST on <WEBHOOK_URL>mcp/e2e-mcp-tools, the bearer token in each request):
 *   tools/list offers the five tools with a description and an input schema that compiles (ajv) and
 *   holds exactly the `$fromAI` keys with their types; each tool called with good arguments answers
 *   what the stand-in holds, and the stand-in saw exactly that call's request(s) (Ensure: one
 *   invite); a role "owner" and an issue number "abc" or 0 come back as tool errors
 *   (`isError: true`, not a JSON-RPC error) naming the parameter, with no request to the platform;
 *   10 Issue → Get calls at once are each answered once, with exactly 10 GETs on the stand-in.
 * - SSE (GET on the same URL, then POSTs to the endpoint it announces): tools/list offers the same
 *   tools, and a call works the same.
 * - Without the bearer token (or with another one) n8n answers 403 and starts nothing.
 * - Each tools/call starts one execution of the workflow (n8n 2.x): exactly one per call, each
 *   `success`, the trigger's output naming the tool called; no secret (platform keys and tokens,
 *   the bearer token) in any tool answer, nor in those executions.
 * Prints `[mcp] {...}` with the size of the tool list and the time the calls took.
 *
 * Queue mode too (not `regularOnly`): the e2e's main is the one process that takes webhooks (n8n's
 * docs want a single webhook replica for MCP in queue mode, as the sessions live in its memory); a
 * tools/call is a job whose execution the worker runs, with the tool (scaling/job-processor.js
 * invokeTool), and the answer comes back to the main through Redis. The only difference seen is
 * how a refused call reads (toolError below, and the "abc" case).
 */
const { MCP_BEARER_TOKEN, secrets } = require('../credentials');
const { DEADLINE_MS } = require('../lib/wait');

/**
 * The pinned versions the scenario runs on: their MCP Server Trigger (typeVersion 2: Streamable HTTP
 * and SSE on one path) is the one it asserts on. 2.8.4 and 1.123.81 also have a typeVersion 2, with
 * an older MCP server (draft-07 schemas through zodToJsonSchema; 1.123.81's job processor has no
 * MCP tool calls).
 */
const VERSIONS = ['2.38.7', '2.40.7'];
const PATH = 'e2e-mcp-tools';
const OWNER = 'octo-user';
const REPO = 'hello-world';

/** The tools n8n offers (node names as tool names) and the `$fromAI` parameters of each, with their JSON Schema types. */
const TOOLS = {
	List_Members: { limit: 'number' },
	Ensure_Access: { email: 'string', roles: 'string' },
	Get_Issue: { issue_number: 'number' },
	Get_File: { path: 'string' },
	List_Clients: { limit: 'number' },
};

/** The SDK (loaded when the scenario runs: the e2e's other scenarios do without it). */
function sdk() {
	return {
		Client: require('@modelcontextprotocol/sdk/client/index.js').Client,
		StreamableHTTPClientTransport: require('@modelcontextprotocol/sdk/client/streamableHttp.js').StreamableHTTPClientTransport,
		SSEClientTransport: require('@modelcontextprotocol/sdk/client/sse.js').SSEClientTransport,
	};
}

/** An ajv for the schema's dialect (n8n sends draft 2020-12; draft-07 if it ever says so or nothing). */
function ajvFor(schema) {
	const dialect = schema.$schema;
	if (dialect === undefined || /draft-07/.test(dialect)) return new (require('ajv').default)({ strict: false });
	if (/draft\/2020-12/.test(dialect)) return new (require('ajv/dist/2020').default)({ strict: false });
	throw new Error(`input schema of an unknown dialect: ${dialect}`);
}

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "n8n's MCP Server Trigger (sessions, input schemas, tool calls in queue mode) differs by version",
	servers: ['governance', 'codehosting', 'clientinfo'],
	skip(version) {
		if (!VERSIONS.includes(version)) {
			return `written for the MCP Server Trigger of n8n ${VERSIONS.join(' and ')} (draft 2020-12 input schemas, one execution per tools/call, queue-mode tool calls on the worker); ${version} ships an older MCP server`;
		}
		return undefined;
	},
	async live({ assert, version, queue, webhookBase, governance, codehosting, clientinfo, waitUntil, lastExecutionId, executions, logs }) {
		const { Client, StreamableHTTPClientTransport, SSEClientTransport } = sdk();
		const url = new URL(`${webhookBase}mcp/${PATH}`);
		const requestInit = { headers: { Authorization: `Bearer ${MCP_BEARER_TOKEN}` } };
		const hidden = secrets();
		assert.ok(hidden.includes(MCP_BEARER_TOKEN), "the bearer token is one of the secrets the checks look for (n8n's logs too)");
		const hello = codehosting.server.repo(OWNER, REPO);
		const issueTitle = (number) => hello.issues.get(number).title;
		const before = await lastExecutionId();
		const calls = []; // tool names of every tools/call, for the executions they start
		const answers = []; // every tool answer's text, for the secret check

		/** What each stand-in received while `fn` ran: {governance, codehosting, clientinfo} request lists. */
		async function seen(fn) {
			const from = { governance: governance.requests.length, codehosting: codehosting.requests.length, clientinfo: clientinfo.server.apiRequests().length };
			const value = await fn();
			return {
				value,
				governance: governance.requests.slice(from.governance),
				codehosting: codehosting.requests.slice(from.codehosting),
				clientinfo: clientinfo.server.apiRequests().slice(from.clientinfo),
			};
		}
		const line = (r) => `${r.method} ${r.path}`;

		/**
		 * One MCP request with the e2e's generous deadline instead of the SDK's 60 s (only a stuck run
		 * reaches it); a failure says which request, after how long, with the end of n8n's logs.
		 */
		async function step(what, fn) {
			const started = Date.now();
			try {
				return await fn({ timeout: DEADLINE_MS });
			} catch (error) {
				const { main, worker } = logs();
				const tail = (text) => text.slice(-4000);
				error.message = `${what} failed after ${Date.now() - started} ms: ${error.message}\n--- main log (end)\n${tail(main)}${queue ? `\n--- worker log (end)\n${tail(worker)}` : ''}`;
				throw error;
			}
		}
		async function call(client, name, args) {
			calls.push(name);
			const result = await step(`tools/call ${name} ${JSON.stringify(args)}`, (options) => client.callTool({ name, arguments: args }, undefined, options));
			for (const part of result.content ?? []) if (part.type === 'text') answers.push(part.text);
			return result;
		}
		/** The JSON of a tool's answer (n8n's tool result: the node's output items, as JSON text). */
		function parsed(name, result) {
			assert.ok(!result.isError, `${name} answered an error: ${JSON.stringify(result.content).slice(0, 500)}`);
			assert.equal(result.content?.length, 1, `${name}: one content part`);
			assert.equal(result.content[0].type, 'text');
			return JSON.parse(result.content[0].text);
		}
		/**
		 * A tool error: `isError: true` (n8n answers a failing tool so, not with a JSON-RPC error), its
		 * one text part read as {name, message}. Regular mode: the main ran the tool, and McpServer's
		 * formatError wrote `${name}: ${message}`; queue mode: the worker ran it and sent back
		 * {error: {message, name}}, which the main passes on as JSON text (see e2e/README.md).
		 */
		function toolError(name, result) {
			assert.equal(result.isError, true, `${name} should answer a tool error: ${JSON.stringify(result).slice(0, 500)}`);
			assert.equal(result.content?.length, 1, `${name}: one content part`);
			const { text } = result.content[0];
			if (queue) {
				const { error } = JSON.parse(text);
				return { name: error.name, message: error.message, text };
			}
			const [, errorName, message] = /^(\w+): ([\s\S]*)$/.exec(text) ?? [];
			assert.ok(errorName, `${name}: an error text "<name>: <message>": ${text}`);
			return { name: errorName, message, text };
		}

		// ---- without the bearer token, or with another one: 403 and nothing runs (the executions are counted at the end)
		const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } } });
		const post = (headers) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: initialize, signal: AbortSignal.timeout(60_000) });
		for (const [what, headers] of [['no Authorization', {}], ['another bearer token', { authorization: 'Bearer not-the-token' }]]) {
			const res = await post(headers);
			assert.equal(res.status, 403, `POST with ${what}: ${res.status} ${(await res.text()).slice(0, 200)}`);
		}
		const sseRefused = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: AbortSignal.timeout(60_000) });
		assert.equal(sseRefused.status, 403, `SSE GET without Authorization: ${sseRefused.status}`);
		await sseRefused.text();

		// ---- Streamable HTTP
		const client = new Client({ name: 'n8n-e2e', version: '1.0.0' });
		const transport = new StreamableHTTPClientTransport(url, { requestInit });
		const figures = { version, mode: queue ? 'queue' : 'regular' };
		let sseClient;
		try {
			let started = Date.now();
			await step('connect (Streamable HTTP)', (options) => client.connect(transport, options));
			assert.ok(transport.sessionId, 'n8n gave the session an id');
			const { tools } = await step('tools/list (Streamable HTTP)', (options) => client.listTools(undefined, options));
			figures.listMs = Date.now() - started;
			const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
			assert.deepEqual(Object.keys(byName).sort(), Object.keys(TOOLS).sort(), 'the five tool nodes are the tools');
			for (const [name, parameters] of Object.entries(TOOLS)) {
				const { description, inputSchema } = byName[name];
				assert.ok(typeof description === 'string' && description.trim().length > 0, `${name} has a description`);
				let validate;
				assert.doesNotThrow(() => (validate = ajvFor(inputSchema).compile(inputSchema)), `${name}'s input schema compiles as a JSON Schema`);
				assert.equal(inputSchema.type, 'object');
				const types = Object.fromEntries(Object.entries(inputSchema.properties ?? {}).map(([key, schema]) => [key, schema.type]));
				assert.deepEqual(types, parameters, `${name}: the $fromAI keys with their types`);
				assert.deepEqual([...(inputSchema.required ?? [])].sort(), Object.keys(parameters).sort(), `${name}: every $fromAI key required`);
				const good = Object.fromEntries(Object.entries(parameters).map(([key, type]) => [key, type === 'number' ? 1 : 'x']));
				assert.ok(validate(good), `${name}'s schema accepts ${JSON.stringify(good)}: ${JSON.stringify(validate.errors)}`);
				for (const key of Object.keys(parameters)) {
					assert.ok(!validate({ ...good, [key]: parameters[key] === 'number' ? 'abc' : 1 }), `${name}'s schema refuses a ${key} of another type`);
				}
			}
			figures.tools = tools.length;
			figures.toolListBytes = Buffer.byteLength(JSON.stringify(tools));
			figures.toolBytes = Object.fromEntries(tools.map((tool) => [tool.name, Buffer.byteLength(JSON.stringify(tool))]));
			figures.descriptions = Object.fromEntries(tools.map((tool) => [tool.name, tool.description]));

			// Governance User → Get Many: the members of the credential's project, one list request of that size
			const project = governance.constants.PROJECT_ID;
			started = Date.now();
			const members = await seen(() => call(client, 'List_Members', { limit: 5 }));
			figures.callMs = { List_Members: Date.now() - started };
			const memberIds = Object.keys(governance.state.memberships[project]).sort();
			const listed = parsed('List_Members', members.value);
			assert.deepEqual(listed.map((m) => m.userId ?? m._id).sort(), memberIds, 'the members of the credential project');
			assert.deepEqual(listed.map((m) => m.email).sort(), memberIds.map((id) => governance.state.users[id].email).sort(), "the members' emails");
			assert.deepEqual(members.governance.map(line), ['POST /latest/auth/users/list']);
			assert.deepEqual(JSON.parse(members.governance[0].body), { page: 1, page_size: 5 }, 'the limit from the MCP call');
			assert.match(String(members.governance[0].headers.authorization), new RegExp(`^(Bearer )?${project}:`), "in the credential's project");

			// Governance Access → Ensure: one invite with both roles (written as text, as a model writes it)
			const invitee = 'mcp.invitee@example.com';
			started = Date.now();
			const ensured = await seen(() => call(client, 'Ensure_Access', { email: invitee, roles: 'Editor, viewer' }));
			figures.callMs.Ensure_Access = Date.now() - started;
			const [access] = parsed('Ensure_Access', ensured.value);
			const invites = Object.keys(governance.state.invites).filter((code) => governance.state.invites[code].email === invitee);
			assert.equal(invites.length, 1, 'one pending invite for the email on the governance stand-in');
			assert.deepEqual(
				{ email: access.email, action: access.action, inviteId: access.inviteId, roles: [...access.roles].sort(), accepted: access.accepted },
				{ email: invitee, action: 'invited', inviteId: invites[0], roles: ['editor', 'viewer'], accepted: false },
			);
			const writes = ensured.governance.filter((r) => /\/(create|delete|update)$/.test(r.path));
			assert.deepEqual(writes.map(line), ['POST /latest/auth/invite/create'], 'exactly one write: the invite');
			assert.deepEqual(JSON.parse(writes[0].body), { email: invitee, permissions: { items: { serviceDefault: { actions: { 'role:editor': true, 'role:viewer': true } } } } });
			assert.deepEqual([...ensured.codehosting, ...ensured.clientinfo], [], 'no other platform asked');

			// Code Hosting Issue → Get: the issue the stand-in holds, one GET
			started = Date.now();
			const issue = await seen(() => call(client, 'Get_Issue', { issue_number: 1 }));
			figures.callMs.Get_Issue = Date.now() - started;
			const [one] = parsed('Get_Issue', issue.value);
			assert.deepEqual({ number: one.number, title: one.title, state: one.state }, { number: 1, title: issueTitle(1), state: 'open' });
			assert.deepEqual(issue.codehosting.map(line), [`GET /repos/${OWNER}/${REPO}/issues/1`]);

			// Code Hosting File → Get: as a tool, the file's text in the JSON (a model gets no binary data)
			const filePath = 'docs/guide.md';
			const fileText = hello.blobs.get(hello.commits.get(hello.branches.get('main')).tree[filePath]).toString('utf8');
			started = Date.now();
			const file = await seen(() => call(client, 'Get_File', { path: filePath }));
			figures.callMs.Get_File = Date.now() - started;
			const [got] = parsed('Get_File', file.value);
			assert.equal(got.content, fileText, 'the text of the file on the stand-in');
			assert.equal(got.path, filePath);
			assert.ok(typeof got.note === 'string' && got.note.includes(filePath), `a note on what the content is: ${got.note}`);
			assert.deepEqual(file.codehosting.map(line), [`GET /repos/${OWNER}/${REPO}/contents/${filePath}`]);

			// Client Info Client → Get Many: the stand-in's clients, one page of the asked size
			started = Date.now();
			const clients = await seen(() => call(client, 'List_Clients', { limit: 5 }));
			figures.callMs.List_Clients = Date.now() - started;
			const held = Object.values(clientinfo.state.clients);
			assert.ok(held.length >= 1 && held.length <= 5, `the stand-in holds 1 to 5 clients (${held.length}): all fit the limit`);
			const listedClients = parsed('List_Clients', clients.value);
			assert.deepEqual(listedClients.map((c) => `${c.id} ${c.email}`).sort(), held.map((c) => `${c.id} ${c.email}`).sort(), 'the clients of the stand-in');
			assert.deepEqual(clients.clientinfo.map(line), [`GET ${clientinfo.constants.API}/clients`]);
			assert.equal(clients.clientinfo[0].query.limit, '5');

			// bad arguments: tool errors naming the parameter, and no request to the platform
			const owner = await seen(() => call(client, 'Ensure_Access', { email: 'someone@example.com', roles: 'owner' }));
			const ownerError = toolError('Ensure_Access (owner)', owner.value);
			assert.equal(ownerError.name, 'NodeOperationError', ownerError.text);
			assert.match(ownerError.message, /^Unknown value for Roles: "owner"/, `names the parameter: ${ownerError.text}`);
			assert.deepEqual(owner.governance.map(line), [], 'no governance request for a refused role');
			// a number parameter given text: in regular mode the main runs the tool through LangChain's
			// DynamicStructuredTool, whose schema check refuses it before the node runs and names the
			// $fromAI key; in queue mode the worker calls the node's execute() with the arguments as
			// they came (n8n 2.38/2.40 scaling/job-processor.js invokeTool: no schema check), and the
			// node's own check refuses it, naming the field. Either way nothing reaches the platform.
			const abc = await seen(() => call(client, 'Get_Issue', { issue_number: 'abc' }));
			const abcError = toolError('Get_Issue (abc)', abc.value);
			if (queue) {
				assert.equal(abcError.name, 'NodeOperationError', abcError.text);
				assert.match(abcError.message, /^Issue Number must be a whole number of at least 1/, `names the parameter: ${abcError.text}`);
			} else {
				assert.equal(abcError.name, 'Error', abcError.text);
				assert.match(abcError.message, /^Received tool input did not match expected schema\b[\s\S]*\bat issue_number\b/, `names the parameter: ${abcError.text}`);
			}
			assert.deepEqual(abc.codehosting.map(line), [], 'no code hosting request for "abc"');
			// a number the schema takes but the node refuses: the node's error, with the field's name
			const zero = await seen(() => call(client, 'Get_Issue', { issue_number: 0 }));
			const zeroError = toolError('Get_Issue (0)', zero.value);
			assert.equal(zeroError.name, 'NodeOperationError', zeroError.text);
			assert.match(zeroError.message, /^Issue Number must be a whole number of at least 1/, zeroError.text);
			assert.deepEqual(zero.codehosting.map(line), [], 'no code hosting request for issue 0');

			// 10 Issue → Get calls at once on the one session: each answered once, with its own issue
			const numbers = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1];
			started = Date.now();
			const burst = await seen(() => Promise.all(numbers.map((n) => call(client, 'Get_Issue', { issue_number: n }))));
			figures.parallel10Ms = Date.now() - started;
			burst.value.forEach((result, i) => {
				const [answer] = parsed(`Get_Issue #${i}`, result);
				assert.deepEqual({ number: answer.number, title: answer.title }, { number: numbers[i], title: issueTitle(numbers[i]) }, `call ${i} got its own issue`);
			});
			// (this scenario's repository: another scenario's trigger may read its own delivery log meanwhile)
			const ours = burst.codehosting.filter((r) => r.path.startsWith(`/repos/${OWNER}/${REPO}/`));
			assert.deepEqual(ours.map(line).sort(), numbers.map((n) => `GET /repos/${OWNER}/${REPO}/issues/${n}`).sort(), 'exactly 10 GETs, one per call');

			await step('DELETE of the Streamable HTTP session', () => transport.terminateSession());
			await client.close();

			// ---- SSE: GET on the same URL (the bearer token with it), POSTs to the endpoint it announces
			sseClient = new Client({ name: 'n8n-e2e-sse', version: '1.0.0' });
			const sse = new SSEClientTransport(url, { requestInit });
			started = Date.now();
			await step('connect (SSE)', (options) => sseClient.connect(sse, options));
			const sseTools = (await step('tools/list (SSE)', (options) => sseClient.listTools(undefined, options))).tools;
			figures.sseListMs = Date.now() - started;
			const sorted = (list) => [...list].sort((a, b) => a.name.localeCompare(b.name));
			assert.deepEqual(sorted(sseTools), sorted(tools), 'the same tools over SSE');
			const overSse = await seen(() => call(sseClient, 'Get_Issue', { issue_number: 2 }));
			const [second] = parsed('Get_Issue over SSE', overSse.value);
			assert.deepEqual({ number: second.number, title: second.title }, { number: 2, title: issueTitle(2) });
			assert.deepEqual(overSse.codehosting.map(line), [`GET /repos/${OWNER}/${REPO}/issues/2`]);
		} finally {
			await client.close().catch(() => {});
			await sseClient?.close().catch(() => {});
		}

		// no secret in any tool answer
		for (const text of answers) for (const secret of hidden) assert.ok(!text.includes(secret), 'a secret in a tool answer');

		// one execution per tools/call (none for tools/list, the refused requests or the sessions), each a success
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && Object.keys(e.data?.resultData?.runData ?? {}).length > 0;
		const runs = await waitUntil(
			`${calls.length} finished executions of the MCP workflow, one per tools/call`,
			() => executions(before),
			{ done: (list) => list.length >= calls.length && list.every(finished), describe: (list) => list.map((e) => `#${e.id} ${e.status}`).join(', ') || 'none' },
		);
		assert.equal(runs.length, calls.length, 'exactly one execution per tools/call');
		for (const run of runs) assert.equal(run.status, 'success', `execution #${run.id}: ${run.status}`);
		const toolOf = (run) => run.data.resultData.runData['MCP Server Trigger']?.[0]?.data?.main?.[0]?.[0]?.json?.mcpToolCall?.toolName;
		assert.deepEqual(runs.map(toolOf).sort(), [...calls].sort(), 'the trigger of each execution names its tool call');
		const runText = JSON.stringify(runs);
		for (const secret of hidden) assert.ok(!runText.includes(secret), 'a secret in the executions of the MCP tool calls');
		if (queue) {
			const { main, worker } = logs();
			for (const run of runs) {
				assert.match(worker, new RegExp(`Worker started execution ${run.id}\\b`), `the worker ran execution #${run.id}`);
				assert.doesNotMatch(main, new RegExp(`Worker started execution ${run.id}\\b`));
			}
		}
		figures.executions = runs.length;
		console.log(`[mcp] ${JSON.stringify(figures)}`);
	},
};
