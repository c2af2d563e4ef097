import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { loopRuns, startLoop, stopLoop } from '../shared';
import { clientInfo } from '../ClientInfo/transport';
import type { CatchUpState, Change } from './catchUp';
import { baseline, catchUpStateOf, diff, enterDelivery, listsFor, subjectOf, withoutChanges } from './catchUp';

/**
 * Catch-up of the Client Info Trigger, the running part. While the workflow is active, the
 * process that activated it (n8n's main; the leader in multi-main) reads the platform's request
 * and client lists at every start and every Catch Up Interval, and sends each change it finds that
 * no delivery brought to the trigger's own webhook URL (with its secret), marked
 * `recovered: true`: n8n then starts the execution as for a delivery from the platform. The
 * state lives in this process's memory and in the node's static data: after a restart the trigger
 * compares with what it saw last. A delivery from the platform of a change catch-up already sent
 * starts nothing.
 *
 * Saving the state: n8n >= 2.38 does not save the static data a webhook call changed when that
 * call starts an execution (WorkflowRunner.run wraps the same static data in a second Workflow,
 * whose ObservableObject.create resets its `__dataChanged` flag: nodes/CodeHostingTrigger/once.ts).
 * So after every pass, and a moment after a delivery changed it, this process sends its state to
 * the trigger's own webhook URL as a checkpoint: a call that starts nothing, whose static data
 * n8n saves in every version. After a restart the trigger starts from the last checkpoint.
 *
 * n8n gives a node no other way to save its static data: it saves it after an activation, after a
 * webhook call, when a trigger emits and after an execution (n8n-core and cli, 1.123 to 2.40), so
 * a checkpoint without an execution needs that call. Where n8n cannot reach its own webhook URL
 * (WEBHOOK_URL behind split DNS or an authenticating proxy), the first failed call is an error in
 * n8n's log naming WEBHOOK_URL and what stops working, the next ones warnings.
 */

type Context = IHookFunctions | IWebhookFunctions;

export interface CatchUpSetup {
	/** The chosen events. */
	events: string[];
	intervalMs: number;
	/** The trigger's webhook URL with its secret. */
	url: string;
}

interface Memory {
	state?: CatchUpState;
	/** Records a delivery entered, and when (a pass reading the lists meanwhile leaves them). */
	touched: Map<string, number>;
	/** Passes in a row whose sending failed (backs off). */
	failures: number;
	/** Sends the state as a checkpoint (set while passes run in this process). */
	checkpoint?: () => Promise<void>;
	/** A checkpoint is due soon (after a delivery changed the state). */
	checkpointDue?: boolean;
	/** The last call to the webhook URL failed (reported as an error once, until a call succeeds). */
	unreachable?: boolean;
}

/** A delivery that changed the state is followed by a checkpoint this soon (several share one). */
export const CHECKPOINT_AFTER_DELIVERY_MS = 250;

const memories = new Map<string, Memory>();
/** Wait after a failed send: doubles from here up to the interval. */
const RETRY_MS = 5000;

export function catchUpKey(ctx: Context, webhookId: string): string {
	const node = ctx.getNode();
	return [ctx.getWorkflow().id ?? '', node.id ?? node.name, webhookId].join('\u0000');
}

function memoryOf(key: string): Memory {
	let memory = memories.get(key);
	if (!memory) {
		memory = { touched: new Map(), failures: 0 };
		memories.set(key, memory);
	}
	return memory;
}

/** Reads the lists the chosen events need, oldest first. */
export async function readLists(ctx: IHookFunctions, events: string[]): Promise<{ requests?: IDataObject[]; clients?: IDataObject[] }> {
	const wanted = listsFor(events);
	const qs = { sort_by: 'created_at', sort_direction: 'asc' };
	const client = clientInfo(ctx);
	return {
		requests: wanted.requests ? await client.requestAll('GET', '/requests', Infinity, { qs }) : undefined,
		clients: wanted.clients ? await client.requestAll('GET', '/clients', Infinity, { qs }) : undefined,
	};
}

/** The state to keep in static data at an activation: this process's if it has one (newer). */
export function stateAtActivation(ctx: IHookFunctions, webhookId: string, stored: unknown): CatchUpState | undefined {
	const memory = memoryOf(catchUpKey(ctx, webhookId));
	memory.state = memory.state ?? catchUpStateOf(stored);
	return memory.state;
}

