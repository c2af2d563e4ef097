import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

type ToolContext = Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter'> & { isToolExecution?: () => boolean };

/**
 * Whether this run is an AI tool's call: a Tools Agent's, or an MCP client's through n8n's MCP
 * Server Trigger. n8n 2.x answers `isToolExecution()`; n8n 1.x has no such method, but runs a node
 * as a tool only in its tool variant, whose type n8n names `<type>Tool` (convertNodeToAiTool).
 */
export function runsAsTool(ctx: ToolContext): boolean {
	if (typeof ctx.isToolExecution === 'function') {
		try {
			if (ctx.isToolExecution()) return true;
		} catch {
			// a context without the tool flag (an older n8n-core): the node type says it below
		}
	}
	return /Tool$/.test(ctx.getNode().type);
}

/**
 * The Simplify option (product.md: "option `simplify` (boolean; on by default only when run as a
 * tool)"). It sits in the operation's Options collection, so that a workflow saved before it, or
 * one whose builder did not add it, stores nothing: then it is on when the node runs as a tool and
 * off otherwise, and a builder who adds it decides either way.
 */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return only the fields a person reads (see the README) instead of the whole object. Without this option: on when the node runs as an AI tool, off otherwise.',
};

/** The Options collection of an operation whose only option is Simplify (put in its showFor list). */
export function simplifyOptions(): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [simplifyField],
	};
}

/** Whether this item's output is simplified: the option when added, else whether it runs as a tool. */
export function wantsSimplify(ctx: ToolContext, itemIndex: number): boolean {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (typeof options?.simplify === 'boolean') return options.simplify;
	return runsAsTool(ctx);
}

/** One object as the item should return it: through `simplify` when the option (or a tool run) says so. */
export function simplified(
	ctx: ToolContext,
	itemIndex: number,
	data: IDataObject,
	simplify: (entry: IDataObject) => IDataObject,
): IDataObject {
	return wantsSimplify(ctx, itemIndex) ? simplify(data) : data;
}

/** A list as the item should return it: each entry through `simplify` when the option (or a tool run) says so. */
export function simplifiedAll(
	ctx: ToolContext,
	itemIndex: number,
	data: IDataObject[],
	simplify: (entry: IDataObject) => IDataObject,
): IDataObject[] {
	return wantsSimplify(ctx, itemIndex) ? data.map((entry) => simplify(entry)) : data;
}

/** A nested object's field (`user.login`), or undefined. */
export function pick(value: unknown, ...path: string[]): unknown {
	let at: unknown = value;
	for (const key of path) {
		if (at === null || typeof at !== 'object') return undefined;
		at = (at as IDataObject)[key];
	}
	return at;
}

/** The names of a list of objects (labels → their names, users → their logins). */
export function namesOf(list: unknown, key: string): string[] {
	if (!Array.isArray(list)) return [];
	return list
		.map((entry) => (typeof entry === 'string' ? entry : pick(entry, key)))
		.filter((name): name is string => typeof name === 'string');
}

/** An object without its undefined fields (what a simplified answer leaves out). */
export function withoutUndefined(entry: Record<string, unknown>): IDataObject {
	return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as IDataObject;
}
