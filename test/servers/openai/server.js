'use strict';
/**
 * A local OpenAI-compatible stand-in for n8n's OpenAI Chat Model (lmChatOpenAi with an openAiApi
 * credential whose Base URL is `<url>/v1`), answering from scripted conversations
 * (constants.js: one script per model name, one step per turn) instead of a real model:
 * - POST /v1/chat/completions: `Authorization: Bearer <API_KEY>` (401 otherwise), a JSON body
 *   with a known `model`, `messages` (roles, tool messages answering earlier tool calls) and
 *   `tools` (function definitions) validated (400 with OpenAI's error shape otherwise; `stream:
 *   true` is refused, the agent does not need it). The turn follows from the tool calls already
 *   in `messages` (see turnOf); the step of that turn answers either with `tool_calls` (each tool must be
 *   offered in `tools` and the scripted arguments must fit its parameters: 400 otherwise, so a
 *   workflow and a script that drift apart fail loudly) or with the final text.
 * - GET /v1/models: the scripted models (what the node's model list and credential test read).
 * `requests` logs every call (../core.js); `completions` keeps one entry per answered completion
 * ({model, turn, tools offered, tool results received, answer}); `toolResults(model)` gives each
 * tool result the model received once, with the tool's name and the content parsed when JSON.
 * `setScript(model, steps)` adds or replaces a script; `failNext` injects failures.
 */
const { sendJson, readBody, recordRequest, createFaults, replyFault, jsonBody, lifecycle } = require('../core');
const constants = require('./constants');
const { checkCompletionRequest, contentText, isObject } = require('./validate');

const { BASE_PATH, API_KEY } = constants;

function openAiError(res, status, message, type = 'invalid_request_error', code = null) {
	sendJson(res, status, { error: { message, type, param: null, code } });
}

