import { createHash, randomBytes, timingSafeEqual } from 'crypto';
import type { IDataObject, IHookFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireChoices } from '../shared';
import { clientInfo, segment } from '../ClientInfo/transport';
import type { CatchUpState } from './catchUp';
import { catchUpStateOf } from './catchUp';
import type { CatchUpSetup } from './catchUpRun';
import { enterCall, forget, startCatchUp, stateAtActivation, takeBaseline } from './catchUpRun';
import { EVENTS } from './events';

/** Name of the URL query parameter that carries the webhook's secret. */
export const SECRET_PARAMETER = 'secret';

/**
 * The Client Info Trigger's webhook: its lifecycle on the platform (checkExists, create, delete)
 * and the handling of each call. Activation stores the secret and the chosen events in the node's
 * static data, so a call reads no node parameter: the secret first (constant time), then the event.
 */
interface HookData extends IDataObject {
	webhookId?: string;
	secret?: string;
	/** The chosen events, fixed at activation. */
	events?: string[];
	/** What catch-up last saw (catchUp.ts). */
	catchUp?: CatchUpState;
}

/** The first catch-up pass after a start, once n8n serves the webhook. */
const FIRST_PASS_AFTER_START_MS = 1000;

function staticData(ctx: IHookFunctions | IWebhookFunctions): HookData {
	return ctx.getWorkflowStaticData('node') as HookData;
}

function chosenEvents(ctx: IHookFunctions): string[] {
	return requireChoices(ctx, ctx.getNodeParameter('events', []), EVENTS, 'Events', 0);
}

/** The URL registered on the platform: n8n's webhook URL with the secret as a query parameter. */
export function urlWithSecret(webhookUrl: string, secret: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set(SECRET_PARAMETER, secret);
	return url.toString();
}

/** Catch-up of this activation, or undefined when off (interval 0, or the editor's test webhook). */
function catchUpSetup(ctx: IHookFunctions, events: string[], secret: string): CatchUpSetup | undefined {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const minutes = options.catchUpInterval === undefined ? 5 : Number(options.catchUpInterval);
	if (ctx.getMode() === 'manual' || !(minutes > 0)) return undefined;
	return { events, intervalMs: Math.round(minutes * 60_000), url: urlWithSecret(webhookUrl(ctx), secret) };
}

function webhookUrl(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

function httpCodeOf(error: unknown): string | undefined {
	const code = (error as { httpCode?: unknown })?.httpCode;
	return typeof code === 'string' ? code : undefined;
}

function sameEvents(registered: unknown, wanted: string[]): boolean {
	if (!Array.isArray(registered)) return true;
	const have = new Set(registered.map(String));
	return have.size === wanted.length && wanted.every((event) => have.has(event));
}

/** Settles a call into its answer or its error, so the error can be looked at without a catch. */
async function settle<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
	return await call.then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, error }),
	);
}

/** Deletes a webhook on the platform; one that is already gone counts as deleted. */
async function deleteWebhook(ctx: IHookFunctions, webhookId: string): Promise<void> {
	const result = await settle(clientInfo(ctx).request('DELETE', `/webhooks/${segment(webhookId)}`));
	if (result.ok) return;
	if (httpCodeOf(result.error) !== '404') throw result.error;
	ctx.logger.debug(`Client Info webhook ${webhookId} was already deleted on the platform`);
}

