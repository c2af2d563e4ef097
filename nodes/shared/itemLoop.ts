import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { redactSecrets } from './redact';

/** What an operation may return for one input item. */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

export type ItemHandler = (this: IExecuteFunctions, itemIndex: number) => Promise<OperationResult>;

function isExecutionData(value: unknown): value is INodeExecutionData {
	return (
		typeof value === 'object' &&
		value !== null &&
		'json' in value &&
		typeof (value as INodeExecutionData).json === 'object'
	);
}

function toExecutionData(result: OperationResult): INodeExecutionData[] {
	const list = Array.isArray(result) ? result : [result];
	return list.map((entry) =>
		isExecutionData(entry) ? entry : ({ json: entry as IDataObject } as INodeExecutionData),
	);
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
 * The one item loop of the pack: runs `handler` once per input item, pairs every output item
 * with the input item it came from, and either emits `{ error }` for a failed item (Continue On
 * Fail) or stops with an error that carries the item index.
 */
export async function runItemLoop(
	this: IExecuteFunctions,
	handler: ItemHandler,
	secrets: () => Promise<string[]> = async () => [],
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await handler.call(this, itemIndex);
			const executionData = this.helpers.constructExecutionMetaData(toExecutionData(result), {
				itemData: { item: itemIndex },
			});
			returnData.push(...executionData);
		} catch (error) {
			const nodeError = prepareItemError(this, error, itemIndex, await secrets());
			if (this.continueOnFail()) {
				const json: IDataObject = { error: nodeError.message };
				if (nodeError.description) json.errorDescription = nodeError.description;
				if (nodeError instanceof NodeApiError && nodeError.httpCode) {
					json.httpCode = nodeError.httpCode;
				}
				returnData.push({ json, pairedItem: { item: itemIndex } });
				continue;
			}
			throw nodeError;
		}
	}

	return [returnData];
}
