import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialBaseUrl } from '../../credentials/GovernanceApi.credentials';
import type { ApiErrorDetails, ApiResponse, RetryPolicy } from '../shared';
import { apiRequest, collectPages } from '../shared';

export const CREDENTIAL_TYPE = 'governanceApi';

/** Largest page the transport asks for. */
export const PAGE_SIZE = 100;

type Ctx = IExecuteFunctions | ILoadOptionsFunctions;

interface GovernanceCredentials {
	baseUrl: string;
	secrets: string[];
}

async function loadCredentials(ctx: Ctx, itemIndex: number): Promise<GovernanceCredentials> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const baseUrl = credentialBaseUrl(credentials);
	if (!/^https?:\/\/[^/]+/.test(baseUrl)) {
		throw new NodeOperationError(ctx.getNode(), 'The Governance credential has no valid base URL', {
			itemIndex,
			description: 'Choose a region in the credential, or enter a base URL such as https://api-xxxxxx.stack.tryrelevance.com for Custom.',
		});
	}
	return {
		baseUrl,
		secrets: [String(credentials.apiKey ?? ''), `${String(credentials.projectId ?? '')}:${String(credentials.apiKey ?? '')}`],
	};
}

/** Secrets of the credential, for redaction in the item loop. */
export async function governanceSecrets(ctx: Ctx): Promise<string[]> {
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		return [String(credentials.apiKey ?? '')];
	} catch {
		return [];
	}
}

const STATUS_HINTS: Record<number, string> = {
	401: 'The API key was not accepted. Check the credential: region (or base URL), project ID and API key.',
	403: 'The API key is valid but lacks the permission for this call. Inviting users, changing roles, deleting invites and removing users need the Admin permission in the project.',
	404: 'The platform does not know this object or path. Check the ID and the credential\'s region.',
	422: 'The platform rejected the request body. Check the fields, roles and permissions JSON.',
};

function describeError(response: ApiResponse): ApiErrorDetails {
	const body = response.body as IDataObject | string | undefined;
	let platformMessage: string | undefined;
	if (body && typeof body === 'object') {
		if (typeof body.message === 'string') platformMessage = body.message;
		else if (typeof body.error === 'string') platformMessage = body.error;
	} else if (typeof body === 'string' && body.trim() !== '') {
		platformMessage = body.trim().slice(0, 300);
	}
	const hint = STATUS_HINTS[response.statusCode] ??
		(response.statusCode >= 500 ? 'The platform had an internal error. Try again later.' : undefined);
	const requestId = response.headers['x-request-id'];
	return {
		message: platformMessage
			? `${platformMessage} (HTTP ${response.statusCode})`
			: `The control API answered with HTTP ${response.statusCode}`,
		description: [hint, requestId ? `Request ID: ${String(requestId)}` : undefined]
			.filter(Boolean)
			.join(' '),
	};
}

export interface GovernanceRequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	retry?: RetryPolicy;
}

/** One call to the control API: `path` is relative to `{base_url}/latest`. */
export async function governanceRequest<T = IDataObject>(
	ctx: Ctx,
	method: IHttpRequestMethods,
	path: string,
	options: GovernanceRequestOptions = {},
): Promise<T> {
	const itemIndex = options.itemIndex ?? 0;
	const { baseUrl, secrets } = await loadCredentials(ctx, itemIndex);
	const response = await apiRequest<T>(
		ctx,
		{
			credentialType: CREDENTIAL_TYPE,
			method,
			url: `${baseUrl}/latest${path}`,
			qs: options.qs,
			body: options.body,
		},
		{ itemIndex, secrets, describeError, retry: options.retry },
	);
	// Some calls answer with an empty body: treat it as an empty object.
	const body = response.body as unknown;
	return (body === '' || body === undefined || body === null ? {} : body) as T;
}

/**
 * Reads a page-numbered list (`page` from 1, `page_size`) until `limit` items are in hand.
 * With a limit below the page size, one request for exactly that many.
 */
export async function governanceList(
	limit: number,
	fetchPage: (page: number, pageSize: number) => Promise<{ items: IDataObject[]; total?: number; hasMore?: boolean }>,
): Promise<IDataObject[]> {
	const pageSize = Math.min(PAGE_SIZE, Number.isFinite(limit) ? Math.max(1, limit) : PAGE_SIZE);
	let seen = 0;
	return await collectPages(async (pageIndex) => {
		const { items, total, hasMore } = await fetchPage(pageIndex + 1, pageSize);
		seen += items.length;
		const more =
			hasMore ?? (total !== undefined ? seen < total : items.length === pageSize);
		return { items, hasMore: more && items.length === pageSize };
	}, limit);
}
