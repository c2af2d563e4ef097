/**
 * Runs a polling trigger node's poll() the way n8n does: through n8n-core's PollContext on a
 * Workflow whose static data persists from one poll to the next (as n8n keeps it between polls
 * of an active workflow), with credentials applied by the credential class's own `authenticate`.
 */
import { PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IPollFunctions,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData, nodeTypesOf } from './runWorkflow';

export interface PollHarness {
	workflow: Workflow;
	/** The node's parameters: change them between polls like a user editing the workflow. */
	parameters: IDataObject;
	/** The node's static data (what the node remembers between polls). */
	staticData: IDataObject;
	/**
	 * One poll. 'trigger' is an active workflow's scheduled poll; 'manual' is the editor's
	 * "Fetch Test Event". Answers what poll() returned (null: nothing to emit).
	 */
	poll(mode?: Extract<WorkflowExecuteMode, 'trigger' | 'manual'>): Promise<INodeExecutionData[][] | null>;
}

export function createPollHarness(options: {
	node: INodeType;
	parameters: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	credentialTypes: ICredentialType[];
	/**
	 * The node's static data as n8n stored it (a restart: n8n loads the workflow's static data from
	 * its database); copied through JSON like the database column.
	 */
	staticData?: IDataObject;
}): PollHarness {
	const typeName = `test.${options.node.description.name}`;
	const credentialsOnNode: INode['credentials'] = {};
	for (const type of Object.keys(options.credentials)) credentialsOnNode[type] = { id: `cred-${type}`, name: type };
	const node: INode = {
		id: 'poller',
		name: 'Poller',
		type: typeName,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: credentialsOnNode,
	};
	const workflow = new Workflow({
		id: 'wf-poll',
		name: 'poll test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypesOf({ [typeName]: options.node }),
		staticData: options.staticData ? { [`node:${node.name}`]: JSON.parse(JSON.stringify(options.staticData)) as IDataObject } : {},
	});
	const additionalData = buildAdditionalData(options.credentials, options.credentialTypes, { nodes: [node], connections: {} });
	const contexts: Partial<Record<WorkflowExecuteMode, PollContext>> = {};
	return {
		workflow,
		parameters: node.parameters as IDataObject,
		staticData: workflow.getStaticData('node', node),
		async poll(mode = 'trigger') {
			// n8n makes one context per activation and polls with it every time (n8n-core
			// ActiveWorkflows.activatePolling): what a node caches per context lives as long
			const context = (contexts[mode] ??= new PollContext(
				workflow,
				node,
				additionalData,
				mode,
				mode === 'manual' ? 'manual' : 'activate',
				() => {
					throw new Error('poll() must return its items, not emit them');
				},
				(error) => {
					throw error;
				},
			));
			const poll = options.node.poll as (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;
			return await poll.call(context as unknown as IPollFunctions);
		},
	};
}
