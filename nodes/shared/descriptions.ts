import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Shows `properties` only for the given resource and operation(s). */
export function showFor(
	resource: string,
	operation: string | string[],
	properties: INodeProperties[],
): INodeProperties[] {
	const operations = Array.isArray(operation) ? operation : [operation];
	return properties.map((property) => {
		const displayOptions: IDisplayOptions = {
			...(property.displayOptions ?? {}),
			show: {
				...(property.displayOptions?.show ?? {}),
				resource: [resource],
				operation: operations,
			},
		};
		return { ...property, displayOptions };
	});
}

/** The Return All / Limit pair every list operation has. */
export function returnAllOrLimit(maxLimit?: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** A resource locator with a searchable list and a by-ID mode. */
export function idLocator(
	displayName: string,
	name: string,
	searchListMethod: string,
	placeholder: string,
	description?: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		...(description ? { description } : {}),
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
