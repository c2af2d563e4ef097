import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showFor } from '../../../shared';

export const description: INodeProperties[] = showFor('project', 'delete', [
	{
		displayName:
			'Deleting a project is announced by the platform but not available yet. This operation stops with an error and sends no request.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Project ID',
		name: 'projectId',
		type: 'string',
		default: '',
		description: 'Project to delete, once the platform offers it',
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	throw new NodeOperationError(this.getNode(), 'Deleting a project is not available yet', {
		itemIndex,
		description:
			'The control API announces project deletion but does not offer it yet, so no request was sent. Delete the project in the platform\'s web app.',
	});
}
