import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import type { ClientInfoContext } from '../../transport';
import { clientInfo } from '../../transport';

export const description: INodeProperties[] = showFor('template', 'getAll', returnAllOrLimit());

/** The account's request templates, `{id, name, ...}`, up to `limit`. */
export async function listTemplates(
	ctx: ClientInfoContext,
	limit: number,
	itemIndex = 0,
): Promise<IDataObject[]> {
	return await clientInfo(ctx).requestAll('GET', '/request_templates', limit, { qs: {}, itemIndex });
}

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listTemplates(this, readLimit(this, itemIndex), itemIndex);
}
