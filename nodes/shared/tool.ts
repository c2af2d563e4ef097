import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

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

/** The value of an Automatic / On / Off option that means "decide by how the node runs". */
export const AUTOMATIC = 'auto';

/**
 * The Simplify option: an explicit choice whose default is the automatic behaviour, named as such
 * (issue 37: an option added at its shown default changes nothing). Automatic, or the option not
 * added, simplifies when the node runs as an AI tool and returns the whole object otherwise. The
 * values true and false are the ones the boolean it used to be stored, so those workflows keep
 * their output.
 */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'options',
	options: [
		{
			name: 'Automatic: Simplified as an AI Tool, Full Otherwise',
			value: AUTOMATIC,
			description: 'The fields a person reads when an AI agent or MCP client calls the node, the whole object in a workflow',
		},
		{ name: 'Full', value: false, description: 'The whole object, as the API returns it' },
		{ name: 'Simplified', value: true, description: 'Only the fields a person reads (see docs/mcp.md)' },
	],
	default: AUTOMATIC,
	description: 'Whether to return only the fields a person reads instead of the whole object',
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

/**
 * An Automatic / On / Off option's value: true or false when chosen (the stored booleans of
 * workflows saved before the choice existed, or their text from an expression), `fallback` when
 * Automatic or not added. Anything else is an error naming the option, before any request.
 */
export function automaticChoice(
	ctx: Pick<ToolContext, 'getNode'>,
	value: unknown,
	fallback: () => boolean,
	label: string,
	itemIndex: number,
): boolean {
	if (value === true || value === 'true') return true;
	if (value === false || value === 'false') return false;
	if (value === undefined || value === null || value === '' || value === AUTOMATIC) return fallback();
	throw new NodeOperationError(ctx.getNode(), `${label} must be Automatic, true or false`, {
		itemIndex,
		description: `Got "${String(value)}". Nothing was sent.`,
	});
}

/**
 * The Mode option (stored as `dryRun`) of an operation that plans its changes before it makes them:
 * Apply, Automatic (plan as an AI tool, apply otherwise; the default) or Plan Only. `apply` and
 * `plan` describe the two explicit choices; `what` names the operation in the option's description.
 */
export function dryRunModeField(what: string, apply: string, plan: string): INodeProperties {
	return {
		displayName: 'Mode',
		name: 'dryRun',
		type: 'options',
		options: [
			{ name: 'Apply', value: false, description: apply },
			{
				name: 'Automatic: Plan as an AI Tool, Apply Otherwise',
				value: AUTOMATIC,
				description: 'An AI agent or MCP client gets the plan and nothing changes; a workflow applies the changes',
			},
			{ name: 'Plan Only (Dry Run)', value: true, description: plan },
		],
		default: AUTOMATIC,
		description: `Whether the ${what} only plans or also applies its changes`,
	};
}

/** Whether the Mode option (`dryRun`) only plans: the option when chosen, else whether it runs as a tool. */
export function wantsDryRun(ctx: ToolContext, value: unknown, itemIndex: number): boolean {
	return automaticChoice(ctx, value, () => runsAsTool(ctx), 'Mode', itemIndex);
}

/** Whether this item's output is simplified: the option when chosen, else whether it runs as a tool. */
export function wantsSimplify(ctx: ToolContext, itemIndex: number): boolean {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return automaticChoice(ctx, options?.simplify, () => runsAsTool(ctx), 'Simplify', itemIndex);
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
