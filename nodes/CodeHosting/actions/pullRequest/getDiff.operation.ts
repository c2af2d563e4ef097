import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { pullNumberField, pullText, pullTextOptions, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'getDiff', [...repositoryFields, pullNumberField, pullTextOptions('diff')]);

/** One output item per input item: `diff` as text, or a binary file. */
export const returns = 'binary';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await pullText(this, itemIndex, 'diff');
}
