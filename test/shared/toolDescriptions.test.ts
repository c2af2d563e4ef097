/**
 * The names n8n gives the pack's nodes and tools (issue 41), computed with n8n-workflow's own
 * functions. A node added from the node creator is named after its operation's `action`
 * (NodeHelpers.makeNodeName); its tool variant (n8n adds "Tool" to the type, " Tool" to the display
 * name and makes the output ai_tool) is named "<action> in <defaults.name>"; an AI Agent or MCP
 * client calls the tool by that name with every character outside [a-zA-Z0-9_-] made "_"
 * (nodeNameToToolName; n8n 2.x cuts it at 64 characters, n8n 1.x sends it whole, and OpenAI and
 * Anthropic refuse a longer one); with "Tool Description: Set Automatically" the model reads
 * "<action> in <defaults.name>" (NodeHelpers.makeDescription). So actions are short, n8n style
 * (at most 40 characters), the platform comes from defaults.name, every default node and tool name
 * fits 64 characters and is the only one of its node, and destructive operations read as such.
 */
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, nodeNameToToolName } from 'n8n-workflow';

import { ClientInfoOAuth2Api } from '../../credentials/ClientInfoOAuth2Api.credentials';
import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingAppApi } from '../../credentials/CodeHostingAppApi.credentials';
import { CodeHostingOAuth2Api } from '../../credentials/CodeHostingOAuth2Api.credentials';
import { GovernanceApi } from '../../credentials/GovernanceApi.credentials';
import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import { CodeHostingPollingTrigger } from '../../nodes/CodeHostingPollingTrigger/CodeHostingPollingTrigger.node';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { Governance } from '../../nodes/Governance/Governance.node';
import { GovernanceTrigger } from '../../nodes/GovernanceTrigger/GovernanceTrigger.node';

const ACTION_MAX = 40;
const NAME_MAX = 64;

interface Pack {
	node: INodeTypeDescription;
	platform: string;
	/** resource.operation of every operation that deletes, removes access, merges or changes privileges. */
	destructive: string[];
}

const PACK: Record<string, Pack> = {
	'Code Hosting': {
		node: new CodeHosting().description,
		platform: 'GitHub',
		destructive: [
			'access.removeGrants',
			'access.revoke',
			'access.sync',
			'collaborator.remove',
			'file.delete',
			'gist.update', // it can delete files from the gist
			'issue.deleteComment',
			'organization.cancelInvitation',
			'organization.removeMember',
			'organization.removeOutsideCollaborator',
			'pullRequest.merge',
			'release.delete',
			'team.removeMember',
		],
	},
	Governance: {
		node: new Governance().description,
		platform: 'Relevance AI',
		destructive: [
			'access.removeGrants',
			'access.revoke',
			'access.sync',
			'apiKey.delete',
			'invite.delete',
			'project.delete',
			'user.remove',
			'user.updateOrganizationRole', // can take admin rights away
		],
	},
	'Client Info': {
		node: new ClientInfo().description,
		platform: 'Content Snare',
		destructive: [],
	},
};

/** Words that tell a reader (and a model) the operation takes something away or changes privileges. */
const DESTRUCTIVE_WORDS = /\b(delete|remove|removing|revoke|merge|change an organization role)\b/i;

/** The tool variant n8n builds from a node with usableAsTool (convertNodeToAiTool in n8n's loader). */
function toolVariant(node: INodeTypeDescription): INodeTypeDescription {
	return { ...node, name: `${node.name}Tool`, displayName: `${node.displayName} Tool`, outputs: [NodeConnectionTypes.AiTool] };
}

interface Operation {
	key: string;
	resource: string;
	operation: string;
	action: string;
	nodeName: string;
	toolNodeName: string;
	toolName: string;
	toolDescription: string;
}

/** Every resource → operation option of a node, with the names n8n derives from it. */
function operationsOf(node: INodeTypeDescription): Operation[] {
	const tool = toolVariant(node);
	const resources = (node.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const selectors = node.properties.filter(
			(property: INodeProperties) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value),
		);
		expect(selectors.length).toBeGreaterThan(0);
		return selectors.flatMap((selector) =>
			(selector.options as INodePropertyOptions[]).map((option) => {
				const parameters = { resource: String(resource.value), operation: String(option.value) };
				const toolNodeName = NodeHelpers.makeNodeName(parameters, tool);
				return {
					key: `${parameters.resource}.${parameters.operation}`,
					...parameters,
					action: String(option.action),
					nodeName: NodeHelpers.makeNodeName(parameters, node),
					toolNodeName,
					toolName: nodeNameToToolName(toolNodeName),
					toolDescription: NodeHelpers.makeDescription(parameters, tool),
				};
			}),
		);
	});
}

const rows = Object.entries(PACK).flatMap(([name, pack]) =>
	operationsOf(pack.node).map((operation) => [`${name}: ${operation.key}`, pack, operation] as [string, Pack, Operation]),
);