/** The content of a tool message, parsed when it is JSON. */
function parseContent(text) {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** Whether a (parsed) tool result reports an error: `{error}` or `[{error}, ...]`. */
function reportsError(parsed, text) {
	const entries = Array.isArray(parsed) ? parsed : [parsed];
	if (entries.some((entry) => isObject(entry) && typeof entry.error === 'string' && entry.error !== '')) return true;
	return parsed === undefined && /^error\b/i.test(text);
}

/**
 * The turn a request asks for: one more than the last turn whose tool calls (their ids say which
 * turn made them: `call_t<turn>_<index>`) are in the messages, 0 when there are none. Counting
 * assistant messages would not do: n8n's agent replays several tool calls of one turn as one
 * assistant message each.
 */
function turnOf(messages) {
	let last = -1;
	for (const message of messages) {
		if (message.role !== 'assistant') continue;
		for (const call of message.tool_calls ?? []) {
			const match = /^call_t(\d+)_\d+$/.exec(call.id);
			if (!match) throw new Error(`tool call id ${call.id} was not made by this stand-in`);
			last = Math.max(last, Number(match[1]));
		}
	}
	return last + 1;
}

/** Checks scripted arguments against the parameters the request offers for the tool. */
function checkArguments(tool, call) {
	const schema = tool.function.parameters ?? { type: 'object', properties: {} };
	const properties = Object.keys(schema.properties ?? {});
	const unknown = Object.keys(call.arguments).filter((key) => !properties.includes(key));
	if (unknown.length) return `the script passes ${unknown.join(', ')} to ${call.tool}, whose parameters are: ${properties.join(', ') || 'none'}`;
	const missing = (schema.required ?? []).filter((key) => !(key in call.arguments));
	if (missing.length) return `the script does not pass ${missing.join(', ')}, required by ${call.tool}`;
	return undefined;
}

function createOpenAiServer(options = {}) {
	const scripts = { ...constants.SCRIPTS, ...(options.scripts ?? {}) };
	const requests = [];
	const completions = [];
	const faults = createFaults();
	let created = 1_700_000_000;

	function answer(res, body, message, finishReason) {
		const promptTokens = JSON.stringify(body.messages).length >> 2;
		const completionTokens = JSON.stringify(message).length >> 2;
		sendJson(res, 200, {
			id: `chatcmpl-e2e-${completions.length}`,
			object: 'chat.completion',
			created: created++,
			model: body.model,
			choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
			usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
			system_fingerprint: null,
		});
	}

	function chatCompletion(res, body, record) {
		const script = scripts[body.model];
		if (!script) return openAiError(res, 404, `The model \`${body.model}\` does not exist (scripted: ${Object.keys(scripts).join(', ')})`, 'invalid_request_error', 'model_not_found');
		let turn;
		try {
			turn = turnOf(body.messages);
		} catch (error) {
			return openAiError(res, 400, error.message);
		}
		const step = script[turn];
		if (!step) return openAiError(res, 400, `the script of ${body.model} has no turn ${turn} (${script.length} turns)`);
		const offered = new Map((body.tools ?? []).map((tool) => [tool.function.name, tool]));

		// tool calls made by earlier turns, to name the tool of each result
		const calls = new Map();
		for (const message of body.messages) {
			for (const call of message.role === 'assistant' ? (message.tool_calls ?? []) : []) calls.set(call.id, call.function.name);
		}
		const toolResults = body.messages
			.filter((message) => message.role === 'tool')
			.map((message) => {
				const text = contentText(message.content);
				const parsed = parseContent(text);
				return { toolCallId: message.tool_call_id, tool: calls.get(message.tool_call_id), content: text, json: parsed, error: reportsError(parsed, text) };
			});
		const entry = { model: body.model, turn, tools: [...offered.keys()], toolResults, answer: undefined };
		record.completion = entry;

		if (step.toolCalls) {
			const toolCalls = [];
			for (const [index, call] of step.toolCalls.entries()) {
				const tool = offered.get(call.tool);
				if (!tool) return openAiError(res, 400, `the script calls ${call.tool}, which the request does not offer (offered: ${[...offered.keys()].join(', ') || 'none'})`);
				const problem = checkArguments(tool, call);
				if (problem) return openAiError(res, 400, problem);
				toolCalls.push({ id: `call_t${turn}_${index}`, type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.arguments) } });
			}
			entry.answer = { toolCalls: toolCalls.map((call) => ({ id: call.id, tool: call.function.name, arguments: JSON.parse(call.function.arguments) })) };
			completions.push(entry);
			return answer(res, body, { role: 'assistant', content: null, tool_calls: toolCalls, refusal: null }, 'tool_calls');
		}
		const text = typeof step.text === 'function' ? step.text(entry) : step.text;
		entry.answer = { text };
		completions.push(entry);
		return answer(res, body, { role: 'assistant', content: text, refusal: null }, 'stop');
	}

	async function handle(req, res) {
		const url = new URL(req.url, 'http://localhost');
		const raw = await readBody(req);
		const record = recordRequest(requests, req, raw, { path: url.pathname, rawPath: req.url.split('?')[0], query: Object.fromEntries(url.searchParams) });

		const fault = faults.take(req.method, url.pathname);
		if (fault) {
			record.fault = true;
			return replyFault(req, fault, () => sendJson(res, fault.status, fault.body ?? { error: { message: 'injected failure', type: 'server_error' } }, fault.headers ?? {}));
		}
		const route = url.pathname.startsWith(`${BASE_PATH}/`) ? url.pathname.slice(BASE_PATH.length) : undefined;
		if (route !== '/chat/completions' && route !== '/models') return openAiError(res, 404, `Unknown request URL: ${req.method} ${url.pathname}`, 'invalid_request_error', 'unknown_url');
		if (req.headers.authorization !== `Bearer ${API_KEY}`) {
			record.status = 401;
			return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
		}
		if (route === '/models') {
			if (req.method !== 'GET') return openAiError(res, 405, `Method ${req.method} not allowed on ${url.pathname}`);
			return sendJson(res, 200, { object: 'list', data: Object.keys(scripts).map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'e2e' })) });
		}
		if (req.method !== 'POST') return openAiError(res, 405, `Method ${req.method} not allowed on ${url.pathname}`);
		const parsed = jsonBody(req, raw);
		if (parsed.problem === 'content-type') return openAiError(res, 415, `Content-Type must be application/json, got "${parsed.type}"`);
		if (parsed.problem === 'json') return openAiError(res, 400, `We could not parse the JSON body of your request: ${parsed.message}`);
		const problem = checkCompletionRequest(parsed.body);
		if (problem) {
			record.status = 400;
			record.problem = problem;
			return openAiError(res, 400, problem);
		}
		return chatCompletion(res, parsed.body, record);
	}

	return {
		requests,
		completions,
		failNext: faults.failNext,
		/** Adds or replaces the script of `model`. */
		setScript(model, steps) {
			scripts[model] = steps;
		},
		/** Each tool result the model received once (in order), for all models or one. */
		toolResults(model) {
			const seen = new Map();
			for (const entry of completions) {
				if (model && entry.model !== model) continue;
				for (const result of entry.toolResults) if (!seen.has(result.toolCallId)) seen.set(result.toolCallId, { model: entry.model, ...result });
			}
			return [...seen.values()];
		},
		/** start(port), stop(), resetRequests() (which also forgets the completions). */
		...lifecycle(handle, { requests, options }),
		resetRequests() {
			requests.length = 0;
			completions.length = 0;
		},
	};
}

module.exports = {
	createOpenAiServer,
	BASE_PATH,
	API_KEY,
	SCRIPTS: constants.SCRIPTS,
	MODELS: constants.MODELS,
};
