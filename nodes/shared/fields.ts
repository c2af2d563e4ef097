import type { IDataObject } from 'n8n-workflow';

/** A field of an item's JSON by name, or by a dotted path (`person.email`): how a roster's field mappings read items. */
export function fieldOf(json: IDataObject, path: string): unknown {
	if (path in json) return json[path];
	let current: unknown = json;
	for (const part of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as IDataObject)[part];
	}
	return current;
}
