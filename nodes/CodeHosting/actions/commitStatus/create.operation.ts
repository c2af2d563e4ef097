import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { codeHosting, compact, readSha, repoPath, repositoryFields } from '../common';

export const description: INodeProperties[] = showFor('commitStatus', 'create', [
	...repositoryFields,
	{ displayName: 'SHA', name: 'sha', type: 'string', default: '', required: true, description: 'The commit (40 hexadecimal characters)' },
	{
		displayName: 'State',
		name: 'state',
		type: 'options',
		options: [
			{ name: 'Error', value: 'error' },
			{ name: 'Failure', value: 'failure' },
			{ name: 'Pending', value: 'pending' },
			{ name: 'Success', value: 'success' },
		],
		default: 'pending',
		description: 'The state of the status',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Context', name: 'context', type: 'string', default: '', placeholder: 'ci/build', description: 'A label that tells this status from others on the commit (default "default")' },
			{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'A short description of the status' },
			{ displayName: 'Target URL', name: 'target_url', type: 'string', default: '', description: 'A page with the details, linked from the status' },
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const sha = readSha(this, 'sha', 'SHA', itemIndex);
	const body: IDataObject = {
		state: this.getNodeParameter('state', itemIndex) as string,
		...compact(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	return await codeHosting(this).request('POST', `${repoPath(this, itemIndex)}/statuses/${sha}`, { body, itemIndex });
}
