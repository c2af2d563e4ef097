import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import type { IDataObject, IHookFunctions, IWebhookFunctions, IWebhookResponseData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { repositoryPath } from '../CodeHosting/actions/common/repository';
import type { PlatformConnection } from '../shared';
import { codeHosting, webhookPermissionFix } from '../CodeHosting/transport';
import type { MatchContext } from './events';
import { EVENT_RULES, matchDelivery, mayMatch, OTHER_EVENTS, PLATFORM_EVENT_CHOICES, subscribedEvents, unknownPlatformEvents } from './events';
import type { DeliveryLogEntry, RecoveryState } from './recovery';
import { mergeRings, RECOVERY_LIMITS, recoveryStateOf, remember } from './recovery';
import { forgetMemory, memoryOf, recoveryPass } from './recoveryPass';
import { startSchedule, stopSchedule } from './schedule';

/**
 * The Code Hosting Trigger's webhook: its lifecycle on the platform (checkExists, create,
 * delete) and the handling of each delivery.
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
interface DeliveryFilter extends IDataObject {
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

interface HookState extends IDataObject {
	webhookId?: string;
	webhookSecret?: string;
	webhookEndpoint?: string;
	/** Login of the connected account (for New Mention). */
	login?: string;
	filter?: DeliveryFilter;
	/** Recover Missed Deliveries: where the log was read up to, accepted GUIDs, redeliveries asked for. */
	recovery?: RecoveryState;
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
function listensTo(filter: DeliveryFilter): (entry: DeliveryLogEntry) => boolean {
	return (entry) => mayMatch(filter.events, entry.event, entry.action, filter.platformEvents);
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
	const { events, columnId, statusField, platformEvents, recover } = state.filter;
	const guid = String(request.headers['x-github-delivery'] ?? '');
	const hookId = state.webhookId;
	const endpoint = state.webhookEndpoint;
	const recovering = recover !== false && Boolean(guid && hookId && endpoint);
	const recovery = recovering ? recoveryStateOf(state.recovery, hookId as string, Date.now()) : undefined;
	const memory = recovering ? memoryOf(this, endpoint as string, hookId as string) : undefined;
	let askedFor = false;
	if (recovery && memory) {
		if (state.recovery !== recovery) state.recovery = recovery;
		// this copy of the static data may be older than what a pass of this process stored
		if (memory.since && Date.parse(memory.since) > Date.parse(recovery.since)) recovery.since = memory.since;
		if (memory.lastPassAt > Number(recovery.lastPassAt ?? 0)) recovery.lastPassAt = memory.lastPassAt;
		for (const [asked, at] of Object.entries(memory.requested)) {
			if (recovery.requested[asked] === undefined) recovery.requested[asked] = at;
		}
		const originalAt = (recovery.originalAt ?? {}) as IDataObject;
		recovery.originalAt = originalAt;
		for (const [asked, at] of Object.entries(memory.originalAt)) {
			if (originalAt[asked] === undefined) originalAt[asked] = at;
		}
		// a redelivery the activation asked for: once all have arrived, no second pass is needed
		askedFor = memory.awaiting.delete(guid);
		if (askedFor && memory.awaiting.size === 0) {
			memory.recheck = false;
			recovery.recheck = false;
		}
		// the same GUID again (a redelivery of what did arrive): acknowledged, nothing started
		if (memory.accepted.includes(guid) || recovery.accepted.includes(guid)) {
			return { webhookResponse: { ok: true, duplicate: true, deliveryId: guid } };
		}
	}

	const context: MatchContext = { login: state.login, columnId, statusField, platformEvents };
	const payload = (request.body ?? {}) as IDataObject;
	const items = matchDelivery(events, webhookEvent, guid, payload, context).map((item) => ({ ...item, ...arrival(guid, recovery) }));
	if (recovery && memory && items.length > 0) {
		// recorded before any await: a duplicate arriving meanwhile in this process is caught above
		memory.accepted = remember(memory.accepted, guid);
		recovery.accepted = remember(mergeRings(recovery.accepted, memory.accepted), guid);
	}
	const workflowData = items.length > 0 ? [this.helpers.returnJsonArray(items)] : undefined;

	// with a Recovery Interval the passes are scheduled, in the process that activated the trigger
	// (n8n's main; the leader in multi-main): no webhook call runs one, in any process (queue mode's
	// webhook processes, a follower main), so two processes never ask for the same redeliveries
	// (a schedule runs only for a filter with an interval: the stored filter tells every process)
	const scheduled = Number(state.filter.recoveryIntervalMs ?? 0) > 0;
	if (recovery && memory && !scheduled && passDue(recovery, memory, askedFor)) {
		// answer the platform first (it waits 10 s at most), then look for missed deliveries
		this.getResponseObject().status(200).json(workflowData ? { ok: true } : { ok: true, ignored: true });
		await recoveryPass(this, endpoint as string, hookId as string, recovery, 'a delivery', RECOVERY_LIMITS.perDelivery, listensTo(state.filter));
		recovery.recheck = false;
		memory.recheck = false;
		recovery.accepted = mergeRings(recovery.accepted, memory.accepted);
		return workflowData ? { noWebhookResponse: true, workflowData } : { noWebhookResponse: true };
	}
	if (!workflowData) return { webhookResponse: { ok: true, ignored: true } };
	return { workflowData };
}

/**
 * Whether a delivery is a redelivery that recovery asked for, and when its event first came: a
 * redelivery's items carry `recovered: true` and `deliveredAt`, the time of the platform's first
 * attempt (from the hook's delivery log), so a workflow can skip what is old; a live delivery's
 * items carry `recovered: false` and the time it arrived. The same field name as the Client Info
 * Trigger's caught-up items (`recovered`).
 *
 * Known from the redeliveries this process asked for, and from the activation's in the static
 * data. A webhook process of queue mode does not see what the main process's scheduled passes
 * asked for (they keep it in that process): there a redelivery reads `recovered: false`.
 */
function arrival(guid: string, recovery: RecoveryState | undefined): { recovered: boolean; deliveredAt: string | null } {
	const asked = recovery && guid ? recovery.requested[guid] : undefined;
	if (asked === undefined || asked === null) return { recovered: false, deliveredAt: new Date().toISOString() };
	const original = (recovery?.originalAt ?? {})[guid];
	return { recovered: true, deliveredAt: typeof original === 'string' && original !== '' ? original : null };
}

/**
 * A pass at a delivery: at the first other delivery after an activation whose redeliveries have
 * not all arrived, then at most once per pass interval; never two at once in this process.
 */
function passDue(recovery: RecoveryState, memory: { running: boolean; lastPassAt: number; recheck: boolean }, askedFor: boolean): boolean {
	if (memory.running) return false;
	// this process's memory is exact once a pass ran here; static data may be a concurrent delivery's older copy
	const recheck = memory.lastPassAt > 0 ? memory.recheck : Boolean(recovery.recheck);
	if (recheck && !askedFor) return true;
	const last = Math.max(Number(recovery.lastPassAt ?? 0), memory.lastPassAt);
	return Date.now() - last >= RECOVERY_LIMITS.passIntervalMs;
}
