import type { IExecuteFunctions } from 'n8n-workflow';

/** True when a stored parameter value holds an expression anywhere (`=...` strings). */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

const perExecution = new WeakMap<object, Map<string, unknown>>();

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
	const cache = perExecution.get(ctx);
	if (cache?.has(key)) return cache.get(key) as T;
	const value = read();
	const parameters = ctx.getNode().parameters ?? {};
	if (parameterNames.every((name) => !holdsExpression(parameters[name]))) {
		if (cache) cache.set(key, value);
		else perExecution.set(ctx, new Map([[key, value]]));
	}
	return value;
}
