import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseJsonObject, requirePathSegment } from '../../shared';

/** A resource locator with a searchable list and a by-ID mode. */
export function idLocator(
	displayName: string,
	name: string,
	searchListMethod: string,
	placeholder: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder,
			},
		],
	};
}

/** Reads a resource locator (or plain string) parameter as one path-safe identifier. */
export function readId(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return requirePathSegment(ctx, value, label, itemIndex);
}

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
