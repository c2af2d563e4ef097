import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEmail, requireText, showFor } from '../../../shared';
import { clientInfo } from '../../transport';
import { otherFieldsOption, readAdditionalFields } from '../common';

export const description: INodeProperties[] = showFor('client', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'Name of the client',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the client',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Further profile fields; each key is sent to the platform as given',
		options: [
			{
				displayName: 'Full Name',
				name: 'full_name',
				type: 'string',
				default: '',
				description: 'The platform\'s own name field, sent as full_name',
			},
			{ ...otherFieldsOption, placeholder: '{"client_companies": [{"name": "Acme Pty Ltd"}]}' },
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				description: 'Sent as phone',
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = requireText(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex);
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const body: IDataObject = { name, email, ...readAdditionalFields(this, itemIndex) };
	return await clientInfo(this).request('POST', '/clients', { body, itemIndex });
}
