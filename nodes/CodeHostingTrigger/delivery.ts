import { createHmac, timingSafeEqual } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { MatchContext } from './events';
import { matchDelivery } from './events';
import type { RecoveryState } from './recovery';
import { mergeRings, RECOVERY_LIMITS, recoveryStateOf, remember } from './recovery';
import { memoryKey, memoryOf, recoveryPass } from './recoveryPass';
import type { LogAnswer, Replay } from './replay';
import { replayOf } from './replay';
import { codeHosting } from '../CodeHosting/transport';
import { filterOf, hookState, listensTo } from './webhook';

/**
 * Each delivery of the Code Hosting Trigger's webhook: signature first (constant time, over the raw
 * body), then the filter stored at activation (webhook.ts), duplicates within this process, the
 * recovered/live marks, and with Recovery Interval 0 a recovery pass when one is due.
 */

/** Constant-time check of `sha256=<hex>` against the HMAC of the raw body. */
export function verifySignature(rawBody: Buffer, header: unknown, secret: string): boolean {
	if (typeof header !== 'string' || !header.startsWith('sha256=') || !secret) return false;
	const expected = createHmac('sha256', secret).update(rawBody).digest();
	const given = Buffer.from(header.slice('sha256='.length), 'hex');
	// A non-hex or truncated value decodes to a buffer of another length.
	if (given.length !== expected.length) return false;
	return timingSafeEqual(given, expected);
}

/** One delivery: verified, filtered by the chosen events, emitted as items (or acknowledged). */
export async function handleDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const arrivedAt = Date.now();
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
	// a redelivery this process did not ask for (another process's pass, GitHub's Redeliver button):
	// the hook's log tells, before n8n answers (replay.ts)
	if (recovering && items.length > 0 && items[0].recovered === false && this.getMode() !== 'manual') {
		const told = await replayFromLog(this, endpoint as string, hookId as string, guid, arrivedAt);
		if (told.recovered) {
			for (const item of items) Object.assign(item, { recovered: true, deliveredAt: told.deliveredAt ?? null });
		}
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
 * Known first from the redeliveries this process asked for, and from the activation's in the static
 * data; for any other delivery from the hook's delivery log (replayFromLog): a webhook process of
 * queue mode does not see what the main process's scheduled passes asked for.
 */
function arrival(guid: string, recovery: RecoveryState | undefined): { recovered: boolean; deliveredAt: string | null } {
	const asked = recovery && guid ? recovery.requested[guid] : undefined;
	if (asked === undefined || asked === null) return { recovered: false, deliveredAt: new Date().toISOString() };
	const original = (recovery?.originalAt ?? {})[guid];
	return { recovered: true, deliveredAt: typeof original === 'string' && original !== '' ? original : null };
}

/** When replayFromLog last warned, per hook and process (at most one warning in ten minutes). */
const warnedAt = new Map<string, number>();
const WARN_EVERY_MS = 10 * 60 * 1000;

/**
 * Whether the hook's log holds a failed attempt of `guid` (a redelivery, replay.ts). A log that
 * cannot be read leaves the delivery as this process knows it (live), with a warning.
 */
async function replayFromLog(ctx: IWebhookFunctions, endpoint: string, hookId: string, guid: string, arrivedAt: number): Promise<Replay> {
	const key = memoryKey(ctx, endpoint, hookId);
	const logPath = `${endpoint}/${encodeURIComponent(hookId)}/deliveries`;
	const client = codeHosting(ctx);
	// one quick retry at most: n8n answers the platform after this, which waits 10 s
	const retry = { maxRetries: 1, maxTotalWaitMs: 2000, baseDelayMs: 250 };
	const read = async (page: { etag?: string; url?: string }): Promise<LogAnswer> => {
		if (page.url !== undefined) return await client.fullRequest('GET', logPath, { url: page.url, retry });
		const headers = page.etag ? { 'If-None-Match': page.etag } : undefined;
		return await client.fullRequest('GET', logPath, { qs: { status: 'failure', per_page: 100 }, headers, acceptStatuses: [304], retry });
	};
	let told: Replay;
	try {
		told = await replayOf(key, guid, arrivedAt, read);
	} catch (error) {
		told = { recovered: false, unknown: error instanceof Error ? error.message : String(error), requests: 0, notModified: 0 };
	}
	if (told.unknown !== undefined && Date.now() - (warnedAt.get(key) ?? 0) >= WARN_EVERY_MS) {
		warnedAt.set(key, Date.now());
		ctx.logger.warn(
			`Code Hosting Trigger "${ctx.getNode().name}": could not tell from the delivery log of webhook ${hookId} whether delivery ${guid} is a redelivery (${told.unknown}); its items read recovered: false. Reading the log needs the admin:repo_hook (or admin:org_hook) scope, or the Webhooks permission of a fine-grained token.`,
		);
	}
	return told;
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
