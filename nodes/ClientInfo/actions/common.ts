import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator, parseJsonObject } from '../../shared';
import type { ClientInfoContext } from '../transport';
import { clientInfo } from '../transport';



/** The "Other Fields (JSON)" entry every Additional Fields collection ends with. */
export const otherFieldsOption: INodeProperties = {
	displayName: 'Other Fields (JSON)',
	name: 'otherFields',
	type: 'json',
	default: '{}',
	description: 'More fields of the platform\'s API, as a JSON object; its keys are sent as given',
};

/**
 * The Additional Fields of an item as body fields: every key sent as given, "Other Fields
 * (JSON)" checked to be an object and merged in, empty values left out.
 */
export function readAdditionalFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const raw = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const fields: IDataObject = {};
	for (const [key, value] of Object.entries(raw)) {
		if (key === 'otherFields') continue;
		if (value === '' || value === undefined || value === null) continue;
		fields[key] = value;
	}
	const other = raw.otherFields;
	if (other !== undefined && other !== '' && !(typeof other === 'object' && other !== null && Object.keys(other).length === 0)) {
		Object.assign(fields, parseJsonObject(ctx, other, 'Other Fields (JSON)', itemIndex));
	}
	return fields;
}

export { idLocator, readId } from '../../shared';

/** The client an operation acts on (Client → Get, Request → Create). */
export const clientLocator = idLocator(
	'Client',
	'clientId',
	'searchClients',
	'e.g. 3f6c2a9e-…',
	'The client, picked from the list (searchable by name or email) or given by its ID',
);

/** The account's request templates, `{id, name, ...}`, up to `limit`. */
export async function listTemplates(
	ctx: ClientInfoContext,
	limit: number,
	itemIndex = 0,
): Promise<IDataObject[]> {
	return await clientInfo(ctx).requestAll('GET', '/request_templates', limit, { qs: {}, itemIndex });
}

export * from './simplify';
