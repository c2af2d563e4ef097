import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, compact, openClosedState, pullNumberField, readNumber, repoPath, repositoryFields, requireChanges } from '../common';

export const description: INodeProperties[] = showFor('pullRequest', 'update', [
	...repositoryFields,
	pullNumberField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Base Branch', name: 'base', type: 'string', default: '' },
			{ displayName: 'Body', name: 'body', type: 'string', typeOptions: { rows: 4 }, default: '' },
			{ displayName: 'Maintainer Can Modify', name: 'maintainer_can_modify', type: 'boolean', default: true },
			openClosedState,
			{ displayName: 'Title', name: 'title', type: 'string', default: '' },
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const number = readNumber(this, 'pullNumber', 'Pull Request Number', itemIndex);
	const body = compact(this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
	return await codeHosting(this).request('PATCH', `${repoPath(this, itemIndex)}/pulls/${number}`, {
		body: requireChanges(this, body, itemIndex),
		itemIndex,
	});
}
