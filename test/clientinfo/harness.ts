import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { ClientInfoOAuth2Api } from '../../credentials/ClientInfoOAuth2Api.credentials';
import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import type { RunResult } from '../helpers/runWorkflow';
import { runNode } from '../helpers/runWorkflow';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const server = require('../servers/clientinfo/server') as {
	createClientInfoServer: (options?: ServerOptions) => ClientInfoServer;
	API: string;
	CLIENT_ID: string;
	CLIENT_SECRET: string;
	ACCESS_TOKEN: string;
	REFRESH_TOKEN: string;
	ALL_SCOPES: string[];
	EVENTS: string[];
	STATUSES: string[];
	TEMPLATES: Array<{ id: string; name: string }>;
	SEEDED_CLIENT_ID: string;
};

export interface ServerOptions {
	reads?: number;
	writes?: number;
	windowMs?: number;
	accessTokenTtlMs?: number;
	rotateRefreshTokens?: boolean;
}

export interface RecordedRequest {
	method: string;
	path: string;
	rawPath: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body?: string;
	at: number;
	status?: number;
	token?: string;
	rateLimited?: boolean;
	fault?: boolean;
}

export interface TokenSet {
	access_token: string;
	refresh_token: string;
	token_type?: string;
	expires_in?: number;
	scope?: string;
}

export interface ClientInfoServer {
	url: string;
	state: {
		clients: Record<string, IDataObject>;
		requests: Record<string, IDataObject>;
		templates: Record<string, IDataObject>;
		webhooks: Record<string, IDataObject & { url: string; subscriptions: string[] }>;
		accessTokens: Record<string, IDataObject>;
		refreshTokens: Record<string, IDataObject>;
		deliveries: IDataObject[];
	};
	stats: { rateLimited: number; tokenRequests: Array<{ grant_type: string; at: number }> };
	limits: { reads: number; writes: number; windowMs: number };
	requests: RecordedRequest[];
	failNext(fault: { method?: string; path: string | RegExp; status?: number; body?: unknown; headers?: Record<string, string>; times?: number; drop?: boolean }): void;
	issueTokens(options?: { scopes?: string[]; expired?: boolean }): TokenSet;
	expireAccessTokens(): void;
	revokeRefreshTokens(): void;
	addClients(count: number, prefix?: string): string[];
	addRequests(count: number, options?: { clientId?: string; status?: string; prefix?: string }): string[];
	addTemplates(count: number): void;
	deliver(event: string, data?: IDataObject): Promise<Array<{ status?: number; body?: string; skipped?: string; url?: string }>>;
	setRequestStatus(id: string, status: string): Promise<Array<{ status?: number; body?: string; skipped?: string; url?: string }>>;
	apiRequests(): RecordedRequest[];
	start(port?: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	resetRequests(): void;
}

export const { API, CLIENT_ID, CLIENT_SECRET, ACCESS_TOKEN, REFRESH_TOKEN, ALL_SCOPES, EVENTS, STATUSES, TEMPLATES, SEEDED_CLIENT_ID } = server;

export async function startServer(options: ServerOptions = {}): Promise<ClientInfoServer> {
	const instance = server.createClientInfoServer(options);
	await instance.start();
	return instance;
}

/** Credential data of a connected `clientInfoOAuth2Api` pointing at the local server. */
export function credentialData(srv: ClientInfoServer, tokens?: Partial<TokenSet>, overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return {
		baseUrl: srv.url,
		grantType: 'authorizationCode',
		authUrl: `${srv.url}/oauth/authorization`,
		accessTokenUrl: `${srv.url}/oauth/token`,
		clientId: CLIENT_ID,
		clientSecret: CLIENT_SECRET,
		scope: ALL_SCOPES.join(' '),
		authQueryParameters: '',
		authentication: 'header',
		oauthTokenData: {
			access_token: tokens?.access_token ?? ACCESS_TOKEN,
			refresh_token: tokens?.refresh_token ?? REFRESH_TOKEN,
			token_type: 'Bearer',
			expires_in: 7200,
		},
		...overrides,
	};
}

export interface ClientInfoRun {
	parameters: IDataObject;
	items?: IDataObject[];
	continueOnFail?: boolean;
	tokens?: Partial<TokenSet>;
	credential?: IDataObject;
	/** Run the node's AI-tool variant (type `<name>Tool`). */
	asTool?: boolean;
}

export async function runClientInfo(srv: ClientInfoServer, run: ClientInfoRun): Promise<RunResult> {
	return await runNode({
		node: new ClientInfo(),
		parameters: run.parameters,
		items: run.items,
		continueOnFail: run.continueOnFail,
		asTool: run.asTool,
		credentialTypes: [new ClientInfoOAuth2Api()],
		credentials: { clientInfoOAuth2Api: credentialData(srv, run.tokens, run.credential) },
	});
}

/** Resource locator value by ID. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The JSON bodies of the API calls with this method and path. */
export function bodiesOf(srv: ClientInfoServer, method: string, path: string): IDataObject[] {
	return srv
		.apiRequests()
		.filter((request) => request.method === method && request.path === `${API}${path}`)
		.map((request) => JSON.parse(request.body ?? '{}') as IDataObject);
}
