import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { Governance } from '../../nodes/Governance/Governance.node';
import type { GovernanceServer } from './harness';
import { PROJECT_ID, runGovernance, startServer } from './harness';

// What an AI agent (and a person) sees: every parameter typed and described, choices listed,
// every operation described with an action (n8n's tool description in "auto" mode).

const { description } = new Governance();

/** Every parameter, with the ones inside collections, and where it sits. */
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

// Collections only group the parameters inside them, which are checked one by one.
const filled = allParameters(description.properties).filter(
	([name, property]) =>
		!['notice', 'collection', 'fixedCollection'].includes(property.type) && name !== 'resource' && name !== 'operation',
);

test.each(filled)('%s has a type and a one-line description', (_name, property) => {
	expect(typeof property.type).toBe('string');
	expect(typeof property.description).toBe('string');
	expect((property.description ?? '').trim().length).toBeGreaterThan(10);
	expect(property.description).not.toContain('\n');
});

test.each(filled.filter(([, property]) => property.type === 'options' || property.type === 'multiOptions'))(
	'%s lists its allowed values',
	(_name, property) => {
		// Values loaded from the platform: the node has the method that lists them.
		const method = property.typeOptions?.loadOptionsMethod;
		if (method) {
			expect(typeof new Governance().methods.loadOptions[method as 'getProjects']).toBe('function');
			return;
		}
		const options = property.options as INodePropertyOptions[];
		expect(options.length).toBeGreaterThan(0);
		// Text values; an Automatic / On / Off choice (Simplify, Sync's Mode, Organization Admin) also has
		// true and false, the values its boolean stored, which the node reads as text too ('true', 'false').
		for (const option of options) expect(['string', 'boolean']).toContain(typeof option.value);
		const booleans = options.filter((option) => typeof option.value === 'boolean').map((option) => option.value);
		expect(booleans.length === 0 || (booleans.includes(true) && booleans.includes(false))).toBe(true);
	},
);

test('every operation of every resource has a description and an action', () => {
	const operations = description.properties.filter((property) => property.name === 'operation');
	const resources = (description.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	expect(resources.map((resource) => resource.value).sort()).toEqual(['access', 'apiKey', 'invite', 'project', 'user']);
	for (const resource of resources) expect(resource.description).toBeTruthy();
	expect(operations).toHaveLength(5);
	for (const selector of operations) {
		for (const option of selector.options as INodePropertyOptions[]) {
			expect(option.description).toBeTruthy();
			expect(option.action).toBeTruthy();
		}
	}
	expect(description.usableAsTool).toBe(true);
});

test('the Roles description names the allowed values', () => {
	const roles = filled.find(([name]) => name === 'roles')?.[1];
	expect(roles?.description).toMatch(/admin, editor, viewer/);
});

describe('roles as an AI agent sends them through $fromAI (text)', () => {
	let srv: GovernanceServer;
	beforeEach(async () => {
		srv = await startServer();
	});
	afterEach(async () => {
		await srv.stop();
	});

	test.each([
		['one name', 'editor', { 'role:editor': true }],
		['names with capitals and spaces', ' Editor , viewer', { 'role:editor': true, 'role:viewer': true }],
		['a JSON list', '["admin"]', { admin: true }],
	])('%s', async (_name, roles, actions) => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'ensure', email: 'agent.pick@example.com', roles, options: {} },
		});
		expect(error).toBeUndefined();
		expect(output[0].json.action).toBe('invited');
		const invite = Object.values(srv.state.invites).find((entry) => entry.email === 'agent.pick@example.com');
		expect(invite?.permissions).toEqual({ items: { serviceDefault: { actions } } });
		expect(invite?.project).toBe(PROJECT_ID);
	});

	test('an unknown role in text is refused before any request', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'access', operation: 'ensure', email: 'agent.pick@example.com', roles: 'editor, owner', options: {} },
		});
		expect(error?.message).toBe('Unknown value for Roles: "owner"');
		expect(error?.description).toBe('Allowed: editor, viewer, admin.');
		expect(srv.requests).toHaveLength(0);
	});
});
