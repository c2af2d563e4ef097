import type { IHookFunctions } from 'n8n-workflow';

import { startLoop, stopLoop } from '../shared';

import type { DeliveryLogEntry, RecoveryState } from './recovery';
import { mergeRings, RECOVERY_LIMITS, recoveryStateOf } from './recovery';
import { memoryKey, memoryOf, recoveryPass, redeliveryBudget } from './recoveryPass';

/**
 * Scheduled recovery passes: while the workflow is active, the process that activated the trigger
 * (n8n's main, the leader in multi-main: n8n runs webhook hook methods there only) reads the
 * hook's delivery log every Recovery Interval and asks for what failed, without waiting for a
 * delivery. A delivery that failed while n8n ran (a 503 under load, a proxy timeout) in a quiet
 * repository is then recovered within one interval; a backlog larger than one pass goes on in
 * the next pass, a second later, paced and within the hourly budget (recoveryPass.ts).
 *
 * A schedule starts at each activation in production (not for the editor's test webhook), its
 * first pass a moment after it (what failed while n8n was away), and stops at deactivation. On
 * n8n >= 2.40 with its publication service the trigger's `trigger()` makes n8n activate it at
 * every start (nodes/shared/startAtEveryStart.ts).
 */

/** Stops the scheduled passes of the hook in this process (deactivation, a new hook). */
export function stopSchedule(ctx: IHookFunctions, endpoint: string, hookId: string): void {
	stopLoop(memoryKey(ctx, endpoint, hookId));
}

/**
 * Starts (or restarts) scheduled passes of the hook every `intervalMs`, the first after
 * `firstInMs`. `state` is the activation's recovery state: the schedule works on a copy (n8n saves
 * the activation's static data once the activation returns) and this process's memory, which
 * every delivery merges into the static data it saves.
 */
export function startSchedule(
	ctx: IHookFunctions,
	endpoint: string,
	hookId: string,
	state: RecoveryState,
	intervalMs: number,
	wanted: (entry: DeliveryLogEntry) => boolean,
	firstInMs = intervalMs,
): void {
	stopSchedule(ctx, endpoint, hookId);
	if (!(intervalMs > 0)) return;
	const own = recoveryStateOf(JSON.parse(JSON.stringify(state)) as unknown, hookId, Date.now());
	const pass = async (): Promise<number> => {
		const memory = memoryOf(ctx, endpoint, hookId);
		// what deliveries of this process accepted, and the newest point a pass reached
		own.accepted = mergeRings(own.accepted, memory.accepted);
		if (memory.since && Date.parse(memory.since) > Date.parse(own.since)) own.since = memory.since;
		const result = await recoveryPass(ctx, endpoint, hookId, own, 'schedule', RECOVERY_LIMITS.perSchedule, wanted).catch(() => undefined);
		// more than one pass's worth (or the hourly budget spent): go on soon; after redeliveries,
		// look again soon for any that failed (n8n still starting, a webhook process not up yet);
		// else at the interval
		if (result && result.deferred > 0) return Math.max(RECOVERY_LIMITS.continueAfterMs, redeliveryBudget.waitMs(Date.now()));
		if (result && result.redelivered > 0) return Math.min(intervalMs, RECOVERY_LIMITS.recheckAfterMs);
		return intervalMs;
	};
	startLoop(memoryKey(ctx, endpoint, hookId), firstInMs, pass, (error: unknown) => {
		ctx.logger.warn(
			`Code Hosting Trigger "${ctx.getNode().name}": the scheduled recovery of webhook ${hookId} stopped: ${error instanceof Error ? error.message : String(error)}. Deliveries run the passes until the next activation.`,
		);
	});
}
