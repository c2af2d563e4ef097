'use strict';
/**
 * GitHub's official OpenAPI description (`@octokit/openapi`, api.github.com.json) as a request
 * matcher and validator for the code-hosting test server.
 *
 * - `matchPath(rawPath)`: path templates indexed in a segment trie (literal segments win over
 *   parameters; parameters marked `x-multi-segment` may span several segments). Resolves to
 *   { template, pathItem, params (decoded per segment) } or undefined.
 * - `operation(template, method)`: the operation object with its parameters resolved.
 * - `validateQuery(op, searchParams)`, `validateBody(op, body)`, `validatePathParams(op, params)`.
 * - `responseValidator(template, method, status, mediaType)`: an ajv function for a response body
 *   (for self-tests and the server's `validateResponses` option).
 *
 * The document is loaded once per process (about 110 ms, ~45 MB of heap) and compiled lazily.
 */
const fs = require('fs');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');

const DOC_ID = 'gh-openapi';

let cached;

function specPath() {
	if (process.env.CODEHOSTING_OPENAPI_FILE) return process.env.CODEHOSTING_OPENAPI_FILE;
	return require.resolve('@octokit/openapi/generated/api.github.com.json');
}

function escapePointer(part) {
	return String(part).replace(/~/g, '~0').replace(/\//g, '~1');
}

function pointerToFragment(parts) {
	return '#/' + parts.map((part) => encodeURIComponent(escapePointer(part))).join('/');
}

/**
 * OpenAPI 3.0 `nullable` as JSON Schema: ajv understands `nullable` only next to `type`, so
 * `{nullable, oneOf|anyOf|allOf|$ref}` becomes an `anyOf` with `{type: 'null'}`, and an `enum`
 * of a nullable schema gets `null` added.
 */
function normalizeNullable(node) {
	if (Array.isArray(node)) {
		for (const entry of node) normalizeNullable(entry);
		return;
	}
	if (!node || typeof node !== 'object') return;
	for (const [key, value] of Object.entries(node)) {
		if (key === 'example' || key === 'examples') continue;
		normalizeNullable(value);
	}
	if (node.nullable !== true) return;
	if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
	if (node.type !== undefined) return;
	delete node.nullable;
	if (Array.isArray(node.oneOf)) node.oneOf.push({ type: 'null' });
	else if (Array.isArray(node.anyOf)) node.anyOf.push({ type: 'null' });
	else if (node.allOf || node.$ref) {
		const inner = {};
		for (const key of ['allOf', '$ref']) {
			if (node[key] !== undefined) {
				inner[key] = node[key];
				delete node[key];
			}
		}
		node.anyOf = [inner, { type: 'null' }];
	}
}

/**
 * Places where the description's own text allows more than its schema, which the real API
 * accepts: deleting a gist file by setting it to null ("To delete a file, set the whole file to
 * null" in the description of PATCH /gists/{gist_id} files).
 */
function applyDocumentedBehaviour(spec) {
	const files = spec.paths['/gists/{gist_id}']?.patch?.requestBody?.content?.['application/json']?.schema?.properties?.files;
	if (files && files.additionalProperties && /set the whole file to null/.test(files.description ?? '')) {
		files.additionalProperties.nullable = true;
	}
}

function newNode() {
	return { literal: new Map(), param: undefined, multi: undefined, template: undefined };
}

function load() {
	if (cached) return cached;
	const spec = JSON.parse(fs.readFileSync(specPath(), 'utf8'));
	applyDocumentedBehaviour(spec);
	normalizeNullable(spec.components);
	normalizeNullable(spec.paths);
	const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, logger: false, validateSchema: false });
	addFormats(ajv);
	ajv.addSchema(spec, DOC_ID);

	const resolve = (value) => {
		let current = value;
		let guard = 0;
		while (current && typeof current === 'object' && typeof current.$ref === 'string' && guard++ < 20) {
			current = current.$ref
				.slice(2)
				.split('/')
				.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
				.reduce((object, key) => object?.[key], spec);
		}
		return current;
	};

	// Segment trie of path templates.
	const root = newNode();
	for (const [template, pathItem] of Object.entries(spec.paths)) {
		const multiNames = new Set();
		for (const [method, op] of Object.entries(pathItem)) {
			if (typeof op !== 'object' || !Array.isArray(op.parameters) || method === 'parameters') continue;
			for (const parameter of op.parameters.map(resolve)) {
				if (parameter?.in === 'path' && parameter['x-multi-segment']) multiNames.add(parameter.name);
			}
		}
		let node = root;
		const names = [];
		for (const segment of template.split('/').slice(1)) {
			const param = /^\{(.+)\}$/.exec(segment);
			if (!param) {
				if (!node.literal.has(segment)) node.literal.set(segment, newNode());
				node = node.literal.get(segment);
			} else if (multiNames.has(param[1])) {
				node.multi = node.multi ?? newNode();
				node = node.multi;
				names.push(param[1]);
			} else {
				node.param = node.param ?? newNode();
				node = node.param;
				names.push(param[1]);
			}
		}
		node.template = template;
		node.names = names;
	}

	cached = { spec, ajv, resolve, root, operations: new Map(), validators: new Map() };
	return cached;
}

