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

import { ownerLocator, repositoryLocator } from '../CodeHosting/actions/common';
import { authenticationProperty, codeHostingCredentials } from '../CodeHosting/descriptions';
import { searchOwners, searchRepositories } from '../CodeHosting/methods/listSearch';
import { triggerAtEveryStart } from '../shared';
import { runDeliveryOnce } from './once';
import { ALL_PLATFORM_EVENTS, EVENT_RULES, eventDisplayName, ORGANIZATION_ONLY_EVENTS, OTHER_EVENTS, PLATFORM_EVENT_CHOICES } from './events';
import { handleDelivery, verifySignature } from './delivery';
import { checkExists, create, remove } from './webhook';

/** "New Repository, ... and Team Membership Changed": the events that need Scope: Organization. */
const ORGANIZATION_ONLY_NAMES = ((names: string[]) => `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`)(ORGANIZATION_ONLY_EVENTS.map(eventDisplayName));

export class CodeHostingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Code Hosting Trigger',
		name: 'codeHostingTrigger',
		icon: { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		// n8n's node creator lists this trigger and the Code Hosting node as one entry and shows the
		// trigger's description for both (editor-ui nodeCreator store, mergedNodes: triggers first)
		description:
			'Act on repositories, issues, pull requests, workflows and releases on GitHub or GitHub Enterprise Server, and start workflows on their events through a signed webhook',
		defaults: { name: 'GitHub Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: codeHostingCredentials,
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			authenticationProperty,
			{
				displayName: 'Scope',
				name: 'scope',
				type: 'options',
				options: [
					{ name: 'Repository', value: 'repository', description: 'A webhook on one repository' },
					{ name: 'Organization', value: 'organization', description: `A webhook on the whole organization (needed for ${ORGANIZATION_ONLY_NAMES})` },
				],
				default: 'repository',
				description: 'Where the webhook is registered: on one repository, or on a whole organization',
			},
			{ ...ownerLocator, displayName: 'Repository Owner', description: 'The user or organization' },
			{ ...repositoryLocator, displayOptions: { show: { scope: ['repository'] } } },
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				description: 'The events that start the workflow, one item per event (one per commit for New Commit)',
				options: [
					...EVENT_RULES.map((rule) => ({
						name: eventDisplayName(rule.name),
						value: rule.name,
						description: rule.description,
					})),
					{
						name: 'Other Events',
						value: OTHER_EVENTS,
						description: 'Any webhook event of the platform by its name (Platform Events), or * for all; emitted as it comes',
					},
				].sort((a, b) => a.name.localeCompare(b.name)),
			},
			{
				displayName: `${ORGANIZATION_ONLY_NAMES} need Scope: Organization: GitHub sends these events to organization webhooks only, and activating with Scope: Repository stops with an error`,
				name: 'organizationOnlyNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { scope: ['repository'], events: [...ORGANIZATION_ONLY_EVENTS] } },
			},
			{
				displayName: 'Platform Events',
				name: 'platformEvents',
				type: 'multiOptions',
				required: true,
				default: [],
				description:
					'Webhook events of the platform to start on, by their names (such as check_run, label, deployment_status), or * for every event. Each delivery becomes one item with event "otherEvents", webhookEvent, action and the payload.',
				displayOptions: { show: { events: [OTHER_EVENTS] } },
				options: PLATFORM_EVENT_CHOICES.map((event) => ({
					name: event === ALL_PLATFORM_EVENTS ? '* (All Events)' : event,
					value: event,
				})),
			},
			{
				displayName: 'Recover Missed Deliveries',
				name: 'recoverMissedDeliveries',
				type: 'boolean',
				default: true,
				description:
					'Whether to ask the platform, at each activation (also when n8n starts) and every Recovery Interval while active, to redeliver what failed while n8n was down or answered with an error, up to 3 days back, and to start at most one execution per delivery ID. Items of a redelivery carry recovered: true and deliveredAt, when the event first came (live items: recovered: false), so a workflow can skip old events. Needs the webhook read and write permission (admin:repo_hook or admin:org_hook).',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{ displayName: 'Column ID', name: 'columnId', type: 'string', default: '', description: 'For New Card In Column: only cards added to this column' },
					{
						displayName: 'Recovery Interval (Minutes)',
						name: 'recoveryInterval',
						type: 'number',
						default: 5,
						typeOptions: { minValue: 0, numberPrecision: 2 },
						description:
							'With Recover Missed Deliveries: how often, while the workflow is active, to ask the platform for what failed since the last pass, without waiting for a delivery (a quiet repository too). 0: only at activations and deliveries.',
					},
					{ displayName: 'Status Field', name: 'statusField', type: 'string', default: 'Status', description: 'For Project Item Status Changed: the project field that holds the status' },
				],
			},
		],
	};

	methods = {
		listSearch: { searchOwners, searchRepositories },
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

	/**
	 * The webhook call's items, handed on as they came (nodes/shared/startAtEveryStart.ts), once
	 * per delivery GUID across processes (once.ts).
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runDeliveryOnce.call(this);
	}
}

export { verifySignature };
