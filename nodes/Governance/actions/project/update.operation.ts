import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';

export const description: INodeProperties[] = showFor('project', 'update', [
	{ ...projectLocator, description: 'The project to rename or describe: the credential\'s project (default), or another one the key reaches' },
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'New name of the project',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				typeOptions: { rows: 2 },
				description: 'New description of the project',
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (typeof fields.name === 'string') {
		if (fields.name.trim() === '') {
			throw new NodeOperationError(this.getNode(), 'Name must not be empty', {
				itemIndex,
				description: 'Enter the new name, or remove the Name field to keep the current one.',
			});
		}
		body.name = fields.name.trim();
	}
	if (typeof fields.description === 'string') body.description = fields.description;
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Add a Name or a Description under Update Fields.',
		});
	}
	const client = inProject(this, await readProject(this, itemIndex));
	const response = await client.request('POST', '/projects/update', { body, itemIndex });
	return { project_id: client.project.id, ...body, ...response };
}
