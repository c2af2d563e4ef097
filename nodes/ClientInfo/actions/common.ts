import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseJsonObject } from '../../shared';



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
