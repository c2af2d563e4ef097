import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { checkExists, create, EVENT_OPTIONS, receivedSecret, remove, secretsMatch, storedSecret } from './webhook';

export class ClientInfoTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Client Info Trigger',
		name: 'clientInfoTrigger',
		icon: { light: 'file:clientInfo.svg', dark: 'file:clientInfo.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).join(", ") }}',
		description: 'Starts the workflow when requests, clients, fields or comments change on the client-information platform',
		defaults: { name: 'Client Info Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'clientInfoOAuth2Api', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName:
					'The platform signs no webhook calls, so the webhook URL registered on it carries a random secret; calls without it are refused with 401',
				name: 'secretNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: EVENT_OPTIONS,
				required: true,
				default: [],
				description: 'The platform events that start the workflow',
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		// The secret first: a call without it starts nothing.
		if (!secretsMatch(receivedSecret(this), storedSecret(this))) {
			const response = this.getResponseObject();
			response.status(401).json({ message: 'Unauthorized' });
			return { noWebhookResponse: true };
		}
		const body = this.getBodyData();
		const events = this.getNodeParameter('events', []) as string[];
		const event = [body.event, body.event_type, body.type].find((value) => typeof value === 'string') as
			| string
			| undefined;
		if (event !== undefined && events.length > 0 && !events.includes(event)) {
			return { webhookResponse: { received: true, ignored: event } };
		}
		const items = Array.isArray(body) ? (body as IDataObject[]) : [body];
		return { workflowData: [this.helpers.returnJsonArray(items)] };
	}
}
