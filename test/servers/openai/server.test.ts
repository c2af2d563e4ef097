/** The OpenAI-compatible stand-in: key, body checks, scripted turns, recorded tool results. */
import type { OpenAiServer } from './server';
import { API_KEY, createOpenAiServer } from './server';

let srv: OpenAiServer;
beforeAll(async () => {
	srv = createOpenAiServer({
		scripts: {
			'two-turns': [
				{ toolCalls: [{ tool: 'Get_Issue', arguments: { issue_number: 1 } }, { tool: 'Grant_Access', arguments: { email: 'a@example.com', role: 'viewer' } }] },
				{ text: 'done' },
			],
			'wrong-tool': [{ toolCalls: [{ tool: 'Missing_Tool', arguments: {} }] }],
			'wrong-args': [{ toolCalls: [{ tool: 'Get_Issue', arguments: { number: 1 } }] }],
		},
	});
	await srv.start();
});
afterAll(async () => {
	await srv.stop();
});
beforeEach(() => srv.resetRequests());

const tools = [
	{ type: 'function', function: { name: 'Get_Issue', description: 'Get an issue', parameters: { type: 'object', properties: { issue_number: { type: 'number' } }, required: ['issue_number'] } } },
	{ type: 'function', function: { name: 'Grant_Access', description: 'Ensure access', parameters: { type: 'object', properties: { email: { type: 'string' }, role: { type: 'string' } }, required: ['email', 'role'] } } },
];

async function complete(body: unknown, { key = API_KEY, type = 'application/json' } = {}) {
	const response = await fetch(`${srv.url}/v1/chat/completions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${key}`, 'content-type': type },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	return { status: response.status, json: (await response.json()) as Record<string, any> };
}

test('a wrong key gets 401 in OpenAI\'s error shape', async () => {
	const { status, json } = await complete({ model: 'two-turns', messages: [{ role: 'user', content: 'hi' }] }, { key: 'sk-wrong' });
	expect(status).toBe(401);
	expect(json.error.code).toBe('invalid_api_key');
});

test.each([
	['not JSON', '{', /parse the JSON body/],
	['no messages', { model: 'two-turns', messages: [] }, /messages/],
	['a bad role', { model: 'two-turns', messages: [{ role: 'robot', content: 'x' }] }, /role/],
	['streaming', { model: 'two-turns', stream: true, messages: [{ role: 'user', content: 'x' }] }, /streaming/],
	['a tool message without its call', { model: 'two-turns', messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'call_t0_0', content: '1' }] }, /no earlier assistant message/],
	['a bad function name', { model: 'two-turns', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'has space', parameters: { type: 'object' } } }] }, /valid function name/],
	['an unknown model', { model: 'gpt-unknown', messages: [{ role: 'user', content: 'x' }] }, /does not exist/],
])('refuses %s', async (_name, body, message) => {
	const { status, json } = await complete(body);
	expect(status).toBeGreaterThanOrEqual(400);
	expect(json.error.message).toMatch(message);
});

test('answers turn 0 with the scripted tool calls and turn 1, after the results, with the text', async () => {
	const messages: unknown[] = [{ role: 'user', content: 'go' }];
	const first = await complete({ model: 'two-turns', messages, tools });
	expect(first.status).toBe(200);
	const message = first.json.choices[0].message;
	expect(first.json.choices[0].finish_reason).toBe('tool_calls');
	expect(message.tool_calls.map((c: any) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
		['Get_Issue', { issue_number: 1 }],
		['Grant_Access', { email: 'a@example.com', role: 'viewer' }],
	]);
	// n8n replays parallel calls as one assistant message each
	for (const call of message.tool_calls) {
		messages.push({ role: 'assistant', content: '', tool_calls: [call] });
		messages.push({ role: 'tool', tool_call_id: call.id, content: call.function.name === 'Get_Issue' ? '[{"number":1}]' : '[{"error":"Email is not valid"}]' });
	}
	const second = await complete({ model: 'two-turns', messages, tools });
	expect(second.json.choices[0].message.content).toBe('done');
	expect(srv.completions.map((c) => c.turn)).toEqual([0, 1]);
	expect(srv.toolResults('two-turns').map((r) => [r.tool, r.error])).toEqual([
		['Get_Issue', false],
		['Grant_Access', true],
	]);
});

test('a script that calls a tool not offered, or with other arguments, fails loudly', async () => {
	const missing = await complete({ model: 'wrong-tool', messages: [{ role: 'user', content: 'x' }], tools });
	expect(missing.status).toBe(400);
	expect(missing.json.error.message).toMatch(/does not offer/);
	const args = await complete({ model: 'wrong-args', messages: [{ role: 'user', content: 'x' }], tools });
	expect(args.status).toBe(400);
	expect(args.json.error.message).toMatch(/passes number to Get_Issue/);
});

test('GET /v1/models lists the scripts', async () => {
	const response = await fetch(`${srv.url}/v1/models`, { headers: { authorization: `Bearer ${API_KEY}` } });
	const json = (await response.json()) as { data: Array<{ id: string }> };
	expect(json.data.map((m) => m.id)).toEqual(expect.arrayContaining(['scripted-tools', 'scripted-bad-input', 'two-turns']));
});
