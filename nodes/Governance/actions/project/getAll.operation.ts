import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor } from '../../../shared';
import { governanceList, governanceRequest } from '../../transport';

export const description: INodeProperties[] = showFor('project', 'getAll', returnAllOrLimit());

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	return await governanceList(limit, async (page, pageSize) => {
		const response = await governanceRequest<{ projects?: IDataObject[]; count?: number }>(
			this,
			'GET',
			'/projects/list',
			{ qs: { page, page_size: pageSize }, itemIndex },
		);
		return { items: response.projects ?? [], total: response.count };
	});
}
