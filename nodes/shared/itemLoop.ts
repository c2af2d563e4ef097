import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { redactSecrets } from './redact';
import { append } from './append';

/**
 * An operation of an action node: its `execute` for one input item and what it returns, declared
 * by the operation (so the item loop never guesses from the result's shape):
 * - `item`: one object, one output item;
 * - `items`: a list of objects, one output item each;
 * - `binary`: output items built by the operation itself (with binary data);
 * - `all`: an operation that reads the whole input at once (a roster) and pairs each output
 *   item with the input items it came from; it runs once, not per item.
 */
export type Operation =
	| { returns: 'item'; execute: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject> }
	| { returns: 'items'; execute: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject[]> }
	| { returns: 'binary'; execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]> }
	| { returns: 'all'; execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[]> };

export type OperationOutput = Exclude<Operation['returns'], 'all'>;

/** The output items of one input item, as the operation declared them. */
export function toExecutionData(
	result: IDataObject | IDataObject[] | INodeExecutionData[],
	returns: OperationOutput,
): INodeExecutionData[] {
	if (returns === 'binary') return result as INodeExecutionData[];
	if (returns === 'item') return [{ json: result as IDataObject }];
	return (result as IDataObject[]).map((json) => ({ json }));
}

/** Runs an operation for one item and answers its output items. */
async function runOperation(
	ctx: IExecuteFunctions,
	operation: Exclude<Operation, { returns: 'all' }>,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	switch (operation.returns) {
		case 'item':
			return toExecutionData(await operation.execute.call(ctx, itemIndex), 'item');
		case 'items':
			return toExecutionData(await operation.execute.call(ctx, itemIndex), 'items');
		case 'binary':
			return await operation.execute.call(ctx, itemIndex);
	}
}

/**
 * Attaches the index of the failing item to an error and strips known secrets from it,
 * so every error that leaves a node says which item failed and never carries a key.
 */
export function prepareItemError(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
	secrets: string[],
): NodeApiError | NodeOperationError {
	let nodeError: NodeApiError | NodeOperationError;
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		nodeError = error;
	} else {
		const message = error instanceof Error ? error.message : String(error);
		nodeError = new NodeOperationError(ctx.getNode(), redactSecrets(message, secrets), {
			itemIndex,
		});
	}
	nodeError.context = { ...(nodeError.context ?? {}), itemIndex };
	nodeError.message = redactSecrets(nodeError.message, secrets);
	if (nodeError.description) nodeError.description = redactSecrets(nodeError.description, secrets);
	return nodeError;
}

/**
 * The one item loop of the pack: runs `operation` once per input item, pairs every output item
 * with the input item it came from, and either emits `{ error }` for a failed item (Continue On
 * Fail) or stops with an error that carries the item index. `explainError` runs only for failed
 * items, so a node's error wording adds nothing to the path of an item that succeeds.
 */
export async function runItemLoop(
	this: IExecuteFunctions,
	operation: Operation,
	secrets: () => Promise<string[]> = async () => [],
	/** Rewords an item's error with what the node knows (may look something up); only called on errors. */
	explainError?: (ctx: IExecuteFunctions, error: unknown, itemIndex: number) => Promise<unknown>,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];
	if (operation.returns === 'all') return [await runWholeInput(this, operation, items.length, secrets)];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const executionData = this.helpers.constructExecutionMetaData(await runOperation(this, operation, itemIndex), {
				itemData: { item: itemIndex },
			});
			append(returnData, executionData);
		} catch (caught) {
			let error = caught;
			if (explainError) {
				try {
					error = await explainError(this, caught, itemIndex);
				} catch (failure) {
					error = failure; // the lookup itself failed: report that, as the operation would have
				}
			}
			const nodeError = prepareItemError(this, error, itemIndex, await secrets());
			if (this.continueOnFail()) {
				returnData.push({ json: errorJson(nodeError), pairedItem: { item: itemIndex } });
				continue;
			}
			throw nodeError;
		}
	}

	return [returnData];
}

/** The output item of a failed item under Continue On Fail. */
function errorJson(nodeError: NodeApiError | NodeOperationError): IDataObject {
	const json: IDataObject = { error: nodeError.message };
	if (nodeError.description) json.errorDescription = nodeError.description;
	if (nodeError instanceof NodeApiError && nodeError.httpCode) json.httpCode = nodeError.httpCode;
	return json;
}

/**
 * An operation over the whole input, run once. Its error keeps the index of the item it names
 * (a bad roster entry), else the first; with Continue On Fail it becomes one error item paired
 * with every input item.
 */
async function runWholeInput(
	ctx: IExecuteFunctions,
	operation: Extract<Operation, { returns: 'all' }>,
	itemCount: number,
	secrets: () => Promise<string[]>,
): Promise<INodeExecutionData[]> {
	try {
		return await operation.execute.call(ctx);
	} catch (error) {
		const named = (error as { context?: { itemIndex?: unknown } } | undefined)?.context?.itemIndex;
		const itemIndex = typeof named === 'number' ? named : 0;
		const nodeError = prepareItemError(ctx, error, itemIndex, await secrets());
		if (!ctx.continueOnFail()) throw nodeError;
		return [{ json: errorJson(nodeError), pairedItem: Array.from({ length: itemCount }, (_, item) => ({ item })) }];
	}
}
