/**
 * One vocabulary across the pack's nodes and triggers (issue 41): what a person reads in one node
 * reads the same in the others. Each rule below failed once (two "Custom API Call" entries,
 * "Include Response Status and Headers" beside "Include Response Headers and Status", "Query
 * (JSON)" beside "Query Parameters", "Add Option" beside "Add option", Catch Up Interval beside
 * Recovery Interval, events without a description, placeholders that named the pack).
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import { CodeHostingPollingTrigger } from '../../nodes/CodeHostingPollingTrigger/CodeHostingPollingTrigger.node';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { Governance } from '../../nodes/Governance/Governance.node';
import { GovernanceTrigger } from '../../nodes/GovernanceTrigger/GovernanceTrigger.node';

const NODES: INodeTypeDescription[] = [
	new Governance().description,
	new CodeHosting().description,
	new ClientInfo().description,
	new GovernanceTrigger().description,
	new CodeHostingTrigger().description,
	new CodeHostingPollingTrigger().description,
	new ClientInfoTrigger().description,
];

interface Found {
	node: string;
	path: string;
	property: INodeProperties;
}

/** Every parameter of a node, with the ones inside collections and fixed collections. */
function parametersOf(node: INodeTypeDescription): Found[] {
	const found: Found[] = [];
	const walk = (properties: INodeProperties[], path: string) => {
		for (const property of properties) {
			const here = `${path}${property.name}`;
			found.push({ node: node.name, path: here, property });
			if (property.type !== 'collection' && property.type !== 'fixedCollection') continue;
			for (const option of property.options ?? []) {
				if ('values' in option) walk((option as INodePropertyCollection).values, `${here}.${option.name}.`);
				else walk([option as INodeProperties], `${here}.`);
			}
		}
	};
	walk(node.properties, '');
	return found;
}

const ALL = NODES.flatMap(parametersOf);
const label = ({ node, path }: Found) => `${node}: ${path}`;

test('the pack has parameters to compare', () => {
	expect(ALL.length).toBeGreaterThan(300);
});

/** Parameters that share a name across nodes but mean different things. */
const DIFFERENT_THINGS: Record<string, string> = {
	'type (options)': 'a Relevance AI user type (Governance) and a GitHub repository type (Code Hosting)',
};

test('a parameter name of one type has one display name across nodes', () => {
	const byKey = new Map<string, Map<string, Set<string>>>();
	for (const found of ALL) {
		if (found.property.type === 'notice' || found.property.type === 'hidden') continue;
		const key = `${found.path.split('.').pop()} (${found.property.type})`;
		const names = byKey.get(key) ?? new Map<string, Set<string>>();
		names.set(found.property.displayName, (names.get(found.property.displayName) ?? new Set<string>()).add(found.node));
		byKey.set(key, names);
	}
	// Inside one node a parameter may read differently where it means something else (an owner is
	// a "Repository Owner", an "Organization" or a "User"); two nodes that each use one display name
	// for the same parameter must use the same one.
	const drift: string[] = [];
	for (const [key, names] of byKey) {
		if (key in DIFFERENT_THINGS) continue;
		const entries = [...names.entries()];
		for (const [nameA, nodesA] of entries) {
			for (const [nameB, nodesB] of entries) {
				if (nameA >= nameB) continue;
				const onlyA = [...nodesA].filter((node) => !nodesB.has(node));
				const onlyB = [...nodesB].filter((node) => !nodesA.has(node));
				if (onlyA.length && onlyB.length) drift.push(`${key}: "${nameA}" in ${onlyA.join(', ')}; "${nameB}" in ${onlyB.join(', ')}`);
			}
		}
	}
	expect(drift).toEqual([]);
});

test('the generic call: "Custom API Call", last, one entry (n8n adds its own only when the last is not so named)', () => {
	for (const node of NODES.filter((description) => description.properties.some((property) => property.name === 'resource'))) {
		const resource = node.properties.find((property) => property.name === 'resource');
		const options = resource?.options as INodePropertyOptions[];
		const names = options.map((option) => option.name);
		if (!options.some((option) => option.value === 'apiCall')) continue;
		expect([node.name, names[names.length - 1]]).toEqual([node.name, 'Custom API Call']);
		expect(options[options.length - 1].value).toBe('apiCall');
		// the rest alphabetical, as n8n's lint rule wants of a list of 5 or more
		const rest = names.slice(0, -1);
		expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
	}
});

