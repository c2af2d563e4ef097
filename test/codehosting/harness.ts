import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import * as fs from 'fs';
import * as path from 'path';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingAppApi } from '../../credentials/CodeHostingAppApi.credentials';
import { CodeHostingOAuth2Api } from '../../credentials/CodeHostingOAuth2Api.credentials';
import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import type { RunResult } from '../helpers/runWorkflow';
import { runNode } from '../helpers/runWorkflow';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { APP_FIXTURES, APP_ID, createCodeHostingServer, LOGIN, ORG, OTHER_TOKEN, TOKEN } from '../servers/codehosting/server';

export { LOGIN, ORG, OTHER_TOKEN, TOKEN };

/** The stand-in app's private key (PKCS#1 PEM, test only) and a key that is no app's. */
export const APP_PRIVATE_KEY = fs.readFileSync(path.join(APP_FIXTURES, 'app-private-key.pem'), 'utf8');
export const OTHER_PRIVATE_KEY = fs.readFileSync(path.join(APP_FIXTURES, 'other-private-key.pem'), 'utf8');
export const APP_PUBLIC_KEY = fs.readFileSync(path.join(APP_FIXTURES, 'app-public-key.pem'), 'utf8');

/** The app credential's data on `server`: the stand-in's app, installation from each call. */
export function appCredential(server: string, overrides: IDataObject = {}): IDataObject {
	return { server, appId: String(APP_ID), privateKey: APP_PRIVATE_KEY, installation: 'fromOwner', installationId: '', ...overrides };
}
export type { CodeHostingServer };

export async function startServer(options: object = {}): Promise<CodeHostingServer> {
	const srv = createCodeHostingServer({ autoDeliver: false, ...options });
	await srv.start();
	return srv;
}

/**
 * The strict stand-in (requests and responses checked against GitHub's OpenAPI description) for
 * each test of a file: started before each test and handed to `use`, stopped after it, which
 * fails the test when a response broke the description.
 */
export function strictServerPerTest(use: (server: CodeHostingServer) => void): void {
	let server: CodeHostingServer;
	beforeEach(async () => {
		server = await startServer({ validateResponses: true });
		use(server);
	});
	afterEach(async () => {
		expect(server.responseProblems).toEqual([]);
		await server.stop();
	});
}

export interface Run {
	parameters: IDataObject;
	items?: IDataObject[];
	token?: string;
	/** Defaults to the server's github.com-style base; pass `${srv.url}/api/v3` for Enterprise. */
	server?: string;
	continueOnFail?: boolean;
	oauth2?: boolean;
	/** Authenticate as the GitHub App: credential data over `appCredential(server)`. */
	app?: IDataObject;
	binaries?: Array<Record<string, { data: Buffer; fileName: string; mimeType?: string }>>;
	/** Run the node's AI-tool variant (type `<name>Tool`). */
	asTool?: boolean;
}

export const repo = (owner = LOGIN, name = 'hello-world') => ({
	owner: { __rl: true, mode: 'name', value: owner },
	repository: { __rl: true, mode: 'name', value: name },
});

export async function runCodeHosting(srv: CodeHostingServer, run: Run): Promise<RunResult> {
	const server = run.server ?? srv.url;
	return await runNode({
		node: new CodeHosting(),
		parameters: { authentication: run.app ? 'app' : run.oauth2 ? 'oAuth2' : 'accessToken', ...run.parameters },
		items: run.items,
		binaries: run.binaries,
		continueOnFail: run.continueOnFail,
		asTool: run.asTool,
		credentialTypes: [new CodeHostingApi(), new CodeHostingOAuth2Api(), new CodeHostingAppApi()],
		credentials: run.app
			? { codeHostingAppApi: appCredential(server, run.app) as ICredentialDataDecryptedObject }
			: run.oauth2
			? {
					codeHostingOAuth2Api: {
						server,
						clientId: 'client-id',
						clientSecret: 'client-secret-value',
						accessTokenUrl: `${server}/login/oauth/access_token`,
						authUrl: `${server}/login/oauth/authorize`,
						grantType: 'authorizationCode',
						authentication: 'header',
						oauthTokenData: { access_token: run.token ?? TOKEN, token_type: 'bearer' },
					},
				}
			: { codeHostingApi: { server, accessToken: run.token ?? TOKEN } },
	});
}
