import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { pageNumberPaging, readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { governance, PAGE_SIZE } from '../../transport';
import { simplifyProject } from '../common';

export const description: INodeProperties[] = showFor('project', 'getAll', [...returnAllOrLimit(), simplifyOptions()]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const projects = await governance(this).requestAll('GET', '/projects/list', limit, {
		itemIndex,
		pagination: pageNumberPaging({ pageSize: PAGE_SIZE, in: 'qs', itemsKey: 'projects', total: (body) => body.count }),
	});
	return simplifiedAll(this, itemIndex, projects, simplifyProject);
}
