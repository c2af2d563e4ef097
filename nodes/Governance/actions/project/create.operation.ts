import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { governance } from '../../transport';

export const description: INodeProperties[] = showFor('project', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'Name of the new project',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 2 },
		description: 'Description of the new project',
	},
	{
		displayName: 'Organization ID',
		name: 'organizationId',
		type: 'string',
		default: '',
		required: true,
		description: 'Organization that receives the project',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'fixedCollection',
		placeholder: 'Add Field',
		default: {},
		typeOptions: { multipleValues: true },
		description: 'Further body fields, sent as given (for example language)',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Body field name, sent as given (for example language)' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'Text value of that body field' },
				],
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body: IDataObject = {
		name: requireText(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex),
		description: String(this.getNodeParameter('description', itemIndex, '') ?? ''),
		organization_id: requireText(
			this,
			this.getNodeParameter('organizationId', itemIndex),
			'Organization ID',
			itemIndex,
		),
	};
	const additional = this.getNodeParameter('additionalFields.field', itemIndex, []) as Array<{
		name: string;
		value: string;
	}>;
	for (const { name, value } of additional) {
		if (name && name.trim() !== '') body[name.trim()] = value;
	}
	return await governance(this).request('POST', '/projects/create', { body, itemIndex });
}
