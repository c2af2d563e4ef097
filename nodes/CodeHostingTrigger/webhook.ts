import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import type { IDataObject, IHookFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { repositoryPath } from '../CodeHosting/actions/common/repository';
import { codeHosting } from '../CodeHosting/transport';
import type { MatchContext } from './events';
import { EVENT_RULES, matchDelivery, OTHER_EVENTS, PLATFORM_EVENT_CHOICES, subscribedEvents, unknownPlatformEvents } from './events';

/**
 * The Code Hosting Trigger's webhook: its lifecycle on the platform (checkExists, create,
 * delete) and the handling of each delivery.
 *
 * Activation does all the work that does not depend on a delivery: it registers the webhook with
 * a random secret and stores, in the node's static data, the secret and the delivery filter (the
 * chosen events, the column and status-field options). A delivery then reads no node parameter:
 * signature first (constant time, over the raw body), then the filter.
 */

/** What a delivery needs to know, fixed at activation. */
interface DeliveryFilter extends IDataObject {
	events: string[];
	columnId?: string;
	statusField: string;
	/** With otherEvents: the platform events chosen by name, or `*`. */
	platformEvents?: string[];
}

interface HookState extends IDataObject {
	webhookId?: string;
	webhookSecret?: string;
	webhookEndpoint?: string;
	/** Login of the connected account (for New Mention). */
	login?: string;
	filter?: DeliveryFilter;
}

function hookState(ctx: IHookFunctions | IWebhookFunctions): HookState {
	return ctx.getWorkflowStaticData('node') as HookState;
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
	return `${repositoryPath(owner, repo)}/hooks`;
}

/** The delivery filter from the node's parameters (read at activation). */
function filterOf(ctx: IHookFunctions | IWebhookFunctions): DeliveryFilter {
	const events = ctx.getNodeParameter('events', []) as string[];
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const filter: DeliveryFilter = {
		events,
		statusField: typeof options.statusField === 'string' && options.statusField !== '' ? options.statusField : 'Status',
	};
	if (typeof options.columnId === 'string' && options.columnId !== '') filter.columnId = options.columnId;
	if (events.includes(OTHER_EVENTS)) {
		const chosen = ctx.getNodeParameter('platformEvents', []) as string[] | string;
		filter.platformEvents = [...new Set((Array.isArray(chosen) ? chosen : String(chosen).split(',')).map((event) => String(event).trim()).filter(Boolean))];
	}
	return filter;
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

/** Whether the stored webhook still exists with this URL and exactly the needed events. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const state = hookState(this);
	const webhookUrl = this.getNodeWebhookUrl('default') as string;
	const endpoint = hooksEndpoint(this);
	if (!state.webhookId || state.webhookEndpoint !== endpoint || !state.webhookSecret) return false;
	const response = await codeHosting(this).fullRequest<IDataObject>('GET', `${endpoint}/${encodeURIComponent(state.webhookId)}`, {
		acceptStatuses: [404],
	});
	if (response.statusCode === 404) {
		delete state.webhookId;
		return false;
	}
	const hook = response.body;
	const config = (hook.config ?? {}) as IDataObject;
	const filter = filterOf(this);
	const wanted = subscribedEvents(filter.events, filter.platformEvents);
	const events = Array.isArray(hook.events) ? [...(hook.events as string[])].sort() : [];
	// Exactly the needed events: with more, the platform would keep sending deliveries that
	// are only thrown away; with fewer, some chosen events would never arrive.
	const same = config.url === webhookUrl && events.length === wanted.length && wanted.every((event, index) => events[index] === event);
	// the options may have changed without the events: deliveries use the filter of this activation
	if (same) state.filter = filter;
	return same;
}

/** Registers the webhook with a new random secret (adopting a leftover hook with the same URL). */
export async function create(this: IHookFunctions): Promise<boolean> {
	const webhookUrl = this.getNodeWebhookUrl('default') as string;
	const connection = await codeHosting(this).connection();
	const filter = filterOf(this);
	const chosen = filter.events;
	if (chosen.length === 0) throw new NodeOperationError(this.getNode(), 'Choose at least one event');
	if (chosen.includes(OTHER_EVENTS)) {
		const platformEvents = filter.platformEvents ?? [];
		if (platformEvents.length === 0) {
			throw new NodeOperationError(this.getNode(), 'Choose at least one platform event for Other Events', {
				description: 'Pick event names such as check_run or label under Platform Events, or * for every event.',
			});
		}
		const unknown = unknownPlatformEvents(platformEvents);
		if (unknown.length > 0) {
			throw new NodeOperationError(this.getNode(), `Unknown platform event: ${unknown.join(', ')}`, {
				description: `Known events: ${PLATFORM_EVENT_CHOICES.join(', ')}.`,
			});
		}
	}
	const scope = this.getNodeParameter('scope', 'repository') as string;
	const orgOnly = EVENT_RULES.filter((rule) => rule.organizationOnly && chosen.includes(rule.name));
	if (scope !== 'organization' && orgOnly.length > 0) {
		throw new NodeOperationError(this.getNode(), `${orgOnly.map((rule) => rule.name).join(', ')} needs Scope: Organization`, {
			description: 'The platform sends these events to organization webhooks only.',
		});
	}
	const webhookHost = new URL(webhookUrl).hostname;
	if (new URL(connection.baseUrl).hostname === 'api.github.com' && LOCAL_HOST.test(webhookHost)) {
		throw new NodeOperationError(this.getNode(), `GitHub cannot reach n8n's webhook URL ${webhookUrl}`, {
			description: "The webhook URL points at this machine (localhost). Set n8n's WEBHOOK_URL environment variable to the public address of n8n (for example https://n8n.example.com/) and activate again.",
		});
	}

	const endpoint = hooksEndpoint(this);
	const secret = randomBytes(32).toString('hex');
	const body = {
		name: 'web',
		active: true,
		events: subscribedEvents(chosen, filter.platformEvents),
		config: { url: webhookUrl, content_type: 'json', secret, insecure_ssl: '0' },
	};
	let response = await codeHosting(this).fullRequest<IDataObject>('POST', endpoint, { body, acceptStatuses: [422] });
	if (response.statusCode === 422) {
		// A hook with this URL exists already (an earlier activation whose deletion was
		// missed): adopt the URL by replacing that hook with one that has our secret.
		const hooks = await codeHosting(this).request<IDataObject[]>('GET', endpoint, { qs: { per_page: 100 } });
		const existing = (Array.isArray(hooks) ? hooks : []).find((hook) => ((hook.config ?? {}) as IDataObject).url === webhookUrl);
		if (!existing) {
			const message = String((response.body as IDataObject)?.message ?? 'Validation failed');
			throw new NodeOperationError(this.getNode(), `The webhook could not be registered: ${message}`);
		}
		await codeHosting(this).fullRequest('DELETE', `${endpoint}/${String(existing.id)}`, { acceptStatuses: [404] });
		response = await codeHosting(this).fullRequest<IDataObject>('POST', endpoint, { body });
	}
	const state = hookState(this);
	state.webhookId = String(response.body.id);
	state.webhookSecret = secret;
	state.webhookEndpoint = endpoint;
	state.filter = filter;
	if (chosen.includes('newMention')) {
		const user = await codeHosting(this).request('GET', '/user');
		state.login = typeof user.login === 'string' ? user.login : undefined;
	}
	return true;
}

/** Deletes the webhook on the platform (one already gone counts as deleted) and forgets it. */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const state = hookState(this);
	if (state.webhookId && state.webhookEndpoint) {
		// 404: already gone, which is what we want. Any other error is reported.
		await codeHosting(this).fullRequest('DELETE', `${state.webhookEndpoint}/${encodeURIComponent(state.webhookId)}`, {
			acceptStatuses: [404],
		});
	}
	delete state.webhookId;
	delete state.webhookSecret;
	delete state.webhookEndpoint;
	delete state.login;
	delete state.filter;
	return true;
}

/** One delivery: verified, filtered by the chosen events, emitted as items (or acknowledged). */
export async function handleDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const request = this.getRequestObject();
	const state = hookState(this);
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

	// A webhook activated by an earlier version of this node has no stored filter: read it once.
	if (!state.filter) state.filter = filterOf(this);
	const { events, columnId, statusField, platformEvents } = state.filter;
	const context: MatchContext = { login: state.login, columnId, statusField, platformEvents };
	const payload = (request.body ?? {}) as IDataObject;
	const items = matchDelivery(events, webhookEvent, String(request.headers['x-github-delivery'] ?? ''), payload, context);
	if (items.length === 0) return { webhookResponse: { ok: true, ignored: true } };
	return { workflowData: [this.helpers.returnJsonArray(items)] };
}
