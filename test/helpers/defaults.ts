/**
 * What the "safe by default" tests (issue 37) walk: every operation of an action node read from
 * its description, the options of its collections, and the shapes in which two runs are compared.
 */
import type { IDataObject, INodeExecutionData, INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

export interface Operation {
	/** `resource.operation` */
	key: string;
	resource: string;
	operation: string;
	/** The parameters shown for this resource and operation (other conditions not evaluated). */
	properties: INodeProperties[];
}

/** Whether `property` is shown for this resource and operation. */
export function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	if (property.name === 'resource' || property.name === 'operation') return false;
	if (show?.resource && !show.resource.includes(resource)) return false;
	if (show?.operation && !show.operation.includes(operation)) return false;
	return true;
}

/** Every resource → operation pair of an action node, from its description. */
export function operationsOf(description: INodeTypeDescription): Operation[] {
	const resources = (description.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	return resources.flatMap((resource) =>
		description.properties
			.filter((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value))
			.flatMap((selector) => selector.options as INodePropertyOptions[])
			.map((option) => {
				const [res, op] = [String(resource.value), String(option.value)];
				return { key: `${res}.${op}`, resource: res, operation: op, properties: description.properties.filter((property) => shownFor(property, res, op)) };
			}),
	);
}

export interface CollectionOption {
	/** The collection parameter (`options`, `filters`, `additionalFields`, …). */
	collection: string;
	option: INodeProperties;
}

/**
 * Every option of every `collection` parameter an operation shows, but Update Fields: a field
 * added there is the value to set (n8n's convention: adding Title sets the title, adding State
 * open reopens), so its shown default is a value, not a behaviour.
 */
export function collectionOptionsOf(operation: Operation): CollectionOption[] {
	return operation.properties
		.filter((property) => property.type === 'collection' && property.name !== 'updateFields')
		.flatMap((collection) =>
			((collection.options ?? []) as INodeProperties[]).filter((option) => 'type' in option).map((option) => ({ collection: collection.name, option })),
		);
}

/** Whether a parameter's default is empty: a fill of it overrides no choice of the node. */
export function hasEmptyDefault(property: INodeProperties): boolean {
	const value = property.default as unknown;
	if (value === '' || value === null || value === undefined) return true;
	if (Array.isArray(value)) return value.length === 0;
	if (typeof value === 'object') {
		const entries = Object.entries(value as IDataObject).filter(([key]) => key !== 'mode' && key !== '__rl');
		return entries.every(([, entry]) => entry === '' || entry === undefined);
	}
	return false;
}

/**
 * Values the stand-in servers make up anew on each run (random ids, keys, SHAs of new commits,
 * the time) replaced by placeholders, so two runs compare on what the node chose to send and return.
 */
export function masked<T>(value: T): T {
	return JSON.parse(
		JSON.stringify(value)
			.replace(/"node_id":"[^"]*"/g, '"node_id":"<node id>"')
			// a plan line's digest covers its id and time
			.replace(/"hmac-sha256:[^"]*"/g, '"<digest>"')
			.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?/g, '<time>')
			.replace(/(?:127\.0\.0\.1|localhost):\d+/g, '<host>')
			.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
			.replace(/[0-9a-f]{12,}/gi, '<hex>'),
	) as T;
}

/** A request as compared between two runs: method, path, query and the JSON (or text) body. */
export interface SeenRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	body?: unknown;
}

export function seen(requests: Array<{ method: string; path: string; query?: Record<string, string>; body?: string }>): SeenRequest[] {
	return masked(requests.map(({ method, path, query, body }) => {
		let parsed: unknown = body;
		if (typeof body === 'string' && body !== '') {
			try {
				parsed = JSON.parse(body);
			} catch {
				parsed = body;
			}
		}
		return { method, path, query: { ...(query ?? {}) }, ...(parsed === undefined || parsed === '' ? {} : { body: parsed }) };
	}));
}

/** A node's output as compared between two runs: JSON and binary metadata (ids of stored binaries vary). */
export function outputShape(output: INodeExecutionData[]): unknown[] {
	return masked(output.map((item) => ({
		json: item.json,
		binary: Object.fromEntries(Object.entries(item.binary ?? {}).map(([key, file]) => [key, { fileName: file.fileName, mimeType: file.mimeType, data: file.data }])),
		pairedItem: item.pairedItem,
	})));
}

/** Each resource of an action node with the operation a new node (or a resource switched to) opens on. */
export function openingOperations(description: INodeTypeDescription): Record<string, string> {
	const resources = (description.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	return Object.fromEntries(
		resources.map((resource) => {
			const selector = description.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value));
			return [String(resource.value), String(selector?.default)];
		}),
	);
}

/** An observed run's error as one line, `message | description`, or undefined without an error. */
export function errorLine(error: { message: string; description?: string | null } | undefined): string | undefined {
	return error ? `${error.message} | ${error.description ?? ''}` : undefined;
}

/** Each operation's baseline, observed once per test file (at its first use) and shared after. */
export function baselinesOf<T>(observe: (operation: Operation) => T): (operation: Operation) => T {
	const baselines = new Map<string, T>();
	return (operation) => {
		if (!baselines.has(operation.key)) baselines.set(operation.key, observe(operation));
		return baselines.get(operation.key)!;
	};
}

/**
 * Simplify added at Automatic gives, as an AI tool, what no option gives (no error), and Full
 * gives other output: `observe` runs the operation with the extra parameters, as a tool or not.
 */
export async function expectSimplifyAutomaticAsNone(
	operation: Operation,
	observe: (operation: Operation, extra: IDataObject, asTool: boolean) => Promise<{ output: unknown; error?: string }>,
): Promise<void> {
	const without = await observe(operation, {}, true);
	const added = await observe(operation, { options: { simplify: 'auto' } }, true);
	const full = await observe(operation, { options: { simplify: false } }, true);
	expect(without.error).toBeUndefined();
	expect(added).toEqual(without);
	expect(full.output).not.toEqual(without.output);
}
