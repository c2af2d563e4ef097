import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import { codeHosting } from '../common';

export const description: INodeProperties[] = showFor('projectItem', 'updateStatus', [
	{
		displayName: 'Project Owner Type',
		name: 'ownerType',
		type: 'options',
		options: [
			{ name: 'Organization', value: 'organization' },
			{ name: 'User', value: 'user' },
		],
		default: 'organization',
		description: 'Whether an organization or a user owns the project',
	},
	{ displayName: 'Project Owner', name: 'projectOwner', type: 'string', default: '', required: true, description: 'Login of the organization or user that owns the project' },
	{ displayName: 'Project Number', name: 'projectNumber', type: 'number', default: 1, required: true, description: 'The number in the project\'s URL (…/projects/NUMBER)' },
	{ displayName: 'Item ID', name: 'itemId', type: 'string', default: '', required: true, placeholder: 'PVTI_lADOA…', description: 'Node ID of the project item' },
	{ displayName: 'Status Field', name: 'statusField', type: 'string', default: 'Status', description: 'Name or ID of the single-select field to set' },
	{ displayName: 'Status', name: 'status', type: 'string', default: '', required: true, placeholder: 'Done', description: 'Name or ID of the option to set' },
]);

const FIELDS_QUERY = (ownerType: 'organization' | 'user') => `query ProjectFields($owner: String!, $number: Int!) {
  ${ownerType}(login: $owner) {
    projectV2(number: $number) {
      id
      title
      fields(first: 100) {
        nodes {
          ... on ProjectV2FieldCommon { id name }
          ... on ProjectV2SingleSelectField { id name options { id name } }
        }
      }
    }
  }
}`;

const UPDATE_MUTATION = `mutation UpdateItemStatus($projectId: ID!, $itemId: ID!, $fieldId: ID!, $optionId: String!) {
  updateProjectV2ItemFieldValue(input: {projectId: $projectId, itemId: $itemId, fieldId: $fieldId, value: {singleSelectOptionId: $optionId}}) {
    projectV2Item { id }
  }
}`;

interface Field {
	id: string;
	name: string;
	options?: Array<{ id: string; name: string }>;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const ownerType = this.getNodeParameter('ownerType', itemIndex) as 'organization' | 'user';
	const owner = requireText(this, this.getNodeParameter('projectOwner', itemIndex), 'Project Owner', itemIndex);
	const number = Number(this.getNodeParameter('projectNumber', itemIndex));
	if (!Number.isInteger(number) || number < 1) {
		throw new NodeOperationError(this.getNode(), 'Project Number must be a whole number of at least 1', { itemIndex });
	}
	const itemId = requireText(this, this.getNodeParameter('itemId', itemIndex), 'Item ID', itemIndex);
	const fieldWanted = requireText(this, this.getNodeParameter('statusField', itemIndex, 'Status'), 'Status Field', itemIndex);
	const statusWanted = requireText(this, this.getNodeParameter('status', itemIndex), 'Status', itemIndex);

	// with a GitHub App, the installation on the project's owner answers (GraphQL names no account in its path)
	const account = { kind: ownerType === 'organization' ? 'orgs' : 'users', login: owner } as const;
	const data = await codeHosting(this).graphql<IDataObject>('ProjectFields', FIELDS_QUERY(ownerType), { owner, number }, itemIndex, account);
	const project = (data?.[ownerType] as IDataObject | undefined)?.projectV2 as
		| { id: string; title: string; fields: { nodes: Field[] } }
		| undefined;
	if (!project) {
		throw new NodeOperationError(this.getNode(), `Project ${number} of ${owner} was not found`, { itemIndex });
	}
	const fields = project.fields.nodes.filter((field) => field && field.id);
	const field = fields.find((entry) => entry.id === fieldWanted) ?? fields.find((entry) => same(entry.name, fieldWanted));
	if (!field || !field.options) {
		throw new NodeOperationError(this.getNode(), `The project has no single-select field "${fieldWanted}"`, {
			itemIndex,
			description: `Single-select fields: ${fields.filter((entry) => entry.options).map((entry) => entry.name).join(', ') || 'none'}.`,
		});
	}
	const option = field.options.find((entry) => entry.id === statusWanted) ?? field.options.find((entry) => same(entry.name, statusWanted));
	if (!option) {
		throw new NodeOperationError(this.getNode(), `"${statusWanted}" is not an option of the field "${field.name}"`, {
			itemIndex,
			description: `Options: ${field.options.map((entry) => entry.name).join(', ')}.`,
		});
	}
	const result = await codeHosting(this).graphql<IDataObject>(
		'UpdateItemStatus',
		UPDATE_MUTATION,
		{ projectId: project.id, itemId, fieldId: field.id, optionId: option.id },
		itemIndex,
		account,
	);
	const updated = (result?.updateProjectV2ItemFieldValue as IDataObject | undefined)?.projectV2Item as IDataObject | undefined;
	return {
		success: true,
		itemId: updated?.id ?? itemId,
		projectId: project.id,
		project: project.title,
		fieldId: field.id,
		field: field.name,
		optionId: option.id,
		status: option.name,
	};
}
