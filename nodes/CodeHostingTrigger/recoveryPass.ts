import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { codeHosting } from '../CodeHosting/transport';
import { nextLink } from '../shared';
import type { DeliveryLogEntry, RecoveryState } from './recovery';
import { chooseRedeliveries, firstAttempts, LOG_RETENTION_MS, RECOVERY_LIMITS, RedeliveryBudget } from './recovery';
import { append } from '../shared/append';

/**
 * One recovery pass over a hook's delivery log: read the log back to where the last pass left it
 * (pages of 100, newest first, stopping at the first page that reaches that point), choose what
 * to redeliver (recovery.ts), and ask for each (`POST …/deliveries/{id}/attempts`, 202), paced.
 * Never throws: a log that cannot be read or a refused redelivery is a warning in n8n's log.
 */

type Context = IHookFunctions | IWebhookFunctions;

/**
 * What this n8n process knows beyond the static data. n8n loads a workflow's static data when a
 * delivery arrives and saves all of it after the delivery's webhook call, so deliveries handled
 * at the same time (the redeliveries asked for at activation, for example) overwrite each other's
 * changes. Within one process this memory is exact: the check and the record of a GUID happen
 * without an await between them, and every save merges it back into the static data.
 */
export interface ProcessMemory {
	accepted: string[];
	requested: Record<string, number>;
	/** GUIDs whose redelivery this process asked for → when the platform first tried to deliver them (ISO). */
	originalAt: Record<string, string>;
	running: boolean;
	lastPassAt: number;
	recheck: boolean;
	/** GUIDs the last activation asked for that have not arrived here yet. */
	awaiting: Set<string>;
	/** The newest `since` a pass of this process stored (a delivery's older copy of the static data must not move it back). */
	since?: string;
}

const memories = new Map<string, ProcessMemory>();

/** Every pass of this process (all hooks, one token or several) shares one hourly budget. */
export const redeliveryBudget = new RedeliveryBudget();

export function memoryKey(ctx: Context, endpoint: string, hookId: string): string {
	const node = ctx.getNode();
	return [ctx.getWorkflow().id ?? '', node.id ?? node.name, endpoint, hookId].join('\u0000');
}

/** This process's memory of one trigger's hook. */
export function memoryOf(ctx: Context, endpoint: string, hookId: string): ProcessMemory {
	const key = memoryKey(ctx, endpoint, hookId);
	let memory = memories.get(key);
	if (!memory) {
		memory = { accepted: [], requested: {}, originalAt: {}, running: false, lastPassAt: 0, recheck: false, awaiting: new Set() };
		memories.set(key, memory);
	}
	return memory;
}

/** Forgets the memory of a hook that was deleted. */
export function forgetMemory(ctx: Context, endpoint: string, hookId: string): void {
	memories.delete(memoryKey(ctx, endpoint, hookId));
}

export interface PassResult {
	/** List requests made (pages of the log). */
	pages: number;
	/** Log entries read. */
	read: number;
	/** Redeliveries asked for (answered 202). */
	redelivered: number;
	/** Their GUIDs. */
	redeliveredGuids: string[];
	/** Left for the next pass (over the limit, or after a refused redelivery). */
	deferred: number;
	givenUp: number;
	/** Failed deliveries of events or actions the workflow does not listen to: not asked for. */
	ignored: number;
}

