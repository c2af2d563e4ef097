import type { IExecuteFunctions, INode } from 'n8n-workflow';

/** True when a stored parameter value holds an expression anywhere (`=...` strings). */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

const nodes = new WeakMap<object, INode>();

/**
 * The node of this execution context, copied once. n8n's `getNode()` deep-copies the node with
 * all its parameters on every call; the copy does not change during an execution, so per-request
 * code reads this one (read only).
 */
export function nodeOf(ctx: Pick<IExecuteFunctions, 'getNode'>): INode {
	let node = nodes.get(ctx);
	if (!node) {
		node = ctx.getNode();
		nodes.set(ctx, node);
	}
	return node;
}

/** Per execution context: the value of a static read, or `dynamic` when it holds an expression. */
const perExecution = new WeakMap<object, Map<string, { value: unknown } | 'dynamic'>>();

/**
 * Reads a value once per execution when every parameter it comes from is stored without an
 * expression (so it is the same for every item); otherwise reads it for each item. A read that
 * throws is not kept, so each item gets its own error.
 */
export function readOnceIfStatic<T>(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	key: string,
	parameterNames: string[],
	read: () => T,
): T {
	let cache = perExecution.get(ctx);
	const known = cache?.get(key);
	if (known === 'dynamic') return read();
	if (known) return known.value as T;
	const value = read();
	const parameters = nodeOf(ctx).parameters ?? {};
	if (!cache) {
		cache = new Map();
		perExecution.set(ctx, cache);
	}
	cache.set(key, parameterNames.every((name) => !holdsExpression(parameters[name])) ? { value } : 'dynamic');
	return value;
}
