import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerAtEveryStart } from '../shared';
import { EVENT_OPTIONS } from './events';
import { runChangesOnce } from './once';
import { checkExists, create, handleDelivery, remove } from './webhook';

export class ClientInfoTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Client Info Trigger',
		name: 'clientInfoTrigger',
		icon: { light: 'file:clientInfo.svg', dark: 'file:clientInfo.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).join(", ") }}',
		// shown by n8n's node creator for the one entry it makes of this trigger and the Client Info
		// node (editor-ui nodeCreator store, mergedNodes: triggers first)
		description:
			'Create clients and send them information requests in Content Snare, and start workflows when requests, clients, fields or comments change',
		defaults: { name: 'Content Snare Trigger' },
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
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						// the same display name as the Code Hosting Trigger's option; the stored name stays
						displayName: 'Recovery Interval (Minutes)',
						name: 'catchUpInterval',
						type: 'number',
						default: 5,
						typeOptions: { minValue: 0, numberPrecision: 2 },
						description:
							'How often, while the workflow is active, to compare the platform\'s requests and clients with what the trigger last saw and start the workflow for each change no delivery brought (marked "recovered"), at n8n\'s start too. It sees new requests and clients and request status changes (created, published, completed, archived); other events only come by delivery. Catch-up calls n8n\'s own webhook URL (set WEBHOOK_URL to an address n8n itself can reach); when it cannot, n8n\'s log shows an error. 0: off.',
					},
				],
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
		return await handleDelivery.call(this);
	}

	/** Makes n8n >= 2.40 activate the trigger at every start (nodes/shared/startAtEveryStart.ts). */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return await triggerAtEveryStart.call(this);
	}

	/** The webhook call's items, without the changes that ran the workflow before (once.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runChangesOnce.call(this);
	}
}
