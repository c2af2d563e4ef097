import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * A collection's value with every option that was not added at its shown default: what the
 * editor would show if the option were added. An option added at its shown default then changes
 * nothing (issue 37), because a node that leaves it out does exactly the same. Use it where the
 * shown defaults are the platform's own (a list's sort, direction and state, a create's booleans).
 */
export function withShownDefaults(collection: INodeProperties, value: unknown): IDataObject {
	const defaults: IDataObject = {};
	for (const option of (collection.options ?? []) as INodeProperties[]) {
		if ('type' in option && option.type !== 'fixedCollection' && option.type !== 'collection') defaults[option.name] = option.default as IDataObject[string];
	}
	return { ...defaults, ...((value ?? {}) as IDataObject) };
}