function decodeSegment(segment) {
	try {
		return decodeURIComponent(segment);
	} catch {
		return undefined;
	}
}

/** Matches a raw (still percent-encoded) path such as `/repos/o/r/contents/a%20b/c.md`. */
function matchPath(rawPath) {
	const { root, spec } = load();
	const segments = rawPath === '/' ? [''] : rawPath.split('/').slice(1);
	const values = [];
	const walk = (node, index) => {
		if (index === segments.length) return node.template ? node : undefined;
		const segment = segments[index];
		const literal = node.literal.get(segment);
		if (literal) {
			const found = walk(literal, index + 1);
			if (found) return found;
		}
		if (segment !== '' && node.param) {
			values.push([segment]);
			const found = walk(node.param, index + 1);
			if (found) return found;
			values.pop();
		}
		if (node.multi) {
			for (let end = index + 1; end <= segments.length; end++) {
				if (segments[end - 1] === '') break;
				values.push(segments.slice(index, end));
				const found = walk(node.multi, end);
				if (found) return found;
				values.pop();
			}
		}
		return undefined;
	};
	const leaf = walk(root, 0);
	if (!leaf) return undefined;
	const params = {};
	for (let i = 0; i < leaf.names.length; i++) {
		const decoded = values[i].map(decodeSegment);
		if (decoded.some((part) => part === undefined)) return undefined;
		params[leaf.names[i]] = decoded.join('/');
	}
	return { template: leaf.template, pathItem: spec.paths[leaf.template], params };
}

/** The operation for `template` and `method` (lower case), with resolved parameters. */
function operation(template, method) {
	const state = load();
	const key = `${method} ${template}`;
	if (state.operations.has(key)) return state.operations.get(key);
	const raw = state.spec.paths[template]?.[method];
	let op;
	if (raw && typeof raw === 'object') {
		const parameters = (raw.parameters ?? []).map(state.resolve);
		const requestBody = raw.requestBody ? state.resolve(raw.requestBody) : undefined;
		op = { template, method, operationId: raw.operationId, raw, parameters, requestBody };
	}
	state.operations.set(key, op);
	return op;
}

/** Whether the description serves `op` on the upload host (its own `servers`: uploads.github.com). */
function onUploadHost(op) {
	return (op.raw.servers ?? []).some((server) => /\/\/uploads\./.test(String(server.url)));
}

function compileAt(parts) {
	const state = load();
	const key = parts.join('\u0000');
	if (!state.validators.has(key)) {
		state.validators.set(key, state.ajv.compile({ $ref: `${DOC_ID}${pointerToFragment(parts)}` }));
	}
	return state.validators.get(key);
}

/** ajv validator of a parameter's schema (parameters are either inline or components refs). */
function parameterValidator(op, parameter) {
	const state = load();
	const index = (op.raw.parameters ?? []).findIndex((p) => state.resolve(p) === parameter);
	const rawParameter = op.raw.parameters[index];
	if (rawParameter.$ref) {
		const parts = rawParameter.$ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
		return compileAt([...parts, 'schema']);
	}
	return compileAt(['paths', op.template, op.method, 'parameters', String(index), 'schema']);
}

function describeErrors(errors) {
	const messages = [];
	for (const error of errors ?? []) {
		if (error.keyword === 'required') {
			messages.push(`"${error.params.missingProperty}" wasn't supplied.`);
		} else if (error.keyword === 'additionalProperties') {
			messages.push(`"${error.params.additionalProperty}" is not a permitted key.`);
		} else if (error.keyword === 'enum') {
			messages.push(
				`For '${error.instancePath || '/'}', ${JSON.stringify(error.data)} is not one of ${JSON.stringify(error.params.allowedValues)}.`,
			);
		} else if (error.keyword === 'type') {
			messages.push(`For '${error.instancePath || '/'}', ${JSON.stringify(error.data)} is not ${/^[aeiou]/.test(error.params.type) ? 'an' : 'a'} ${error.params.type}.`);
		} else if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
			continue; // the branch errors say more
		} else {
			messages.push(`For '${error.instancePath || '/'}', ${JSON.stringify(error.data)} ${error.message}.`);
		}
	}
	const unique = [...new Set(messages)];
	return unique.length ? unique.join('\n') : 'No subschema matched.';
}

