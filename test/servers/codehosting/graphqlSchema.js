'use strict';
/**
 * GitHub's GraphQL API as its public schema defines it (the npm package @octokit/graphql-schema,
 * GitHub's own schema.graphql), for the stand-in: every query is parsed and validated against it
 * (an unknown field, a wrong argument or type, a missing variable answer GitHub's `errors`), its
 * cost is computed by GitHub's published rules, and the queries the stand-in serves by resolvers
 * run through graphql-js on that same schema.
 *
 * Cost (docs.github.com, "Rate limits and query limits for the GraphQL API"): every connection
 * must say `first` or `last` (1 to 100); the requests a query needs are, for each connection,
 * the product of the page sizes of the connections around it (one request for a top-level one,
 * `first` of the outer one for a connection inside it, and so on); the query costs that sum
 * divided by 100 and rounded, at least 1 point. The nodes it may return (the sum, for each
 * connection, of that product times its own page size) are at most 500,000.
 */
const fs = require('fs');
const path = require('path');
const { GraphQLError, buildSchema, executeSync, getNamedType, isAbstractType, isObjectType, Kind, parse, validate, valueFromAST } = require('graphql');

const NODE_LIMIT = 500000;

/** schema.graphql of @octokit/graphql-schema (an ES module package: found on the resolution paths, not required). */
function schemaFile() {
	for (const dir of require.resolve.paths('@octokit/graphql-schema') ?? []) {
		const file = path.join(dir, '@octokit', 'graphql-schema', 'schema.graphql');
		if (fs.existsSync(file)) return file;
	}
	throw new Error('@octokit/graphql-schema is not installed (npm ci)');
}

let schema;
/** GitHub's schema, built once per process (1.2 MB of SDL). */
function githubSchema() {
	schema ??= buildSchema(fs.readFileSync(schemaFile(), 'utf8'), { assumeValidSDL: true });
	return schema;
}

/** A graphql-js error in GitHub's answer form. */
function githubError(error) {
	const entry = { message: error.message };
	if (error.path) entry.path = error.path;
	if (error.locations) entry.locations = error.locations;
	const type = error.extensions?.type ?? error.originalError?.type;
	if (type) entry.type = type;
	if (error.extensions?.code) entry.extensions = { code: error.extensions.code };
	return entry;
}

/** The operation to run: the one named, or the only one. */
function operationOf(document, operationName) {
	const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
	if (operationName) return operations.find((operation) => operation.name?.value === operationName);
	return operations.length === 1 ? operations[0] : undefined;
}

/**
 * The cost of one operation by GitHub's rules: {cost, nodeCount, errors} where errors name a
 * connection without `first`/`last`, one above 100, or a query above 500,000 nodes.
 */
function costOf(document, operation, variables) {
	const fragments = new Map(document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION).map((definition) => [definition.name.value, definition]));
	const errors = [];
	let requests = 0;
	let nodeCount = 0;
	const argument = (field, name, type) => {
		const node = field.arguments?.find((entry) => entry.name.value === name);
		return node ? valueFromAST(node.value, type, variables) : undefined;
	};
	const walk = (selectionSet, parentType, multiplier) => {
		for (const selection of selectionSet?.selections ?? []) {
			if (selection.kind === Kind.INLINE_FRAGMENT) {
				walk(selection.selectionSet, selection.typeCondition ? githubSchema().getType(selection.typeCondition.name.value) : parentType, multiplier);
				continue;
			}
			if (selection.kind === Kind.FRAGMENT_SPREAD) {
				const fragment = fragments.get(selection.name.value);
				if (fragment) walk(fragment.selectionSet, githubSchema().getType(fragment.typeCondition.name.value), multiplier);
				continue;
			}
			const name = selection.name.value;
			if (name.startsWith('__') || !parentType || !(isObjectType(parentType) || isAbstractType(parentType)) || typeof parentType.getFields !== 'function') continue;
			const definition = parentType.getFields()[name];
			if (!definition) continue;
			const returned = getNamedType(definition.type);
			let inner = multiplier;
			if (returned.name.endsWith('Connection') && definition.args.some((arg) => arg.name === 'first')) {
				const intType = definition.args.find((arg) => arg.name === 'first').type;
				const first = argument(selection, 'first', intType);
				const last = argument(selection, 'last', intType);
				const size = first ?? last;
				if (size === undefined || size === null) {
					errors.push({ type: 'MISSING_PAGINATION_BOUNDARIES', path: [name], locations: [selection.loc ? { line: 1, column: 1 } : undefined].filter(Boolean), message: `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.` });
					continue;
				}
				if (size > 100 || size < 0) {
					errors.push({ type: 'EXCESSIVE_PAGINATION', path: [name], message: `Requesting ${size} records on the \`${name}\` connection exceeds the \`${first !== undefined ? 'first' : 'last'}\` limit of 100 records.` });
					continue;
				}
				requests += multiplier;
				inner = multiplier * size;
				nodeCount += inner;
			}
			walk(selection.selectionSet, returned, inner);
		}
	};
	const root = operation.operation === 'mutation' ? githubSchema().getMutationType() : githubSchema().getQueryType();
	walk(operation.selectionSet, root, 1);
	if (nodeCount > NODE_LIMIT) errors.push({ type: 'MAX_NODE_LIMIT_EXCEEDED', message: `This query requests up to ${nodeCount.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of 500,000.` });
	return { cost: Math.max(1, Math.round(requests / 100)), nodeCount, errors };
}

/**
 * A request checked against GitHub's schema: {document, operation, cost, nodeCount} or {errors}
 * (GitHub's answer for a query it refuses: HTTP 200 with `errors`, no `data`).
 */
function check(payload) {
	let document;
	try {
		document = parse(payload.query);
	} catch (error) {
		return { errors: [githubError(error)] };
	}
	const invalid = validate(githubSchema(), document);
	if (invalid.length > 0) return { errors: invalid.map(githubError) };
	const operation = operationOf(document, payload.operationName);
	if (!operation) return { errors: [{ message: payload.operationName ? `Unknown operation named "${payload.operationName}".` : 'Must provide operation name if query contains multiple operations.' }] };
	const variables = payload.variables ?? {};
	for (const definition of operation.variableDefinitions ?? []) {
		const name = definition.variable.name.value;
		if (definition.type.kind === Kind.NON_NULL_TYPE && (variables[name] === undefined || variables[name] === null) && !definition.defaultValue) {
			return { errors: [{ extensions: { value: null, problems: [{ path: [], explanation: 'Expected value to not be null' }] }, locations: [{ line: 1, column: 1 }], message: `Variable $${name} of type ${definition.type.type.name?.value ?? 'value'}! was provided invalid value` }] };
		}
	}
	const { cost, nodeCount, errors } = costOf(document, operation, variables);
	if (errors.length > 0) return { errors };
	return { document, operation, cost, nodeCount };
}

/** Runs a checked query with `rootValue`'s resolvers (plain properties or functions of the arguments). */
function run(checked, payload, rootValue) {
	const result = executeSync({ schema: githubSchema(), document: checked.document, rootValue, variableValues: payload.variables ?? {}, operationName: payload.operationName });
	const body = { data: result.data ?? null };
	if (result.errors?.length) body.errors = result.errors.map(githubError);
	return body;
}

/** An error a resolver throws to answer GitHub's typed error (FORBIDDEN, NOT_FOUND) at its path. */
function typedError(type, message) {
	return new GraphQLError(message, { extensions: { type } });
}

module.exports = { check, run, typedError, githubSchema, costOf };