/** Takes what the lists show now as seen (an activation that registers a new webhook). */
export async function takeBaseline(ctx: IHookFunctions, webhookId: string, events: string[]): Promise<CatchUpState | undefined> {
	const memory = memoryOf(catchUpKey(ctx, webhookId));
	try {
		const lists = await readLists(ctx, events);
		memory.state = baseline(lists.requests, lists.clients, new Date().toISOString());
	} catch (error) {
		memory.state = undefined;
		warn(ctx, `could not read the lists to catch up from (${messageOf(error)}); the next pass takes them as seen`);
	}
	return memory.state;
}

/** Forgets the state of a webhook in this process and stops its passes. */
export function forget(ctx: IHookFunctions, webhookId: string): void {
	const key = catchUpKey(ctx, webhookId);
	stopLoop(key);
	memories.delete(key);
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function warn(ctx: Context, message: string): void {
	ctx.logger.warn(`Client Info Trigger "${ctx.getNode().name}": ${message}`);
}

/** The trigger's webhook URL as it may be shown: without its secret. */
export function shownUrl(url: string): string {
	try {
		const shown = new URL(url);
		shown.search = '';
		return shown.toString();
	} catch {
		return '(the trigger\'s webhook URL)';
	}
}

/**
 * A call of catch-up to the trigger's own webhook URL failed. The first failure (after an
 * activation, or after calls worked again) is an error in n8n's log that names WEBHOOK_URL and
 * what stops working; the next ones are warnings, so the log is not flooded every interval.
 */
function selfCallFailed(ctx: Context, url: string, memory: Memory, what: string, error: unknown): void {
	let secret = '';
	try {
		secret = new URL(url).searchParams.get('secret') ?? '';
	} catch {
		secret = '';
	}
	const reason = secret ? messageOf(error).split(secret).join('***') : messageOf(error);
	if (memory.unreachable) {
		warn(ctx, `${what} through the webhook URL failed again: ${reason}; the next pass tries again`);
		return;
	}
	memory.unreachable = true;
	ctx.logger.error(
		`Client Info Trigger "${ctx.getNode().name}" (workflow ${ctx.getWorkflow().id ?? '?'}): n8n could not reach its own webhook URL ${shownUrl(url)} (${what}: ${reason}). ` +
			'Catch-up needs n8n to reach that URL, which n8n builds from its WEBHOOK_URL environment variable: it saves its state and starts the workflow for each change no delivery brought by calling it. ' +
			'Until it can, changes missed while n8n was down or while a delivery failed are not caught up (no execution starts for them), and after a restart the trigger compares the lists with an older state. ' +
			'Deliveries from the platform still start the workflow. Fix: set WEBHOOK_URL to an address of n8n that n8n itself can reach (no split DNS or authenticating proxy in the way), or set Recovery Interval to 0 to turn catch-up off.',
	);
}

/** A call to the webhook URL worked: after failures, say so once. */
function selfCallWorked(ctx: Context, memory: Memory): void {
	if (!memory.unreachable) return;
	memory.unreachable = false;
	ctx.logger.info(`Client Info Trigger "${ctx.getNode().name}": n8n reaches its own webhook URL again; catch-up works again`);
}

export interface PassResult {
	changes: number;
	sent: number;
	/** Why sending stopped, if it did. */
	failed?: string;
}

/** Sends one change to the trigger's webhook URL, as the platform would have. */
async function send(ctx: IHookFunctions, url: string, change: Change): Promise<void> {
	await ctx.helpers.httpRequest({
		method: 'POST',
		url,
		json: true,
		body: { event: change.event, triggered_at: new Date().toISOString(), recovered: true, data: { [change.kind]: change.record } },
	});
}

/** The body of a checkpoint call (webhook.ts stores `catchUpCheckpoint` and starts nothing). */
export function checkpointBody(state: CatchUpState): IDataObject {
	return { catchUpCheckpoint: state };
}

/**
 * Sends this process's state to the trigger's webhook URL. The first failure is an error in n8n's
 * log naming WEBHOOK_URL (selfCallFailed); the next pass tries again.
 */
async function sendCheckpoint(ctx: IHookFunctions, url: string, memory: Memory): Promise<void> {
	if (!memory.state) return;
	try {
		await ctx.helpers.httpRequest({ method: 'POST', url, json: true, body: checkpointBody(memory.state) });
	} catch (error) {
		selfCallFailed(ctx, url, memory, 'saving the catch-up state', error);
		return;
	}
	selfCallWorked(ctx, memory);
}

/**
 * One catch-up pass: the lists read in full, compared with what was seen, each change sent in
 * list order. Lists that cannot be read are a warning and change nothing; a send that fails stops
 * the pass, and what was not sent is found again by the next.
 */
export async function catchUpPass(ctx: IHookFunctions, webhookId: string, setup: CatchUpSetup): Promise<PassResult | undefined> {
	const memory = memoryOf(catchUpKey(ctx, webhookId));
	const startedAt = Date.now();
	let lists: Awaited<ReturnType<typeof readLists>>;
	try {
		lists = await readLists(ctx, setup.events);
	} catch (error) {
		warn(ctx, `catch-up could not read the platform's lists: ${messageOf(error)}; it tries again in the next pass`);
		return undefined;
	}
	const at = new Date().toISOString();
	const seen = memory.state;
	if (!seen) {
		memory.state = baseline(lists.requests, lists.clients, at);
		return { changes: 0, sent: 0 };
	}
	const skip = new Set([...memory.touched].filter(([, when]) => when >= startedAt).map(([id]) => id));
	memory.touched.clear();
	const { changes, next } = diff(seen, lists, setup.events, at, skip);
	memory.state = next;
	let sent = 0;
	for (const change of changes) {
		try {
			await send(ctx, setup.url, change);
			sent++;
		} catch (error) {
			memory.state = withoutChanges(seen, memory.state, changes.slice(sent));
			const failed = messageOf(error);
			selfCallFailed(ctx, setup.url, memory, `sending ${change.event} of ${change.kind} ${change.id}`, error);
			return { changes: changes.length, sent, failed };
		}
	}
	if (sent > 0) selfCallWorked(ctx, memory);
	if (changes.length) ctx.logger.info(`Client Info Trigger "${ctx.getNode().name}": catch-up sent ${sent} change(s) no delivery brought`);
	return { changes: changes.length, sent };
}

/** Starts catch-up passes every interval, the first after `firstInMs` (not for the editor's test webhook). */
export function startCatchUp(ctx: IHookFunctions, webhookId: string, setup: CatchUpSetup, firstInMs: number): void {
	const key = catchUpKey(ctx, webhookId);
	stopLoop(key);
	if (ctx.getMode() === 'manual' || !(setup.intervalMs > 0)) return;
	const memory = memoryOf(key);
	memory.checkpoint = async () => await sendCheckpoint(ctx, setup.url, memory);
	const pass = async (): Promise<number> => {
		const result = await catchUpPass(ctx, webhookId, setup);
		await memory.checkpoint?.();
		memory.failures = result?.failed ? memory.failures + 1 : 0;
		return memory.failures ? Math.min(setup.intervalMs, RETRY_MS * 2 ** (memory.failures - 1)) : setup.intervalMs;
	};
	startLoop(key, firstInMs, pass, (error) => warn(ctx, `catch-up stopped: ${messageOf(error)}; it starts again at the next activation`));
}

/** Stops every catch-up in this process and forgets what it saw, as a stopped n8n does. */
export function stopAllCatchUps(): void {
	for (const key of memories.keys()) stopLoop(key);
	memories.clear();
}

/** Whether catch-up passes run for the webhook in this process. */
export function catchUpRuns(ctx: Context, webhookId: string): boolean {
	return loopRuns(catchUpKey(ctx, webhookId));
}

/**
 * A call to the webhook entered into the catch-up state (memory and static data, which n8n saves
 * with the execution). Answers whether it is the platform's copy of a change catch-up already
 * sent: then it starts nothing.
 */
export function enterCall(ctx: IWebhookFunctions, webhookId: string, stored: IDataObject, event: string, body: IDataObject): boolean {
	const key = catchUpKey(ctx, webhookId);
	// the process that runs the passes keeps the newest state in memory; any other (an `n8n
	// webhook` process) works on the static data n8n loaded for this call
	const memory = loopRuns(key) ? memoryOf(key) : undefined;
	const state = memory?.state ?? catchUpStateOf(stored.catchUp);
	if (!state) return false;
	if (memory) memory.state = state;
	let duplicate = false;
	if (body.recovered !== true) {
		duplicate = enterDelivery(state, event, body.data);
		const subject = subjectOf(event, body.data);
		if (subject && memory) memory.touched.set(`${subject.kind}:${subject.id}`, Date.now());
	}
	stored.catchUp = state;
	// this call's own save may not happen (n8n >= 2.38, above): a checkpoint a moment later
	if (memory?.checkpoint && !memory.checkpointDue) {
		memory.checkpointDue = true;
		void (async () => {
			await sleep(CHECKPOINT_AFTER_DELIVERY_MS);
			memory.checkpointDue = false;
			// not for a webhook forgotten meanwhile (deactivated, n8n stopping)
			if (memories.get(key) === memory) await memory.checkpoint?.();
		})();
	}
	return duplicate;
}
