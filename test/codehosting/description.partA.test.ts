import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';

// What an AI agent (and a person) sees for file → list, issue → lock/unlock, the repository
// community and traffic operations, organization and user: every parameter typed and described in
// one line, choices with their values, every operation with a description and an action.

const { description } = new CodeHosting();

const OPERATIONS: Record<string, string[]> = {
	file: ['get', 'list'],
	issue: ['lock', 'unlock'],
	repository: ['create', 'getLicense', 'getProfile', 'listPopularPaths', 'listReferrers'],
	organization: ['getRepositories'],
	user: ['getCurrent', 'getRepositories', 'getIssues', 'invite'],
};

function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	return Boolean(show?.resource?.includes(resource) && show?.operation?.includes(operation));
}

/** Every parameter, with the ones inside collections. */
function allParameters(properties: INodeProperties[], path = ''): Array<[string, INodeProperties]> {
	const result: Array<[string, INodeProperties]> = [];
	for (const property of properties) {
		const here = `${path}${property.name}`;
		result.push([here, property]);
		for (const option of property.options ?? []) {
			if ('type' in option) result.push(...allParameters([option as INodeProperties], `${here}.`));
			else if ('values' in option) result.push(...allParameters((option as INodePropertyCollection).values, `${here}.`));
		}
	}
	return result;
}

const parameters = Object.entries(OPERATIONS).flatMap(([resource, operations]) =>
	operations.flatMap((operation) =>
		allParameters(description.properties.filter((property) => shownFor(property, resource, operation)))
			.filter(([, property]) => !['notice', 'collection', 'fixedCollection'].includes(property.type))
			.map(([name, property]) => [`${resource} → ${operation}: ${name}`, property] as [string, INodeProperties]),
	),
);

test.each(parameters)('%s has a type and a one-line description', (_name, property) => {
	expect(typeof property.type).toBe('string');
	expect(typeof property.description).toBe('string');
	expect((property.description ?? '').trim().length).toBeGreaterThan(10);
	expect(property.description).not.toContain('\n');
});

test.each(parameters.filter(([, property]) => property.type === 'options'))('%s lists its allowed values', (_name, property) => {
	const options = property.options as INodePropertyOptions[];
	expect(options.length).toBeGreaterThan(0);
	// Text values; an Automatic / On / Off choice (Simplify, Sync's Mode, Organization Admin) also has
	// true and false, the values its boolean stored, which the node reads as text too ('true', 'false').
	for (const option of options) expect(['string', 'boolean']).toContain(typeof option.value);
	const booleans = options.filter((option) => typeof option.value === 'boolean').map((option) => option.value);
	expect(booleans.length === 0 || (booleans.includes(true) && booleans.includes(false))).toBe(true);
});

test.each(Object.entries(OPERATIONS))('every %s operation has a description and an action', (resource, operations) => {
	const selector = description.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource));
	const options = selector?.options as INodePropertyOptions[];
	for (const operation of operations) {
		const option = options.find((entry) => entry.value === operation);
		expect(option?.description).toBeTruthy();
		expect(option?.action).toBeTruthy();
	}
});
