/**
 * What an AI model reads about each operation (issue 28). With "Tool Description: Set
 * Automatically" n8n describes a node run as a tool as "<action> in <node name>"
 * (NodeHelpers.makeDescription); the same action is the node creator's entry for the operation
 * and a new node's default name. So every action names the platform (GitHub, Relevance AI,
 * Content Snare), fits a list (80 characters at most), is the only one of its node with that text,
 * and says "destructive" exactly when the operation deletes, removes access or merges.
 */
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import { Governance } from '../../nodes/Governance/Governance.node';

interface Pack {
	node: INodeTypeDescription;
	platform: string;
	/** resource.operation of every operation that deletes, removes access or merges. */
	destructive: string[];
}

const PACK: Record<string, Pack> = {
	'Code Hosting': {
		node: new CodeHosting().description,
		platform: 'GitHub',
		destructive: [
			'collaborator.remove',
			'file.delete',
			'gist.update', // its Delete File option removes files from the gist
			'issue.deleteComment',
			'pullRequest.merge',
			'release.delete',
		],
	},
	Governance: {
		node: new Governance().description,
		platform: 'Relevance AI',
		destructive: ['access.revoke', 'access.sync', 'apiKey.delete', 'invite.delete', 'project.delete', 'user.remove'],
	},
	'Client Info': {
		node: new ClientInfo().description,
		platform: 'Content Snare',
		destructive: [],
	},
};

interface Operation {
	key: string;
	resource: string;
	operation: string;
	action: string | undefined;
}

/** Every resource → operation option of a node, with its action. */
function operationsOf(node: INodeTypeDescription): Operation[] {
	const resources = (node.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const selectors = node.properties.filter(
			(property: INodeProperties) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value),
		);
		expect(selectors.length).toBeGreaterThan(0);
		return selectors.flatMap((selector) =>
			(selector.options as INodePropertyOptions[]).map((option) => ({
				key: `${String(resource.value)}.${String(option.value)}`,
				resource: String(resource.value),
				operation: String(option.value),
				action: option.action,
			})),
		);
	});
}

const rows = Object.entries(PACK).flatMap(([name, pack]) =>
	operationsOf(pack.node).map((operation) => [`${name}: ${operation.key}`, pack, operation] as [string, Pack, Operation]),
);

test('every action node of the pack has operations to describe', () => {
	for (const pack of Object.values(PACK)) expect(operationsOf(pack.node).length).toBeGreaterThan(0);
	expect(rows.length).toBeGreaterThan(100);
});

test.each(rows)('%s: the action names the platform in at most 80 characters', (_name, pack, { action }) => {
	expect(typeof action).toBe('string');
	const text = action as string;
	expect(text.length).toBeGreaterThan(10);
	expect(text.length).toBeLessThanOrEqual(80);
	expect(text).toContain(pack.platform);
	// a list entry in sentence case: capital first letter, one line, no trailing period
	expect(text).toMatch(/^[A-Z]/);
	expect(text).not.toMatch(/[.\s]$/);
	expect(text).not.toContain('\n');
});

test.each(rows)('%s: the action says "destructive" exactly when the operation is', (_name, pack, { key, action }) => {
	expect(/destructive/i.test(action ?? '')).toBe(pack.destructive.includes(key));
});

test.each(Object.entries(PACK))('%s: no two operations share an action, and the destructive list names real operations', (_name, pack) => {
	const operations = operationsOf(pack.node);
	const seen = new Map<string, string>();
	const twice: string[] = [];
	for (const { key, action } of operations) {
		const text = (action ?? '').toLowerCase();
		if (seen.has(text)) twice.push(`${seen.get(text)} and ${key}: "${action}"`);
		seen.set(text, key);
	}
	expect(twice).toEqual([]);
	const keys = operations.map((operation) => operation.key);
	for (const key of pack.destructive) expect(keys).toContain(key);
});

test.each(rows)('%s: n8n builds the tool description and the node name from the action', (_name, pack, { resource, operation, action }) => {
	const parameters = { resource, operation };
	expect(NodeHelpers.makeDescription(parameters, pack.node)).toBe(`${action} in ${pack.node.defaults.name}`);
	expect(NodeHelpers.makeNodeName(parameters, pack.node)).toBe(action);
});
