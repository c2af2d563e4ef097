import { createHash, randomBytes, timingSafeEqual } from 'crypto';
import type { IDataObject, IHookFunctions, INodePropertyOptions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireChoices } from '../shared';
import { clientInfoRequest, segment } from '../ClientInfo/transport';

/** The platform's webhook subscriptions (platforms.md §3). */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'All Fields Completed', value: 'all_fields_completed', description: 'Every field of a request has been completed' },
	{ name: 'Client Created', value: 'client_created' },
	{ name: 'Client Updated', value: 'client_updated' },
	{ name: 'Comment Created', value: 'comment_created' },
	{ name: 'Field Approved', value: 'field_approved' },
	{ name: 'Field Completed', value: 'field_completed' },
	{ name: 'Field Rejected', value: 'field_rejected' },
	{ name: 'Request Archived', value: 'request_archived' },
	{ name: 'Request Completed', value: 'request_completed' },
	{ name: 'Request Created', value: 'request_created' },
	{ name: 'Request Published', value: 'request_published', description: 'A request was sent to its client' },
	{ name: 'Request Updated', value: 'request_updated' },
	{ name: 'Request Viewed', value: 'request_viewed', description: 'The client opened a request' },
];

export const EVENTS = EVENT_OPTIONS.map((option) => String(option.value));

/** Name of the URL query parameter that carries the webhook's secret. */
export const SECRET_PARAMETER = 'secret';

interface HookData extends IDataObject {
	webhookId?: string;
	secret?: string;
}

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
	const result = await settle(clientInfoRequest(ctx, 'DELETE', `/webhooks/${segment(webhookId)}`));
	if (result.ok) return;
	if (httpCodeOf(result.error) !== '404') throw result.error;
	ctx.logger.debug(`Client Info webhook ${webhookId} was already deleted on the platform`);
}

/** Whether the webhook stored for this node still exists with this URL and these events. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	if (!data.webhookId || !data.secret) return false;
	const events = chosenEvents(this);
	const result = await settle(clientInfoRequest(this, 'GET', `/webhooks/${segment(data.webhookId)}`));
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
	if (same) return true;
	// Events or URL changed: remove the old webhook, create() registers the new one.
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
		await deleteWebhook(this, data.webhookId);
		delete data.webhookId;
	}
	const secret = randomBytes(32).toString('hex');
	const response = await clientInfoRequest(this, 'POST', '/webhooks', {
		body: { url: urlWithSecret(webhookUrl(this), secret), subscriptions: events, enabled: true },
	});
	if (response.id === undefined || response.id === null || response.id === '') {
		throw new NodeOperationError(this.getNode(), 'The platform registered no webhook ID', {
			description: 'The answer to POST /webhooks had no "id", so the webhook could not be tracked. Try activating the workflow again.',
		});
	}
	data.webhookId = String(response.id);
	data.secret = secret;
	return true;
}

/** Deletes the webhook of this node on the platform and forgets it. */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	if (data.webhookId) await deleteWebhook(this, data.webhookId);
	delete data.webhookId;
	delete data.secret;
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

export function storedSecret(ctx: IWebhookFunctions): string | undefined {
	return staticData(ctx).secret;
}
