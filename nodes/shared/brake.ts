import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * What the operations that read all input items together and may remove many (Sync, Remove Grants
 * on both action nodes) share: the Max Removals brake and the refusal of Execute Once.
 */

/** Max Removals, default 5: `stops` says what it stops and why (e.g. "the whole sync, before its first change, …"). */
export function maxRemovalsField(stops: string): INodeProperties {
	return {
		displayName: 'Max Removals',
		name: 'maxRemovals',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 5,
		description: stops,
	};
}

/** The Max Removals of these options (5 when not set), or an error before any request. */
export function readMaxRemovals(ctx: IExecuteFunctions, options: IDataObject): number {
	const max = options.maxRemovals === undefined || options.maxRemovals === '' ? 5 : Number(options.maxRemovals);
	if (!Number.isInteger(max) || max < 0) {
		throw new NodeOperationError(ctx.getNode(), 'Max Removals must be a whole number, 0 or more', { itemIndex: 0, description: `Got "${String(options.maxRemovals)}". Nothing was changed.` });
	}
	return max;
}

/**
 * Refuses Execute Once for an operation that reads all input items together (it would see only
 * the first): `operation` names it, `first` what it would see, `all` what the items are together.
 */
export function refuseExecuteOnce(ctx: IExecuteFunctions, operation: string, first: string, all: string): void {
	if (ctx.getNode().executeOnce !== true) return;
	throw new NodeOperationError(ctx.getNode(), `${operation} cannot run with Execute Once: it would see only ${first}`, {
		itemIndex: 0,
		description: `Nothing was changed. Turn off Execute Once in the node's settings: ${operation} reads all input items together as ${all}.`,
	});
}