test('the generic call reads the same in every node', () => {
	const calls = ALL.filter(({ node, property }) => ['codeHosting', 'clientInfo'].includes(node) && property.displayOptions?.show?.resource?.includes('apiCall'));
	const nameOf = (node: string, name: string) => calls.find((found) => found.node === node && found.property.name === name)?.property;
	for (const name of ['method', 'endpoint', 'query', 'body', 'fullResponse']) {
		const here = nameOf('codeHosting', name);
		const there = nameOf('clientInfo', name);
		expect(here).toBeDefined();
		expect(there).toBeDefined();
		// a list of name/value pairs in one, a JSON object in the other: "(JSON)" says which
		expect(here?.displayName.replace(/ \(JSON\)$/, '')).toBe(there?.displayName.replace(/ \(JSON\)$/, ''));
	}
	expect(nameOf('clientInfo', 'fullResponse')?.displayName).toBe('Include Response Headers and Status');
	expect(nameOf('clientInfo', 'query')?.displayName).toBe('Query Parameters (JSON)');
});

test('collections: one placeholder per kind in every node ("Add option", as most of n8n\'s nodes say)', () => {
	const collections = ALL.filter(({ property }) => property.type === 'collection' || property.type === 'fixedCollection');
	const byName = new Map<string, Set<string>>();
	for (const { property } of collections) {
		const placeholders = byName.get(property.displayName) ?? new Set<string>();
		placeholders.add(String(property.placeholder));
		byName.set(property.displayName, placeholders);
	}
	const drift = [...byName].filter(([, placeholders]) => placeholders.size > 1).map(([name, placeholders]) => `${name}: ${[...placeholders].join(' | ')}`);
	expect(drift).toEqual([]);
	expect([...(byName.get('Options') ?? [])]).toEqual(['Add option']);
});

test('no placeholder names the pack (an example reads as the user\'s own value)', () => {
	const leaks = ALL.filter(({ property }) => /governance|code hosting|client info/i.test(String(property.placeholder ?? ''))).map(label);
	expect(leaks).toEqual([]);
});

test('every event and every option a trigger offers is described', () => {
	const missing: string[] = [];
	for (const found of ALL.filter(({ node }) => /Trigger$/.test(node))) {
		const { property } = found;
		if (property.type === 'notice') continue;
		// the platform's own webhook event names, listed as they are (Other Events → Platform Events)
		if (property.name === 'platformEvents') continue;
		if (found.path.includes('.') && !property.description) missing.push(`${label(found)} (an option)`);
		if (property.type !== 'options' && property.type !== 'multiOptions') continue;
		if (!property.description && property.name !== 'authentication') missing.push(label(found));
		if (property.name === 'authentication') continue;
		for (const option of property.options as INodePropertyOptions[]) {
			if (!option.description) missing.push(`${label(found)} = ${String(option.value)}`);
		}
	}
	expect(missing).toEqual([]);
});

test('every Options entry of an action node is described', () => {
	const missing = ALL.filter(({ node, path, property }) => !/Trigger$/.test(node) && /^(options|waitOptions|requestOptions)\./.test(path) && !property.description).map(label);
	expect(missing).toEqual([]);
});

test('every choice list says what it chooses (a model reads the description, not the list\'s place in the form)', () => {
	const missing = ALL.filter(
		({ property }) =>
			(property.type === 'options' || property.type === 'multiOptions') &&
			!['resource', 'operation', 'authentication'].includes(property.name) &&
			!property.description,
	).map(label);
	expect(missing).toEqual([]);
});

test('"Events" where several can be chosen, "Event" where one', () => {
	for (const { property, node } of ALL.filter((found) => ['event', 'events'].includes(found.property.name) && !found.path.includes('.'))) {
		expect([node, property.displayName]).toEqual([node, property.type === 'multiOptions' ? 'Events' : 'Event']);
	}
});

test('the triggers\' recovery interval has one name', () => {
	const intervals = ALL.filter(({ path }) => ['options.recoveryInterval', 'options.catchUpInterval'].includes(path));
	expect(intervals.map(({ node }) => node).sort()).toEqual(['clientInfoTrigger', 'codeHostingTrigger']);
	for (const { property } of intervals) expect(property.displayName).toBe('Recovery Interval (Minutes)');
});

test('a pull request number and a numeric ID are described alike wherever they are asked for', () => {
	const numbers = ALL.filter(({ property }) => property.displayName === 'Pull Request Number');
	expect(numbers.length).toBeGreaterThan(1);
	for (const { property } of numbers) expect(property.description).toMatch(/a whole number of at least 1, as shown after # on the platform$/);
	const ids = ALL.filter(({ node, property }) => node === 'codeHosting' && /^(Check Run|Comment|Release|Review|Run|User) ID$/.test(property.displayName));
	expect(ids.length).toBeGreaterThan(4);
	for (const found of ids) expect([label(found), found.property.description]).toEqual([label(found), expect.stringMatching(/^The numeric ID of /)]);
});
