import { randomBytes } from 'crypto';
import type { IDataObject, IHookFunctions, IWebhookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { repositoryPath } from '../CodeHosting/actions/common/repository';
import type { PlatformConnection } from '../shared';
import { codeHosting, webhookPermissionFix } from '../CodeHosting/transport';
import { EVENT_RULES, mayMatch, OTHER_EVENTS, PLATFORM_EVENT_CHOICES, subscribedEvents, unknownPlatformEvents } from './events';
import type { DeliveryLogEntry, RecoveryState } from './recovery';
import { mergeRings, RECOVERY_LIMITS, recoveryStateOf } from './recovery';
import { forgetMemory, memoryKey, memoryOf, recoveryPass } from './recoveryPass';
import { forgetReplays } from './replay';
import { startSchedule, stopSchedule } from './schedule';

/**
 * The Code Hosting Trigger's webhook: its lifecycle on the platform (checkExists, create,
 * delete) and the state it leaves for each delivery (delivery.ts handles those).
 *
 * Activation does all the work that does not depend on a delivery: it registers the webhook with
 * a random secret and stores, in the node's static data, the secret and the delivery filter (the
 * chosen events, the column and status-field options). A delivery then reads no node parameter:
 * signature first (constant time, over the raw body), then the filter.
 *
 * With Recover Missed Deliveries (recovery.ts, recoveryPass.ts): an activation that finds its
 * hook asks the platform to redeliver what failed while n8n was away; each delivery GUID starts at
 * most one execution; with a Recovery Interval (default 5 minutes) the process that activated the
 * trigger runs scheduled passes (schedule.ts) and no webhook call runs one; with Recovery Interval
 * 0 a delivery runs a pass of its own when one is due (the first delivery after an activation,
 * then at most once per `passIntervalMs`), which recovers deliveries that failed while n8n ran.
 */

/** Recovery Interval (Minutes) when the option is not set. */
export const DEFAULT_RECOVERY_INTERVAL_MINUTES = 5;

/** What a delivery needs to know, fixed at activation. */
export interface DeliveryFilter extends IDataObject {
	events: string[];
	columnId?: string;
	statusField: string;
	/** With otherEvents: the platform events chosen by name, or `*`. */
	platformEvents?: string[];
	/** Recover Missed Deliveries (absent in filters stored by earlier versions: on). */
	recover?: boolean;
	/** Scheduled passes every this many ms while active (0: none; absent in earlier versions: none). */
	recoveryIntervalMs?: number;
}

export interface HookState extends IDataObject {
	webhookId?: string;
	webhookSecret?: string;
	webhookEndpoint?: string;
	/** Login of the connected account (for New Mention). */
	login?: string;
	filter?: DeliveryFilter;
	/** Recover Missed Deliveries: where the log was read up to, accepted GUIDs, redeliveries asked for. */
	recovery?: RecoveryState;
}

export function hookState(ctx: IHookFunctions | IWebhookFunctions): HookState {
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
export function filterOf(ctx: IHookFunctions | IWebhookFunctions): DeliveryFilter {
	const events = ctx.getNodeParameter('events', []) as string[];
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const filter: DeliveryFilter = {
		events,
		statusField: typeof options.statusField === 'string' && options.statusField !== '' ? options.statusField : 'Status',
		recover: ctx.getNodeParameter('recoverMissedDeliveries', true) !== false,
	};
	if (typeof options.columnId === 'string' && options.columnId !== '') filter.columnId = options.columnId;
	const minutes = options.recoveryInterval === undefined || options.recoveryInterval === '' ? DEFAULT_RECOVERY_INTERVAL_MINUTES : Number(options.recoveryInterval);
	if (!Number.isFinite(minutes) || minutes < 0) {
		throw new NodeOperationError(ctx.getNode(), `Recovery Interval (Minutes) must be a number of minutes, 0 or more; got ${JSON.stringify(options.recoveryInterval)}`, {
			description: '0 turns the scheduled passes off (passes then run at activations and deliveries only).',
		});
	}
	filter.recoveryIntervalMs = Math.round(minutes * 60_000);
	if (events.includes(OTHER_EVENTS)) {
		const chosen = ctx.getNodeParameter('platformEvents', []) as string[] | string;
		filter.platformEvents = [...new Set((Array.isArray(chosen) ? chosen : String(chosen).split(',')).map((event) => String(event).trim()).filter(Boolean))];
	}
	return filter;
}

/** The log entries whose event and action the trigger listens to (the rest is never redelivered). */
export function listensTo(filter: DeliveryFilter): (entry: DeliveryLogEntry) => boolean {
	return (entry) => mayMatch(filter.events, entry.event, entry.action, filter.platformEvents);
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[?::1\]?|0\.0\.0\.0)$/i;

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
	if (same && filter.recover) {
		if (filter.recoveryIntervalMs && this.getMode() !== 'manual') {
			// scheduled passes: the first a moment after the activation, in this process. None inside
			// the activation: n8n saves the activation's static data when it returns, and with webhook
			// processes (queue mode) the redeliveries arrive there and save theirs meanwhile: the
			// activation's older copy would overwrite the GUIDs they accepted
			state.recovery = recoveryStateOf(state.recovery, state.webhookId as string, Date.now());
			scheduleRecovery(this, state, filter, RECOVERY_LIMITS.continueAfterMs);
		} else {
			const later = await recoverAtActivation(this, state);
			scheduleRecovery(this, state, filter, later ? RECOVERY_LIMITS.continueAfterMs : undefined);
		}
	}
	if (!filter.recover) {
		if (state.webhookId) stopSchedule(this, endpoint, state.webhookId);
		delete state.recovery;
	}
	return same;
}

/**
 * The hook exists: ask the platform to redeliver what failed since the last pass (bounded, paced;
 * a log that cannot be read is a warning, never a failed activation). n8n may not listen yet when
 * the platform redelivers (at startup), so until every redelivery asked for here has arrived, the
 * next other delivery runs a pass again (it proves n8n listens; what failed is asked for again).
 */
/**
 * Scheduled passes for the active hook in this process (schedule.ts), unless the interval is 0 or
 * this is the editor's test webhook; `firstInMs`: the first pass sooner than the interval.
 */
function scheduleRecovery(ctx: IHookFunctions, state: HookState, filter: DeliveryFilter, firstInMs?: number): void {
	const endpoint = state.webhookEndpoint as string;
	const hookId = state.webhookId as string;
	if (ctx.getMode() === 'manual' || !state.recovery || !filter.recoveryIntervalMs) {
		stopSchedule(ctx, endpoint, hookId);
		return;
	}
	const interval = filter.recoveryIntervalMs;
	startSchedule(ctx, endpoint, hookId, state.recovery as RecoveryState, interval, listensTo(filter), firstInMs ?? interval);
}

/** Answers whether what the activation found wants a pass soon (more than it asked for, or redeliveries not arrived). */
async function recoverAtActivation(ctx: IHookFunctions, state: HookState): Promise<boolean> {
	const endpoint = state.webhookEndpoint as string;
	const hookId = state.webhookId as string;
	const recovery = recoveryStateOf(state.recovery, hookId, Date.now());
	state.recovery = recovery;
	const memory = memoryOf(ctx, endpoint, hookId);
	let mode = 'activation';
	try {
		mode = `activation (${ctx.getActivationMode()})`;
	} catch {
		mode = 'activation';
	}
	const filter = filterOf(ctx);
	const result = await recoveryPass(ctx, endpoint, hookId, recovery, mode, RECOVERY_LIMITS.perActivation, listensTo(filter));
	// deliveries handled in this process during the pass are in its memory, not in this static data
	recovery.accepted = mergeRings(recovery.accepted, memory.accepted);
	recovery.requested = { ...memory.requested, ...recovery.requested };
	recovery.originalAt = { ...memory.originalAt, ...(recovery.originalAt ?? {}) };
	const waitFor = (result?.redeliveredGuids ?? []).filter((guid) => !recovery.accepted.includes(guid));
	memory.awaiting = new Set(waitFor);
	// n8n saves this activation's static data after it returns, over what the deliveries saved
	// meanwhile: wait (bounded) for the last redeliveries, so that their GUIDs are in this save
	const until = Date.now() + RECOVERY_LIMITS.arrivalWaitMs;
	while (memory.awaiting.size > 0 && Date.now() < until) await sleep(100);
	recovery.accepted = mergeRings(recovery.accepted, memory.accepted);
	memory.recheck = memory.awaiting.size > 0;
	recovery.recheck = memory.recheck;
	return memory.recheck || (result?.deferred ?? 0) > 0;
}

/** Registers the webhook with a new random secret (adopting a leftover hook with the same URL). */
export async function create(this: IHookFunctions): Promise<boolean> {
	const previous = hookState(this);
	if (previous.webhookId && previous.webhookEndpoint) stopSchedule(this, previous.webhookEndpoint, previous.webhookId);
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
	let response = await codeHosting(this)
		.fullRequest<IDataObject>('POST', endpoint, { body, acceptStatuses: [422] })
		.catch((error: unknown) => {
			throw creationError(this, error, endpoint, scope === 'organization' ? 'organization' : 'repository', connection);
		});
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
	// a new hook has no log yet: nothing before now is recovered
	if (filter.recover) {
		state.recovery = recoveryStateOf(undefined, state.webhookId, Date.now());
		scheduleRecovery(this, state, filter);
	} else delete state.recovery;
	if (chosen.includes('newMention')) {
		const user = await codeHosting(this).request('GET', '/user');
		state.login = typeof user.login === 'string' ? user.login : undefined;
	}
	return true;
}

/**
 * A 403 or 404 when creating the webhook, with the fix in the message: n8n shows an activation's
 * error by its message (the editor's activation error, the log), without the description. GitHub
 * answers 404 also when the repository exists but the credential may not manage its webhooks
 * (no admin rights, or no admin:repo_hook scope / Webhooks permission), so a 404 names those
 * besides the owner and repository; the permission is named in the credential's terms.
 */
function creationError(ctx: IHookFunctions, error: unknown, endpoint: string, scope: 'repository' | 'organization', connection: PlatformConnection): unknown {
	const httpCode = (error as { httpCode?: unknown })?.httpCode;
	if (!(error instanceof NodeApiError) || (httpCode !== '403' && httpCode !== '404')) return error;
	const parts = endpoint.split('/').filter(Boolean).slice(1, -1).map((part) => decodeURIComponent(part));
	const where = scope === 'organization' ? `organization ${parts[0]}` : `repository ${parts.join('/')}`;
	const admin = scope === 'organization' ? 'an owner (admin) of the organization' : 'admin rights on the repository';
	const fix = webhookPermissionFix(connection.credentialKind, scope);
	const platformSaid = error.message;
	// the platform's answer named what the credential lacks (transport.ts): said once
	const named = /: the (GitHub App|fine-grained token|OAuth2 credential|classic token|token) needs/.test(platformSaid);
	const check = scope === 'organization' ? 'Repository Owner (the organization)' : 'Repository Owner and Repository Name';
	const message = named
		? `Could not create the webhook on ${where}: ${platformSaid}. Creating a webhook also needs ${admin}.`
		: httpCode === '404'
		? `Could not create the webhook on ${where}: ${platformSaid}. GitHub answers 404 when the ${scope} does not exist or the credential may not manage its webhooks: creating a webhook needs ${admin}, and ${fix}. Check also ${check}.`
		: `Could not create the webhook on ${where}: ${platformSaid}. Creating a webhook needs ${admin}, and ${fix}.`;
	return new NodeApiError(ctx.getNode(), { message, httpCode: String(httpCode) } as JsonObject, {
		message,
		description: error.description ?? undefined,
		httpCode: String(httpCode),
	});
}

/** Deletes the webhook on the platform (one already gone counts as deleted) and forgets it. */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const state = hookState(this);
	if (state.webhookId && state.webhookEndpoint) {
		stopSchedule(this, state.webhookEndpoint, state.webhookId);
		forgetMemory(this, state.webhookEndpoint, state.webhookId);
		forgetReplays(memoryKey(this, state.webhookEndpoint, state.webhookId));
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
	delete state.recovery;
	return true;
}
