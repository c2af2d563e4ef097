import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requirePathSegment, requireText, showFor, withShownDefaults } from '../../../shared';
import { codeHosting, compact } from '../common';

const additionalFieldsField: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		{ displayName: 'Auto Init', name: 'auto_init', type: 'boolean', default: false, description: 'Whether to create an initial commit with an empty README' },
		{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'A short description of the repository' },
		{ displayName: 'Gitignore Template', name: 'gitignore_template', type: 'string', default: '', placeholder: 'Node', description: 'Name of a .gitignore template to start with, such as Node or Python' },
		{ displayName: 'Homepage', name: 'homepage', type: 'string', default: '', description: 'URL of a web page about the project' },
		{ displayName: 'License Template', name: 'license_template', type: 'string', default: '', placeholder: 'mit', description: 'Key of a license to add, such as mit or apache-2.0' },
		{ displayName: 'Private', name: 'private', type: 'boolean', default: true, description: 'Whether the repository is private (on by default: nothing is published by accident; the platform\'s own default is public)' },
	],
};

export const description: INodeProperties[] = showFor('repository', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description:
			'Name of the new repository. The platform turns characters other than letters, digits, ".", "-" and "_" into "-": the output has the name it really got.',
	},
	{
		displayName: 'Organization',
		name: 'organization',
		type: 'string',
		default: '',
		description: 'Organization to create the repository in. Leave empty for your own account.',
	},
	additionalFieldsField,
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = requireText(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex);
	const organization = String(this.getNodeParameter('organization', itemIndex, '') ?? '').trim();
	const body = { name, ...compact(withShownDefaults(additionalFieldsField, this.getNodeParameter('additionalFields', itemIndex, {}))) };
	const endpoint = organization
		? `/orgs/${encodeURIComponent(requirePathSegment(this, organization, 'Organization', itemIndex))}/repos`
		: '/user/repos';
	const created = await codeHosting(this).request('POST', endpoint, { body, itemIndex });
	// The platform may have rewritten the name (spaces, non-ASCII): say which one it really has.
	if (typeof created.name === 'string' && created.name !== name) {
		return {
			...created,
			requested_name: name,
			notice: `Created as "${String(created.full_name ?? created.name)}": the platform rewrote the requested name "${name}". Use "${created.name}" in later steps.`,
		};
	}
	return created;
}
