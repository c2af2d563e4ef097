import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IHttpRequestMethods,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestOptions } from './http/apiRequest';
import { apiRequest } from './http/apiRequest';
import type { ApiResponse } from './http/attempt';
import type { DescribeCall, DescribeError } from './http/errors';
import type { PageRequest, Pagination } from './http/pagination';
import { paginate } from './http/pagination';
import type { RetryPolicy } from './http/retry';
import { nodeOf } from './parameters';
import type { RequestContext } from './http/types';

/** What a platform client knows after loading the credential once. */
export interface PlatformConnection {
	credentialType: string;
	/** The API root every path is appended to. */
	baseUrl: string;
	/** Values that must never show in output, errors or logs. */
	secrets: string[];
	/**
	 * The secrets that stay the same while the credential does (not tokens that are refreshed or
	 * made per call): what a plan's signing key is derived from (binding.ts). Default: `secrets`.
	 */
	stableSecrets?: string[];
	/** The GraphQL endpoint, where the platform has one. */
	graphqlUrl?: string;
	/**
	 * What kind of credential this is, where errors name different fixes for different kinds (a
	 * GitHub fine-grained or classic token, OAuth2, an App); never the secret itself.
	 */
	credentialKind?: string;
}

/** The account a call acts on, where its path does not name one (GraphQL). */
export interface AccountHint {
	kind: 'repos' | 'orgs' | 'users';
	login: string;
	/** The repository, for kind `repos`. */
	repo?: string;
}

/** A call whose credential data may depend on it (see `PlatformDescription.authorizeCall`). */
export interface CallToAuthorize {
	ctx: RequestContext;
	connection: PlatformConnection;
	/** The credential as stored. */
	credentials: ICredentialDataDecryptedObject;
	method: IHttpRequestMethods;
	url: string;
	account?: AccountHint;
	itemIndex: number;
	/** A call with the credential as stored (the app's own endpoints); 400, 401, 403, 404 and 422 are answered, not thrown. */
	send<T = unknown>(method: IHttpRequestMethods, path: string, options?: { body?: IDataObject }): Promise<ApiResponse<T>>;
}

/** The credential data of one call, and how to get a new one after a 401. */
export interface CallCredentials {
	data: ICredentialDataDecryptedObject;
	/** Values of `data` that must never show (the token). */
	secrets: string[];
	renew(): Promise<CallCredentials>;
}

/** A platform described as data: the client does the rest. */
export interface PlatformDescription {
	/** How users name the platform's credential in messages. */
	label: string;
	/** The credential type in use (where the node lets users choose between two). */
	credentialType(ctx: RequestContext): string;
	/** The connection from the decrypted credential; `invalid` rejects a bad base URL. */
	connect(
		credentials: ICredentialDataDecryptedObject,
		credentialType: string,
		invalid: (message: string, description: string) => never,
	): PlatformConnection;
	/** Headers every call sends. */
	headers?: IDataObject;
	/** Platform message, status and hint of a failed response. */
	describeError: DescribeError;
	/** How list endpoints page (the default of `requestAll`). */
	pagination?: (options: { itemsKey?: string }) => Pagination;
	/** The retry policy for one item (node options), if not the default. */
	retryPolicy?(ctx: RequestContext, itemIndex: number): RetryPolicy | undefined;
	/** Pacing, OAuth2 refresh and rate-limit waits of one call. */
	callOptions?(ctx: RequestContext, connection: PlatformConnection, method: IHttpRequestMethods): RequestOptions;
	/** Whether a full URL (a next page, an API call) may receive the credential. */
	allowsUrl?(connection: PlatformConnection, url: string): boolean;
	/** What to tell users when the GraphQL API answers with errors. */
	graphqlErrorDescription?: string;
	/**
	 * Credential data for one call, for credentials whose Authorization depends on the call (a
	 * GitHub App's installation token for the call's account); undefined: the stored credential.
	 */
	authorizeCall?(call: CallToAuthorize): Promise<CallCredentials | undefined>;
}

export interface ClientRequestOptions {
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | Buffer | string;
	headers?: IDataObject;
	itemIndex?: number;
	/** 'arraybuffer' for raw bytes. */
	encoding?: 'json' | 'arraybuffer';
	retry?: RetryPolicy;
	/** Statuses answered as a response instead of an error. */
	acceptStatuses?: number[];
	/** A full URL instead of a path (next pages): must be allowed by the platform. */
	url?: string;
	/** The account the call acts on, where the path names none (GraphQL). */
	account?: AccountHint;
	/** Told of every wait before a retry (a rate limit's reset, a back-off). */
	onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
	/** Called before every attempt and may wait (after the platform's own pacing, if any). */
	beforeAttempt?: () => Promise<void>;
	/** Told of every answer's status and headers. */
	onResponse?: (response: { statusCode: number; headers: IDataObject }) => void;
}