test('every action node of the pack has operations to name', () => {
	for (const pack of Object.values(PACK)) expect(operationsOf(pack.node).length).toBeGreaterThan(0);
	expect(rows.length).toBeGreaterThan(100);
});

test('defaults.name is the platform: a model reads "<action> in GitHub"', () => {
	expect(Object.values(PACK).map((pack) => pack.node.defaults.name)).toEqual(['GitHub', 'Relevance AI', 'Content Snare']);
});

test.each(rows)('%s: a short action, n8n style', (_name, _pack, { action }) => {
	expect(action.length).toBeGreaterThan(5);
	expect(action.length).toBeLessThanOrEqual(ACTION_MAX);
	// sentence case: capital first letter, one line, no trailing period, no platform name
	expect(action).toMatch(/^[A-Z][a-z]/);
	expect(action).not.toMatch(/[.\s]$/);
	expect(action).not.toMatch(/GitHub|Relevance|Content Snare|destructive/i);
});

test.each(rows)('%s: n8n names the node and its tool within 64 characters, and the description names the platform', (_name, pack, operation) => {
	expect(operation.nodeName).toBe(operation.action);
	expect(operation.toolNodeName).toBe(`${operation.action} in ${pack.node.defaults.name}`);
	expect(nodeNameToToolName(operation.nodeName).length).toBeLessThanOrEqual(NAME_MAX);
	expect(operation.toolName.length).toBeLessThanOrEqual(NAME_MAX);
	expect(operation.toolName).toMatch(/^[a-zA-Z0-9_-]+$/);
	expect(operation.toolDescription).toBe(`${operation.action} in ${pack.node.defaults.name}`);
	expect(operation.toolDescription).toContain(pack.platform);
});

test.each(rows)('%s: the action reads as destructive exactly when the operation is', (_name, pack, { key, action }) => {
	expect(DESTRUCTIVE_WORDS.test(action)).toBe(pack.destructive.includes(key));
});

test.each(Object.entries(PACK))('%s: no two operations share a node name or a tool name; the destructive list names real operations', (_name, pack) => {
	const operations = operationsOf(pack.node);
	for (const field of ['nodeName', 'toolName'] as const) {
		const seen = new Map<string, string>();
		const twice: string[] = [];
		for (const operation of operations) {
			const text = operation[field].toLowerCase();
			if (seen.has(text)) twice.push(`${seen.get(text)} and ${operation.key}: "${operation[field]}"`);
			seen.set(text, operation.key);
		}
		expect(twice).toEqual([]);
	}
	const keys = operations.map((operation) => operation.key);
	for (const key of pack.destructive) expect(keys).toContain(key);
});

test('the longest action and default tool name (the figures issue 41 measures)', () => {
	const longest = (field: 'action' | 'toolName') => Math.max(...rows.map(([, , operation]) => operation[field].length));
	expect(longest('action')).toBeLessThanOrEqual(ACTION_MAX);
	expect(longest('toolName')).toBeLessThanOrEqual(NAME_MAX);
});

describe('triggers and credentials name the platform', () => {
	const triggers: Array<[INodeTypeDescription, string]> = [
		[new CodeHostingTrigger().description, 'GitHub'],
		[new CodeHostingPollingTrigger().description, 'GitHub'],
		[new ClientInfoTrigger().description, 'Content Snare'],
		[new GovernanceTrigger().description, 'Relevance AI'],
	];

	test.each(triggers.map(([description, platform]) => [description.displayName, description, platform] as const))(
		'%s: its default name (also its canvas name: a trigger has no action) names the platform',
		(_name, description, platform) => {
			const name = NodeHelpers.makeNodeName({}, description);
			expect(name).toBe(description.defaults.name);
			expect(name).toContain(platform);
			expect(name).toMatch(/Trigger$/);
			expect(name.length).toBeLessThanOrEqual(NAME_MAX);
		},
	);

	test('no two nodes of the pack share a default name', () => {
		const names = [...Object.values(PACK).map((pack) => pack.node.defaults.name), ...triggers.map(([description]) => description.defaults.name)];
		expect(new Set(names).size).toBe(names.length);
	});

	test.each([
		[new GovernanceApi().displayName, 'Relevance AI'],
		[new CodeHostingApi().displayName, 'GitHub'],
		[new CodeHostingOAuth2Api().displayName, 'GitHub'],
		[new CodeHostingAppApi().displayName, 'GitHub'],
		[new ClientInfoOAuth2Api().displayName, 'Content Snare'],
	])('credential "%s": the picker finds it by the platform, and it differs from n8n\'s own', (displayName, platform) => {
		expect(displayName.startsWith(`${platform} `)).toBe(true);
		// n8n's own credentials are "GitHub API", "GitHub OAuth2 API": ours also names the node
		// (and ends with " API", as n8n's credential lint rules want)
		expect(displayName).toMatch(/ (Governance|Code Hosting|Client Info) /);
		expect(displayName).toMatch(/ API$/);
	});
});