function coerce(schema, values) {
	const state = load();
	const resolved = state.resolve(schema) ?? {};
	const type = resolved.type ?? (resolved.oneOf || resolved.anyOf ? 'mixed' : 'string');
	if (type === 'array') {
		const itemType = state.resolve(resolved.items ?? {})?.type;
		const parts = values.flatMap((value) => value.split(','));
		return parts.map((value) => coerceScalar(itemType, value));
	}
	const value = values[values.length - 1];
	if (type === 'mixed') {
		if (/^-?\d+$/.test(value)) return Number(value);
		return value;
	}
	return coerceScalar(type, value);
}

function coerceScalar(type, value) {
	if (type === 'integer' || type === 'number') {
		if (type === 'integer' ? /^-?\d+$/.test(value) : /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
		return value;
	}
	if (type === 'boolean') {
		if (value === 'true') return true;
		if (value === 'false') return false;
		return value;
	}
	return value;
}

/**
 * Validates the query parameters the operation declares (unknown ones are ignored, like GitHub).
 * Returns { query (coerced values, declared ones only), error? }.
 */
function validateQuery(op, searchParams) {
	const query = {};
	for (const parameter of op.parameters) {
		if (parameter.in !== 'query') continue;
		const values = [...searchParams.getAll(parameter.name), ...searchParams.getAll(`${parameter.name}[]`)];
		if (values.length === 0) {
			if (parameter.required) return { error: `Invalid request.\n\n"${parameter.name}" wasn't supplied.` };
			continue;
		}
		const value = coerce(parameter.schema ?? {}, values);
		const validate = parameterValidator(op, parameter);
		if (!validate(value)) {
			const detail = describeErrors(validate.errors).replace(/For '\/'/g, `For '${parameter.name}'`);
			return { error: `Invalid request.\n\n${detail}` };
		}
		query[parameter.name] = value;
	}
	return { query };
}

/** Checks typed path parameters (integers). Returns false when one does not fit (GitHub: 404). */
function validatePathParams(op, params) {
	for (const parameter of op.parameters) {
		if (parameter.in !== 'path') continue;
		const value = params[parameter.name];
		if (value === undefined || value === '') return false;
		const type = load().resolve(parameter.schema ?? {})?.type;
		if (type === 'integer' && !/^\d+$/.test(value)) return false;
	}
	return true;
}

/** The JSON media type of the operation's request body, if it takes a JSON body. */
function jsonBodyMediaType(op) {
	const content = op.requestBody?.content ?? {};
	return Object.keys(content).find((type) => /json/.test(type));
}

/** Validates a parsed JSON body. Returns undefined or an error message ('Invalid request.\n\n...'). */
function validateBody(op, body) {
	const mediaType = jsonBodyMediaType(op);
	if (!mediaType) return undefined;
	const raw = op.raw.requestBody;
	const base = raw.$ref
		? raw.$ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
		: ['paths', op.template, op.method, 'requestBody'];
	const validate = compileAt([...base, 'content', mediaType, 'schema']);
	if (validate(body)) return undefined;
	return `Invalid request.\n\n${describeErrors(validate.errors)}`;
}

/**
 * A validator for the response body of `status` (number or 'default') and `mediaType`
 * (application/json by default), or undefined when the description has no schema for it.
 */
function responseValidator(template, method, status, mediaType = 'application/json') {
	const state = load();
	const op = state.spec.paths[template]?.[method];
	if (!op) return undefined;
	let parts = ['paths', template, method, 'responses', String(status)];
	let response = op.responses?.[String(status)];
	if (response?.$ref) {
		parts = response.$ref.slice(2).split('/');
		response = state.resolve(response);
	}
	if (!response?.content?.[mediaType]?.schema) return undefined;
	return compileAt([...parts, 'content', mediaType, 'schema']);
}

/** A validator for `#/components/schemas/<name>`, or undefined when there is no such schema. */
function schemaValidator(name) {
	if (!load().spec.components.schemas[name]) return undefined;
	return compileAt(['components', 'schemas', name]);
}

module.exports = {
	load,
	schemaValidator,
	matchPath,
	operation,
	onUploadHost,
	validateQuery,
	validateBody,
	validatePathParams,
	jsonBodyMediaType,
	responseValidator,
	describeErrors,
};
