import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listTemplates } from '../actions/common';

/** The account's request templates for the Template dropdown, by name. */
export async function getTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const templates = await listTemplates(this, Infinity);
	return templates
		.map((template) => ({ name: String(template.name ?? template.id), value: String(template.id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