export interface RequestAllOptions extends ClientRequestOptions {
	/** The array in wrapped list responses (`items`, `workflow_runs`, or 'auto'). */
	itemsKey?: string;
	/** Another paging style than the platform's default. */
	pagination?: Pagination;
}

export interface PlatformClient {
	/** The connection (credential loaded and checked once per execution). */
	connection(itemIndex?: number): Promise<PlatformConnection>;
	/** The credential's secrets, or none when it cannot be loaded (for redaction). */
	secrets(): Promise<string[]>;
	/** One call with status, headers and parsed body. */
	fullRequest<T = unknown>(method: IHttpRequestMethods, path: string, options?: ClientRequestOptions): Promise<ApiResponse<T>>;
	/** One call answering its body (`{}` for an empty one). */
	request<T = IDataObject>(method: IHttpRequestMethods, path: string, options?: ClientRequestOptions): Promise<T>;
	/** A list followed page by page until `limit` items are in hand. */
	requestAll(method: IHttpRequestMethods, path: string, limit: number, options?: RequestAllOptions): Promise<IDataObject[]>;
	/** A GraphQL query; errors in the answer become a NodeApiError. */
	graphql<T = IDataObject>(operationName: string, query: string, variables: IDataObject, itemIndex?: number, account?: AccountHint): Promise<T>;
}

/** A path on the API root, with exactly one slash between them. */
export function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A body that is empty text or missing reads as `{}`. */
export function unwrapBody<T>(body: unknown): T {
	return (body === '' || body === undefined || body === null ? {} : body) as T;
}

/** Answers of the app's own calls that the caller explains itself (rate limits and 5xx go the usual way). */
const APP_CALL_STATUSES = [400, 401, 403, 404, 422];

const clients = new WeakMap<object, Map<PlatformDescription, PlatformClient>>();

/**
 * The client of `platform` for this execution context: created once per context (so once per
 * execution of a node), it loads the credential once, knows its secrets, and serves every item.
 */
export function createPlatformClient(ctx: RequestContext, platform: PlatformDescription): PlatformClient {
	let perContext = clients.get(ctx);
	if (!perContext) {
		perContext = new Map();
		clients.set(ctx, perContext);
	}
	let client = perContext.get(platform);
	if (!client) {
		client = buildClient(ctx, platform);
		perContext.set(platform, client);
	}
	return client;
}

