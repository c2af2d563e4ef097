import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions, withShownDefaults } from '../../../shared';
import { codeHosting, directionFilter, issueListQuery, repoPath, repositoryFields, simplifyIssue, stateFilter } from '../common';

const filtersField: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{ displayName: 'Assignee', name: 'assignee', type: 'string', default: '', description: 'Login, "none" or "*"' },
		{ displayName: 'Creator', name: 'creator', type: 'string', default: '' },
		directionFilter,
		{ displayName: 'Labels', name: 'labels', type: 'string', default: '', description: 'Label names, separated by commas' },
		{ displayName: 'Mentioned', name: 'mentioned', type: 'string', default: '' },
		{ displayName: 'Since', name: 'since', type: 'dateTime', default: '', description: 'Only issues updated at or after this time' },
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'options',
			options: [
				{ name: 'Comments', value: 'comments' },
				{ name: 'Created', value: 'created' },
				{ name: 'Updated', value: 'updated' },
			],
			default: 'created',
			description: 'Property to sort by: created, updated or comments',
		},
		stateFilter,
	],
};

export const description: INodeProperties[] = showFor('issue', 'getAll', [
	...repositoryFields,
	...returnAllOrLimit(),
	filtersField,
	simplifyOptions(),
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const qs = issueListQuery(withShownDefaults(filtersField, this.getNodeParameter('filters', itemIndex, {})));
	return simplifiedAll(this, itemIndex, await codeHosting(this).requestAll('GET', `${repoPath(this, itemIndex)}/issues`, readLimit(this, itemIndex), { qs, itemIndex }), simplifyIssue);
}