/** Whether the webhook stored for this node still exists with this URL and these events. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	if (!data.webhookId || !data.secret) return false;
	const events = chosenEvents(this);
	const result = await settle(clientInfo(this).request('GET', `/webhooks/${segment(data.webhookId)}`));
	if (!result.ok) {
		const code = httpCodeOf(result.error);
		if (code === '404') {
			this.logger.debug(`Client Info webhook ${data.webhookId} no longer exists; it will be registered again`);
			delete data.webhookId;
			delete data.secret;
			return false;
		}
		if (code === '405') {
			// The platform cannot show one webhook: register again; create() removes the old one first.
			this.logger.debug('Client Info webhooks cannot be read back; registering again');
			return false;
		}
		throw result.error;
	}
	const hook = result.value;
	const url = urlWithSecret(webhookUrl(this), data.secret);
	const same =
		(hook.url === undefined || hook.url === url) &&
		sameEvents(hook.subscriptions, events) &&
		hook.enabled !== false;
	if (same) {
		data.events = events;
		// a start, or an activation of a webhook that still exists: catch up with what was missed
		const setup = catchUpSetup(this, events, data.secret);
		if (setup) {
			const state = stateAtActivation(this, data.webhookId, data.catchUp);
			if (state) data.catchUp = state;
			startCatchUp(this, data.webhookId, setup, FIRST_PASS_AFTER_START_MS);
		} else if (this.getMode() !== 'manual') {
			forget(this, data.webhookId);
			delete data.catchUp;
		}
		return true;
	}
	// Events or URL changed: remove the old webhook, create() registers the new one.
	forget(this, data.webhookId);
	delete data.catchUp;
	await deleteWebhook(this, data.webhookId);
	delete data.webhookId;
	delete data.secret;
	return false;
}

/** Registers the webhook with a new random secret in its URL. */
export async function create(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	const events = chosenEvents(this);
	if (data.webhookId) {
		forget(this, data.webhookId);
		await deleteWebhook(this, data.webhookId);
		delete data.webhookId;
	}
	delete data.catchUp;
	const secret = randomBytes(32).toString('hex');
	const response = await clientInfo(this).request('POST', '/webhooks', {
		body: { url: urlWithSecret(webhookUrl(this), secret), subscriptions: events, enabled: true },
	});
	if (response.id === undefined || response.id === null || response.id === '') {
		throw new NodeOperationError(this.getNode(), 'The platform registered no webhook ID', {
			description: 'The answer to POST /webhooks had no "id", so the webhook could not be tracked. Try activating the workflow again.',
		});
	}
	data.webhookId = String(response.id);
	data.secret = secret;
	data.events = events;
	// a new webhook: what the lists show now counts as seen, and catch-up runs every interval
	const setup = catchUpSetup(this, events, secret);
	if (setup) {
		const state = await takeBaseline(this, data.webhookId, events);
		if (state) data.catchUp = state;
		startCatchUp(this, data.webhookId, setup, setup.intervalMs);
	}
	return true;
}

/** Deletes the webhook of this node on the platform and forgets it. */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	if (data.webhookId) {
		forget(this, data.webhookId);
		await deleteWebhook(this, data.webhookId);
	}
	delete data.webhookId;
	delete data.secret;
	delete data.events;
	delete data.catchUp;
	return true;
}

function digest(value: string): Buffer {
	return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares two secrets in constant time (over their SHA-256 digests, so lengths do not leak). */
export function secretsMatch(given: unknown, expected: unknown): boolean {
	if (typeof given !== 'string' || typeof expected !== 'string' || given === '' || expected === '') {
		return false;
	}
	const same = timingSafeEqual(digest(given), digest(expected));
	return same && given.length === expected.length;
}

/** The secret that came with a webhook call, from the URL's query. */
export function receivedSecret(ctx: IWebhookFunctions): string {
	const query = ctx.getQueryData() as IDataObject;
	const value = query[SECRET_PARAMETER];
	return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '';
}

/** One call to the webhook URL: the secret checked, filtered by the chosen events, emitted. */
export async function handleDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	// The secret first: a call without it starts nothing.
	const data = staticData(this);
	if (!secretsMatch(receivedSecret(this), data.secret)) {
		const response = this.getResponseObject();
		response.status(401).json({ message: 'Unauthorized' });
		return { noWebhookResponse: true };
	}
	const body = this.getBodyData();
	// the catch-up's checkpoint of its state (catchUpRun.ts): stored, nothing started
	if (body.catchUpCheckpoint !== undefined) {
		const checkpoint = data.webhookId ? catchUpStateOf(body.catchUpCheckpoint) : undefined;
		if (checkpoint) data.catchUp = checkpoint;
		return { webhookResponse: { received: true, checkpoint: checkpoint !== undefined } };
	}
	// A webhook activated by an earlier version of this node has no stored events: read them once.
	if (!data.events) data.events = this.getNodeParameter('events', []) as string[];
	const events = data.events;
	const event = [body.event, body.event_type, body.type].find((value) => typeof value === 'string') as string | undefined;
	if (event !== undefined && events.length > 0 && !events.includes(event)) {
		return { webhookResponse: { received: true, ignored: event } };
	}
	// the platform's own copy of a change catch-up already sent starts nothing
	if (event !== undefined && data.webhookId && enterCall(this, data.webhookId, data, event, body)) {
		return { webhookResponse: { received: true, duplicate: event } };
	}
	const items = Array.isArray(body) ? (body as IDataObject[]) : [body];
	return { workflowData: [this.helpers.returnJsonArray(items)] };
}
