import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { listTemplates } from '../common';

export const description: INodeProperties[] = showFor('template', 'getAll', returnAllOrLimit());


/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listTemplates(this, readLimit(this, itemIndex), itemIndex);
}
