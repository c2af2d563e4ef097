'use strict';
/**
 * Checks of a chat-completions request body, limited to what the stand-in relies on and what
 * OpenAI itself rejects: returns an error message, or undefined when the body is acceptable.
 */
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function checkTools(tools) {
	if (tools === undefined) return undefined;
	if (!Array.isArray(tools)) return '"tools" must be an array';
	const seen = new Set();
	for (const [index, tool] of tools.entries()) {
		if (!isObject(tool) || tool.type !== 'function' || !isObject(tool.function)) {
			return `tools[${index}] must be {type: "function", function: {...}}`;
		}
		const { name, parameters } = tool.function;
		if (typeof name !== 'string' || !FUNCTION_NAME.test(name)) return `tools[${index}].function.name "${name}" is not a valid function name`;
		if (seen.has(name)) return `tools[${index}].function.name "${name}" is offered twice`;
		seen.add(name);
		if (parameters !== undefined && (!isObject(parameters) || parameters.type !== 'object')) {
			return `tools[${index}].function.parameters must be a JSON schema of type "object"`;
		}
	}
	return undefined;
}

function checkMessages(messages) {
	if (!Array.isArray(messages) || messages.length === 0) return '"messages" must be a non-empty array';
	const callIds = new Set();
	for (const [index, message] of messages.entries()) {
		if (!isObject(message) || !ROLES.has(message.role)) return `messages[${index}].role must be one of ${[...ROLES].join(', ')}`;
		if (message.role === 'assistant') {
			for (const [callIndex, call] of (message.tool_calls ?? []).entries()) {
				if (!isObject(call) || call.type !== 'function' || typeof call.id !== 'string' || !isObject(call.function)) {
					return `messages[${index}].tool_calls[${callIndex}] is not a function call`;
				}
				try {
					JSON.parse(call.function.arguments);
				} catch {
					return `messages[${index}].tool_calls[${callIndex}].function.arguments is not JSON`;
				}
				callIds.add(call.id);
			}
		} else if (message.role === 'tool') {
			if (typeof message.tool_call_id !== 'string') return `messages[${index}].tool_call_id is required`;
			if (!callIds.has(message.tool_call_id)) {
				return `messages[${index}] answers tool call "${message.tool_call_id}", which no earlier assistant message made`;
			}
			if (typeof message.content !== 'string' && !Array.isArray(message.content)) return `messages[${index}].content must be a string`;
		} else if (message.content === undefined || message.content === null) {
			return `messages[${index}].content is required`;
		}
	}
	return undefined;
}

/** The error message for a body /v1/chat/completions cannot serve, or undefined. */
function checkCompletionRequest(body) {
	if (!isObject(body)) return 'The body must be a JSON object';
	if (typeof body.model !== 'string' || body.model === '') return '"model" is required';
	if (body.stream === true) return 'streaming is not supported by this stand-in (the agent runs without it)';
	if (body.n !== undefined && body.n !== 1) return '"n" must be 1';
	return checkMessages(body.messages) ?? checkTools(body.tools);
}

/** Text of a message's content (a string, or an array of {type: "text", text} parts). */
function contentText(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : part?.text ?? '')).join('');
	return '';
}

module.exports = { checkCompletionRequest, contentText, isObject };
