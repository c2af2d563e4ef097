import type { IDataObject, INode, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { nodeTypesOf, runNode } from '../helpers/runWorkflow';

// The webhook triggers' trigger() and execute() (nodes/shared/startAtEveryStart.ts): n8n >= 2.40's
// publication service counts a node with trigger() as an in-memory trigger and activates it at
// every start; execute() hands a webhook call's items on in every mode, the editor's test too.

const repo = (value: string) => ({ __rl: true, mode: 'name', value });
const triggers: Array<[string, () => INodeType, IDataObject]> = [
	['Code Hosting Trigger', () => new CodeHostingTrigger(), { authentication: 'accessToken', owner: repo('octo-user'), repository: repo('hello-world'), events: ['newFork'] }],
	['Client Info Trigger', () => new ClientInfoTrigger(), { events: ['client_created'] }],
];

describe.each(triggers)('%s', (_name, make, parameters) => {
	test("n8n's Workflow.getTriggerNodes() lists it (the publication service's in-memory kind), and it keeps its webhook", () => {
		const node = make();
		const types = nodeTypesOf({ 'test.trigger': node });
		const nodes: INode[] = [{ id: 'n1', name: 'Trigger', type: 'test.trigger', typeVersion: 1, position: [0, 0], parameters: {} }];
		const workflow = new Workflow({ id: 'w', nodes, connections: {}, active: true, nodeTypes: types });
		expect(workflow.getTriggerNodes().map((n) => n.name)).toEqual(['Trigger']);
		expect(node.description.webhooks?.length).toBeGreaterThan(0);
		expect(typeof node.webhook).toBe('function');
	});

	test('trigger() starts nothing and can be closed', async () => {
		const response = await make().trigger!.call({} as never);
		expect(typeof response?.closeFunction).toBe('function');
		await expect(response!.closeFunction!()).resolves.toBeUndefined();
		expect(response?.manualTriggerFunction).toBeUndefined();
	});

	test("a manual run (the editor's test webhook) hands the webhook's items on unchanged", async () => {
		const items = [{ event: 'x', n: 1 }, { event: 'y', n: 2 }];
		const { output, error } = await runNode({ node: make(), parameters, items, credentials: {}, credentialTypes: [] });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual(items);
	});
});
