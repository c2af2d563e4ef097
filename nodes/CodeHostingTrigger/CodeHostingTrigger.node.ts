import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { ownerLocator, repositoryLocator } from '../CodeHosting/actions/common';
import { searchOwners, searchRepositories } from '../CodeHosting/methods/listSearch';
import { codeHostingFullRequest, codeHostingRequest, connectionOf } from '../CodeHosting/transport';
import { EVENT_RULES, matchDelivery, webhookEventsFor } from './events';
import { authenticationProperty, codeHostingCredentials } from '../CodeHosting/descriptions';

interface HookState extends IDataObject {
	webhookId?: string;
	webhookSecret?: string;
	webhookEndpoint?: string;
	login?: string;
}

function hooksEndpoint(ctx: IHookFunctions): string {
	const scope = ctx.getNodeParameter('scope', 'repository') as string;
	const owner = String(ctx.getNodeParameter('owner', '', { extractValue: true }) ?? '').trim();
	if (!owner || owner.includes('/')) {
		throw new NodeOperationError(ctx.getNode(), 'Repository Owner is required and must be a single name');
	}
	if (scope === 'organization') return `/orgs/${encodeURIComponent(owner)}/hooks`;
	const repo = String(ctx.getNodeParameter('repository', '', { extractValue: true }) ?? '').trim();
	if (!repo || repo.includes('/')) {
		throw new NodeOperationError(ctx.getNode(), 'Repository Name is required and must be a single name');
	}
	return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/hooks`;
}

function chosenEvents(ctx: IHookFunctions | IWebhookFunctions): string[] {
	return ctx.getNodeParameter('events', []) as string[];
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[?::1\]?|0\.0\.0\.0)$/i;

/** Constant-time check of `sha256=<hex>` against the HMAC of the raw body. */
export function verifySignature(rawBody: Buffer, header: unknown, secret: string): boolean {
	if (typeof header !== 'string' || !header.startsWith('sha256=') || !secret) return false;
	const expected = createHmac('sha256', secret).update(rawBody).digest();
	const given = Buffer.from(header.slice('sha256='.length), 'hex');
	// A non-hex or truncated value decodes to a buffer of another length.
	if (given.length !== expected.length) return false;
	return timingSafeEqual(given, expected);
}

export class CodeHostingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Code Hosting Trigger',
		name: 'codeHostingTrigger',
		icon: { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description: 'Starts the workflow on repository and organization events, through a signed webhook it registers itself',
		defaults: { name: 'Code Hosting Trigger' },
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
					{ name: 'Organization', value: 'organization', description: 'A webhook on the whole organization (needed for New Repository and Project Item Status Changed)' },
				],
				default: 'repository',
			},
			{ ...ownerLocator, displayName: 'Repository Owner', description: 'The user or organization' },
			{ ...repositoryLocator, displayOptions: { show: { scope: ['repository'] } } },
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				options: EVENT_RULES.map((rule) => ({
					name: rule.name.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase()),
					value: rule.name,
					description: rule.description,
				})).sort((a, b) => a.name.localeCompare(b.name)),
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{ displayName: 'Column ID', name: 'columnId', type: 'string', default: '', description: 'For New Card In Column: only cards added to this column' },
					{ displayName: 'Status Field Name', name: 'statusField', type: 'string', default: 'Status', description: 'For Project Item Status Changed: the project field that holds the status' },
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
				const state = this.getWorkflowStaticData('node') as HookState;
				const webhookUrl = this.getNodeWebhookUrl('default') as string;
				const endpoint = hooksEndpoint(this);
				if (!state.webhookId || state.webhookEndpoint !== endpoint || !state.webhookSecret) return false;
				const response = await codeHostingFullRequest<IDataObject>(this, 'GET', `${endpoint}/${encodeURIComponent(state.webhookId)}`, {
					acceptStatuses: [404],
				});
				if (response.statusCode === 404) {
					delete state.webhookId;
					return false;
				}
				const hook = response.body;
				const config = (hook.config ?? {}) as IDataObject;
				const wanted = webhookEventsFor(chosenEvents(this));
				const events = Array.isArray(hook.events) ? [...(hook.events as string[])].sort() : [];
				// Exactly the needed events: with more, the platform would keep sending deliveries that
				// are only thrown away; with fewer, some chosen events would never arrive.
				return config.url === webhookUrl && events.length === wanted.length && wanted.every((event, index) => events[index] === event);
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const webhookUrl = this.getNodeWebhookUrl('default') as string;
				const connection = await connectionOf(this);
				const chosen = chosenEvents(this);
				if (chosen.length === 0) throw new NodeOperationError(this.getNode(), 'Choose at least one event');
				const scope = this.getNodeParameter('scope', 'repository') as string;
				const orgOnly = EVENT_RULES.filter((rule) => rule.organizationOnly && chosen.includes(rule.name));
				if (scope !== 'organization' && orgOnly.length > 0) {
					throw new NodeOperationError(this.getNode(), `${orgOnly.map((rule) => rule.name).join(', ')} needs Scope: Organization`, {
						description: 'The platform sends these events to organization webhooks only.',
					});
				}
				const webhookHost = new URL(webhookUrl).hostname;
				if (new URL(connection.server).hostname === 'api.github.com' && LOCAL_HOST.test(webhookHost)) {
					throw new NodeOperationError(this.getNode(), `GitHub cannot reach n8n's webhook URL ${webhookUrl}`, {
						description: 'The webhook URL points at this machine (localhost). Set n8n\'s WEBHOOK_URL environment variable to the public address of n8n (for example https://n8n.example.com/) and activate again.',
					});
				}

				const endpoint = hooksEndpoint(this);
				const secret = randomBytes(32).toString('hex');
				const body = {
					name: 'web',
					active: true,
					events: webhookEventsFor(chosen),
					config: { url: webhookUrl, content_type: 'json', secret, insecure_ssl: '0' },
				};
				let response = await codeHostingFullRequest<IDataObject>(this, 'POST', endpoint, { body, acceptStatuses: [422] });
				if (response.statusCode === 422) {
					// A hook with this URL exists already (an earlier activation whose deletion was
					// missed): adopt the URL by replacing that hook with one that has our secret.
					const hooks = await codeHostingRequest<IDataObject[]>(this, 'GET', endpoint, { qs: { per_page: 100 } });
					const existing = (Array.isArray(hooks) ? hooks : []).find(
						(hook) => ((hook.config ?? {}) as IDataObject).url === webhookUrl,
					);
					if (!existing) {
						const message = String((response.body as IDataObject)?.message ?? 'Validation failed');
						throw new NodeOperationError(this.getNode(), `The webhook could not be registered: ${message}`);
					}
					await codeHostingFullRequest(this, 'DELETE', `${endpoint}/${String(existing.id)}`, { acceptStatuses: [404] });
					response = await codeHostingFullRequest<IDataObject>(this, 'POST', endpoint, { body });
				}
				const state = this.getWorkflowStaticData('node') as HookState;
				state.webhookId = String(response.body.id);
				state.webhookSecret = secret;
				state.webhookEndpoint = endpoint;
				if (chosen.includes('newMention')) {
					const user = await codeHostingRequest(this, 'GET', '/user');
					state.login = typeof user.login === 'string' ? user.login : undefined;
				}
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as HookState;
				if (state.webhookId && state.webhookEndpoint) {
					// 404: already gone, which is what we want. Any other error is reported.
					await codeHostingFullRequest(this, 'DELETE', `${state.webhookEndpoint}/${encodeURIComponent(state.webhookId)}`, {
						acceptStatuses: [404],
					});
				}
				delete state.webhookId;
				delete state.webhookSecret;
				delete state.webhookEndpoint;
				delete state.login;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const state = this.getWorkflowStaticData('node') as HookState;
		const rawBody: Buffer = Buffer.isBuffer(request.rawBody)
			? request.rawBody
			: Buffer.from(typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? {}));

		const webhookEvent = String(request.headers['x-github-event'] ?? '');
		if (!verifySignature(rawBody, request.headers['x-hub-signature-256'], String(state.webhookSecret ?? ''))) {
			// GitHub pings a hook the moment it is created, which can be before n8n has stored the
			// new secret. A ping starts nothing, so while no secret is stored it is acknowledged.
			if (webhookEvent === 'ping' && !state.webhookSecret) return { webhookResponse: { ok: true, ping: true } };
			const response = this.getResponseObject();
			response.status(401).json({ message: 'Invalid or missing X-Hub-Signature-256' });
			return { noWebhookResponse: true };
		}

		if (webhookEvent === 'ping') return { webhookResponse: { ok: true, ping: true } };

		const payload = (request.body ?? {}) as IDataObject;
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const items = matchDelivery(chosenEvents(this), webhookEvent, String(request.headers['x-github-delivery'] ?? ''), payload, {
			login: state.login,
			columnId: typeof options.columnId === 'string' && options.columnId !== '' ? options.columnId : undefined,
			statusField: typeof options.statusField === 'string' && options.statusField !== '' ? options.statusField : 'Status',
		});
		if (items.length === 0) return { webhookResponse: { ok: true, ignored: true } };
		return { workflowData: [this.helpers.returnJsonArray(items)] };
	}
}
