import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireDate, requirePathSegment, requireText, showFor } from '../../../shared';
import { clientInfo } from '../../transport';
import { clientLocator, listTemplates, otherFieldsOption, readAdditionalFields, readId } from '../common';

export const description: INodeProperties[] = showFor('request', 'create', [
	{ ...clientLocator, description: 'The client the request is sent to' },
	{
		displayName: 'Template Name or ID',
		name: 'templateId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getTemplates' },
		default: '',
		required: true,
		description:
			'The request template to start from. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'Name of the request, as the client sees it',
	},
	{
		displayName: 'Due Date',
		name: 'dueDate',
		type: 'dateTime',
		default: '',
		description: 'Deadline for the client, sent as due_date (YYYY-MM-DD)',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Further fields of the request; each key is sent to the platform as given',
		options: [
			{ displayName: 'Client Email', name: 'client_email', type: 'string', placeholder: 'name@email.com', default: '', description: 'Sent as client_email' },
			{ displayName: 'Client Full Name', name: 'client_full_name', type: 'string', default: '', description: 'Sent as client_full_name' },
			{ displayName: 'Client Phone', name: 'client_phone', type: 'string', default: '', description: 'Sent as client_phone' },
			{ displayName: 'Company Name', name: 'company_name', type: 'string', default: '', description: 'Sent as company_name' },
			{ displayName: 'Due (Platform Field)', name: 'due', type: 'string', placeholder: '2026-07-31', default: '', description: 'The platform\'s own due field, sent as due (YYYY-MM-DD) beside Due Date\'s due_date: only for accounts whose API reads due' },
			{ ...otherFieldsOption, placeholder: '{"request_template_name": "Onboarding"}' },
			{ displayName: 'Request Template Name', name: 'request_template_name', type: 'string', default: '', description: 'Sent as request_template_name' },
		],
	},
]);

/** The template lists read in one run of the node, so a batch looks them up once. */
const templatesPerRun = new WeakMap<object, Promise<Set<string>>>();

async function knownTemplateIds(ctx: IExecuteFunctions, itemIndex: number): Promise<Set<string>> {
	let known = templatesPerRun.get(ctx);
	if (!known) {
		known = listTemplates(ctx, Infinity, itemIndex).then(
			(templates) => new Set(templates.map((template) => String(template.id))),
		);
		templatesPerRun.set(ctx, known);
		known.catch(() => templatesPerRun.delete(ctx));
	}
	return await known;
}

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const clientId = readId(this, 'clientId', 'Client', itemIndex);
	const templateId = requirePathSegment(this, this.getNodeParameter('templateId', itemIndex), 'Template', itemIndex);
	const name = requireText(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex);
	const dueValue = this.getNodeParameter('dueDate', itemIndex, '') as unknown;
	const dueDate = dueValue === '' || dueValue === null || dueValue === undefined
		? undefined
		: requireDate(this, dueValue, 'Due Date', itemIndex);
	const additionalFields = readAdditionalFields(this, itemIndex);
	if (additionalFields.due !== undefined) {
		additionalFields.due = requireDate(this, additionalFields.due, 'Due (Platform Field)', itemIndex);
	}

	// Before anything is created: the template must be one of the account's.
	if (!(await knownTemplateIds(this, itemIndex)).has(templateId)) {
		throw new NodeOperationError(this.getNode(), `Unknown template "${templateId}"`, {
			itemIndex,
			description: 'No request template of the connected account has this ID, so nothing was created. Pick the template from the list, or check the ID.',
		});
	}

	const body: IDataObject = {
		client_id: clientId,
		template_id: templateId,
		name,
		...(dueDate ? { due_date: dueDate } : {}),
		...additionalFields,
	};
	return await clientInfo(this).request('POST', '/requests', { body, itemIndex });
}
