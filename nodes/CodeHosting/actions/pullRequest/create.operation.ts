import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor, withShownDefaults } from '../../../shared';
import { branchLocator, codeHosting, compact, repoPath, repositoryFields } from '../common';

const additionalFieldsField: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		{ displayName: 'Body', name: 'body', type: 'string', typeOptions: { rows: 4 }, default: '' },
		{ displayName: 'Draft', name: 'draft', type: 'boolean', default: false, description: 'Whether to open the pull request as a draft' },
		{ displayName: 'Maintainer Can Modify', name: 'maintainer_can_modify', type: 'boolean', default: true, description: 'Whether maintainers can push to the head branch' },
	],
};

export const description: INodeProperties[] = showFor('pullRequest', 'create', [
	...repositoryFields,
	{ displayName: 'Title', name: 'title', type: 'string', default: '', required: true },
	{ ...branchLocator('Head', 'head', true, 'Branch with the changes (owner:branch for a fork)') },
	{ ...branchLocator('Base', 'base', true, 'Branch to merge into') },
	additionalFieldsField,
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body: IDataObject = {
		title: requireText(this, this.getNodeParameter('title', itemIndex), 'Title', itemIndex),
		head: requireText(this, this.getNodeParameter('head', itemIndex, '', { extractValue: true }), 'Head', itemIndex),
		base: requireText(this, this.getNodeParameter('base', itemIndex, '', { extractValue: true }), 'Base', itemIndex),
		...compact(withShownDefaults(additionalFieldsField, this.getNodeParameter('additionalFields', itemIndex, {}))),
	};
	return await codeHosting(this).request('POST', `${repoPath(this, itemIndex)}/pulls`, { body, itemIndex });
}
