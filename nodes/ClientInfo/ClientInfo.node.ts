import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as apiCall from './actions/apiCall';
import * as client from './actions/client';
import * as request from './actions/request';
import { router } from './actions/router';
import * as template from './actions/template';
import { searchClients, searchRequests } from './methods/listSearch';
import { getTemplates } from './methods/loadOptions';

export class ClientInfo implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Client Info',
		name: 'clientInfo',
		icon: { light: 'file:clientInfo.svg', dark: 'file:clientInfo.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Create clients and send them information requests in Content Snare, paced to its rate limits',
		defaults: { name: 'Content Snare' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'clientInfoOAuth2Api', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Client', value: 'client' },
					{ name: 'Request', value: 'request' },
					{ name: 'Template', value: 'template' },
					// Last and named as n8n names its own entry: n8n then adds no second "Custom API Call"
					// (it appends one only when the last resource is not so named,
					// packages/cli/src/load-nodes-and-credentials.ts, injectCustomApiCallOptions). Ours
					// runs inside the node with its credential and the platform's pacing. (A list of 5 or
					// more must be alphabetical for n8n's verification; this one has 4.)
					{
						name: 'Custom API Call',
						value: 'apiCall',
						description: "Any partner API call with this node's credential, paced to the platform's rate limits",
					},
				],
				default: 'client',
			},
			...client.description,
			...request.description,
			...template.description,
			...apiCall.description,
		],
	};

	methods = {
		listSearch: { searchClients, searchRequests },
		loadOptions: { getTemplates },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
