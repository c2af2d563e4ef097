import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { codeHosting, directionFilter, filtersCollection, issueListQuery, issueSinceFilter, issueSortFilter, readFilters, repoPath, repositoryFields, simplifyIssue, stateFilter } from '../common';

const filtersField = filtersCollection([
	{ displayName: 'Assignee', name: 'assignee', type: 'string', default: '', description: 'Login, "none" or "*"' },
	{ displayName: 'Creator', name: 'creator', type: 'string', default: '' },
	directionFilter,
	{ displayName: 'Labels', name: 'labels', type: 'string', default: '', description: 'Label names, separated by commas' },
	{ displayName: 'Mentioned', name: 'mentioned', type: 'string', default: '' },
	issueSinceFilter,
	issueSortFilter,
	stateFilter,
]);

export const description: INodeProperties[] = showFor('issue', 'getAll', [
	...repositoryFields,
	...returnAllOrLimit(),
	filtersField,
	simplifyOptions(),
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const qs = issueListQuery(readFilters(this, filtersField, itemIndex));
	return simplifiedAll(this, itemIndex, await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/issues`, readLimit(this, itemIndex), { qs, itemIndex }), simplifyIssue);
}