function buildClient(ctx: RequestContext, platform: PlatformDescription): PlatformClient {
	type Loaded = { connection: PlatformConnection; decrypted: ICredentialsDecrypted };
	let loaded: Promise<Loaded> | undefined;

	const load = async (itemIndex: number): Promise<Loaded> => {
		const credentialType = platform.credentialType(ctx);
		const credentials =
			'getInputData' in ctx ? await ctx.getCredentials(credentialType, itemIndex) : await ctx.getCredentials(credentialType);
		const connection = platform.connect(credentials, credentialType, (message, description) => {
			throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
		});
		const details = nodeOf(ctx).credentials?.[credentialType];
		const decrypted = { id: details?.id ?? '', name: details?.name ?? '', type: credentialType, data: credentials };
		return { connection, decrypted };
	};

	/** Loaded once; a credential that could not be loaded is tried again by the next item. */
	const ensureLoaded = async (itemIndex: number): Promise<Loaded> => {
		loaded ??= load(itemIndex).catch((error: unknown) => {
			loaded = undefined;
			throw error;
		});
		return await loaded;
	};

	const connection = async (itemIndex = 0): Promise<PlatformConnection> => (await ensureLoaded(itemIndex)).connection;

	const fullRequest = async <T>(
		method: IHttpRequestMethods,
		path: string,
		options: ClientRequestOptions = {},
	): Promise<ApiResponse<T>> => {
		const itemIndex = options.itemIndex ?? 0;
		const { connection: current, decrypted } = await ensureLoaded(itemIndex);
		const url = options.url ?? joinUrl(current.baseUrl, path);
		// the platform's wording may depend on the credential in use (which permission to add, where)
		const describeFor = (callMethod: string, callUrl: string): DescribeError => {
			const call: DescribeCall = { credentialType: current.credentialType, credentialKind: current.credentialKind, method: callMethod, url: callUrl };
			return (response) => platform.describeError(response, call);
		};
		if (options.url !== undefined && platform.allowsUrl && !platform.allowsUrl(current, url)) {
			throw new NodeOperationError(ctx.getNode(), `Refusing to send the token to ${new URL(url).origin}`, {
				itemIndex,
				description: `Requests go only to the credential's server (${current.baseUrl}).`,
			});
		}
		const callCredentials = platform.authorizeCall
			? await platform.authorizeCall({
					ctx,
					connection: current,
					credentials: decrypted.data as ICredentialDataDecryptedObject,
					method,
					url,
					account: options.account,
					itemIndex,
					send: async <S>(sendMethod: IHttpRequestMethods, sendPath: string, sendOptions: { body?: IDataObject } = {}) =>
						await apiRequest<S>(
							ctx,
							{
								credentialType: current.credentialType,
								method: sendMethod,
								url: joinUrl(current.baseUrl, sendPath),
								body: sendOptions.body,
								headers: platform.headers,
								credentialsDecrypted: decrypted,
							},
							{ itemIndex, secrets: current.secrets, describeError: describeFor(sendMethod, joinUrl(current.baseUrl, sendPath)), acceptStatuses: APP_CALL_STATUSES },
						),
				})
			: undefined;
		const withData = (call: CallCredentials): ICredentialsDecrypted => ({ ...decrypted, data: call.data });
		const platformOptions = platform.callOptions?.(ctx, current, method) ?? {};
		const paced = platformOptions.beforeAttempt;
		const callerWait = options.beforeAttempt;
		return await apiRequest<T>(
			ctx,
			{
				credentialType: current.credentialType,
				method,
				url,
				qs: options.qs,
				body: options.body,
				encoding: options.encoding ?? 'json',
				headers: platform.headers || options.headers ? { ...(platform.headers ?? {}), ...(options.headers ?? {}) } : undefined,
				credentialsDecrypted: callCredentials ? withData(callCredentials) : decrypted,
			},
			{
				...platformOptions,
				...(callerWait
					? {
							beforeAttempt: async () => {
								await callerWait();
								return paced ? await paced() : undefined;
							},
						}
					: {}),
				itemIndex,
				secrets: callCredentials ? [...current.secrets, ...callCredentials.secrets] : current.secrets,
				renewCredentials: callCredentials
					? async () => {
							const renewed = await callCredentials.renew();
							return { credentialsDecrypted: withData(renewed), secrets: renewed.secrets };
						}
					: undefined,
				describeError: describeFor(method, url),
				retry: options.retry ?? platform.retryPolicy?.(ctx, itemIndex),
				acceptStatuses: options.acceptStatuses,
				...(options.onRetry ? { onRetry: options.onRetry } : {}),
				...(options.onResponse ? { onResponse: options.onResponse } : {}),
				// n8n stored a new OAuth2 token: the next call loads the credential again.
				onCredentialChanged: () => {
					loaded = undefined;
				},
			},
		);
	};

	const request = async <T>(method: IHttpRequestMethods, path: string, options?: ClientRequestOptions): Promise<T> =>
		unwrapBody<T>((await fullRequest<T>(method, path, options)).body);

	return {
		connection,
		secrets: async () => {
			try {
				return (await connection()).secrets;
			} catch {
				return [];
			}
		},
		fullRequest,
		request,
		requestAll: async (method, path, limit, options = {}) => {
			const { itemsKey, pagination: given, ...rest } = options;
			const pagination = given ?? platform.pagination?.({ itemsKey });
			if (!pagination) throw new Error(`The ${platform.label} client has no paging style`);
			const fetch = async (page: PageRequest) =>
				await fullRequest(method, page.path, page.url !== undefined ? { ...rest, qs: undefined, body: undefined, url: page.url } : { ...rest, qs: page.qs, body: page.body });
			return await paginate(fetch, pagination, { path, qs: rest.qs, body: rest.body as IDataObject | undefined }, limit);
		},
		graphql: async <T>(operationName: string, query: string, variables: IDataObject, itemIndex = 0, account?: AccountHint): Promise<T> => {
			const current = await connection(itemIndex);
			if (!current.graphqlUrl) throw new Error(`The ${platform.label} platform has no GraphQL API`);
			const body = await request<{ data?: T; errors?: Array<{ message?: string; type?: string }> }>('POST', '', {
				url: current.graphqlUrl,
				body: { query, variables, operationName },
				itemIndex,
				account,
			});
			if (body.errors && body.errors.length > 0) {
				const message = `GraphQL error: ${body.errors.map((entry) => entry.message ?? entry.type ?? 'unknown').join('; ')}`;
				throw new NodeApiError(ctx.getNode(), { message } as JsonObject, {
					message,
					itemIndex,
					description: platform.graphqlErrorDescription,
				});
			}
			return body.data as T;
		},
	};
}
