import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, readRef, refField, repoPath, repositoryFields } from '../common';
import { append } from '../../../shared/append';

export const description: INodeProperties[] = showFor('commitStatus', 'getCombined', [...repositoryFields, refField]);

/** One output item per input item: the combined state and the latest status of each context. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ref = readRef(this, 'ref', itemIndex);
	const path = `${repoPath(this, itemIndex)}/commits/${ref}/status`;
	// the latest status of every context, page by page (100 per page)
	const pages: IDataObject[] = [];
	let combined: IDataObject | undefined;
	for (let page = 1; ; page++) {
		const body = await codeHosting(this).request('GET', path, { qs: { per_page: 100, page }, itemIndex });
		combined ??= body;
		const statuses = Array.isArray(body.statuses) ? (body.statuses as IDataObject[]) : [];
		append(pages, statuses);
		if (statuses.length < 100 || pages.length >= Number(body.total_count ?? 0)) break;
	}
	return { ...combined, statuses: pages };
}