function timeOf(entry: DeliveryLogEntry): number {
	const time = Date.parse(entry.delivered_at);
	return Number.isFinite(time) ? time : 0;
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one pass for the hook `hookId` under `endpoint` (…/hooks), updating `state` and this
 * process's memory. Answers undefined when another pass of this hook is running in this process,
 * or when the log could not be read.
 */
export async function recoveryPass(
	ctx: Context,
	endpoint: string,
	hookId: string,
	state: RecoveryState,
	reason: string,
	limit: number,
	wanted?: (entry: DeliveryLogEntry) => boolean,
): Promise<PassResult | undefined> {
	const memory = memoryOf(ctx, endpoint, hookId);
	if (memory.running) return undefined;
	memory.running = true;
	const who = `Code Hosting Trigger "${ctx.getNode().name}" (workflow ${ctx.getWorkflow().id ?? '?'})`;
	try {
		const client = codeHosting(ctx);
		const now = Date.now();
		const storedSince = Date.parse(state.since);
		const since = Math.max((Number.isFinite(storedSince) ? storedSince : now) - RECOVERY_LIMITS.overlapMs, now - LOG_RETENTION_MS);
		const logPath = `${endpoint}/${encodeURIComponent(hookId)}/deliveries`;

		const entries: DeliveryLogEntry[] = [];
		let pages = 0;
		try {
			let response = await client.fullRequest<DeliveryLogEntry[]>('GET', logPath, { qs: { per_page: 100 } });
			for (;;) {
				pages++;
				const page = Array.isArray(response.body) ? response.body : [];
				append(entries, page);
				// newest first: a page that reaches back to `since` is the last one needed
				if (page.length === 0 || page.some((entry) => timeOf(entry) < since)) break;
				const next = nextLink(response.headers);
				if (next === undefined) break;
				response = await client.fullRequest<DeliveryLogEntry[]>('GET', logPath, { url: next });
			}
		} catch (error) {
			// tried: the next delivery does not try again before the pass interval
			state.lastPassAt = Date.now();
			memory.lastPassAt = state.lastPassAt;
			ctx.logger.warn(
				`${who}: could not read the delivery log of webhook ${hookId} (${reason}): ${messageOf(error)}. Missed deliveries are not recovered now; the next activation or delivery tries again. Reading the log needs the admin:repo_hook (or admin:org_hook) scope, or the Webhooks permission (read and write) of a fine-grained token.`,
			);
			return undefined;
		}

		const plan = chooseRedeliveries({
			entries,
			since,
			accepted: new Set([...state.accepted, ...memory.accepted]),
			requested: { ...(state.requested as Record<string, number>), ...memory.requested },
			now,
			limit,
			wanted,
		});

		let redelivered = 0;
		const redeliveredGuids: string[] = [];
		const firstAttempt = firstAttempts(entries);
		const originalAt = (state.originalAt ?? {}) as Record<string, string>;
		state.originalAt = originalAt;
		let refused = false;
		let budgetSpent = false;
		for (const entry of plan.redeliver) {
			if (redelivered > 0) await sleep(RECOVERY_LIMITS.spacingMs);
			if (!redeliveryBudget.take(Date.now())) {
				budgetSpent = true;
				break;
			}
			try {
				await client.fullRequest('POST', `${logPath}/${encodeURIComponent(String(entry.id))}/attempts`);
			} catch (error) {
				ctx.logger.warn(`${who}: the platform refused to redeliver ${entry.guid} (${entry.event}): ${messageOf(error)}. The rest waits for the next pass.`);
				refused = true;
				break;
			}
			const askedAt = Date.now();
			memory.requested[entry.guid] = askedAt;
			state.requested[entry.guid] = askedAt;
			// the redelivery's items carry when the event first came (webhook.ts: recovered, deliveredAt)
			const first = firstAttempt.get(entry.guid) ?? entry.delivered_at;
			memory.originalAt[entry.guid] = first;
			originalAt[entry.guid] = first;
			redeliveredGuids.push(entry.guid);
			redelivered++;
		}

		// forget requests that are settled or too old to matter
		for (const [requested, original] of [
			[memory.requested, memory.originalAt],
			[state.requested as Record<string, number>, originalAt],
		] as const) {
			for (const guid of Object.keys(requested)) {
				if (plan.delivered.includes(guid) || now - Number(requested[guid]) > LOG_RETENTION_MS) {
					delete requested[guid];
					delete original[guid];
				}
			}
			for (const guid of Object.keys(original)) if (requested[guid] === undefined) delete original[guid];
		}
		// a refused redelivery (or a spent hourly budget) leaves undecided entries behind `nextSince`:
		// read them again next time
		if (!refused && !budgetSpent) {
			state.since = new Date(plan.nextSince).toISOString();
			memory.since = state.since;
		}
		// the interval counts from the end of a pass: a long pass is not followed at once by another
		state.lastPassAt = Date.now();
		memory.lastPassAt = state.lastPassAt;

		const result: PassResult = {
			pages,
			read: entries.length,
			redelivered,
			redeliveredGuids,
			deferred: plan.deferred.length + (plan.redeliver.length - redelivered),
			givenUp: plan.givenUp.length,
			ignored: plan.ignored,
		};
		const ignored = plan.ignored > 0 ? ` (${plan.ignored} failed delivery(ies) of events or actions this trigger does not listen to are not asked for)` : '';
		const summary = `${who}: recovery at ${reason}: read ${result.read} log entries in ${pages} page(s), asked for ${redelivered} redelivery(ies)${ignored}`;
		if (result.deferred > 0) {
			const why = budgetSpent ? `the hourly budget of ${RECOVERY_LIMITS.perHour} redeliveries is spent for now` : `at most ${limit} per pass`;
			ctx.logger.warn(`${summary}; ${result.deferred} more failed deliveries wait for the next pass (${why}): ${plan.deferred.slice(0, 5).map((entry) => entry.guid).join(', ')}${plan.deferred.length > 5 ? ', …' : ''}`);
		} else if (redelivered > 0 || plan.givenUp.length > 0) {
			ctx.logger.info(summary);
		} else {
			ctx.logger.debug(summary);
		}
		if (plan.givenUp.length > 0) {
			ctx.logger.warn(`${who}: gave up on ${plan.givenUp.length} delivery(ies) that failed ${RECOVERY_LIMITS.maxRedeliveries} redeliveries: ${plan.givenUp.map((entry) => `${entry.guid} (${entry.event}, HTTP ${entry.status_code})`).join(', ')}`);
		}
		return result;
	} finally {
		memory.running = false;
	}
}
