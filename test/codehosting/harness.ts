import type { IDataObject } from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingOAuth2Api } from '../../credentials/CodeHostingOAuth2Api.credentials';
import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import type { RunResult } from '../helpers/runWorkflow';
import { runNode } from '../helpers/runWorkflow';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { createCodeHostingServer, LOGIN, ORG, OTHER_TOKEN, TOKEN } from '../servers/codehosting/server';

export { LOGIN, ORG, OTHER_TOKEN, TOKEN };
export type { CodeHostingServer };

export async function startServer(options: object = {}): Promise<CodeHostingServer> {
	const srv = createCodeHostingServer({ autoDeliver: false, ...options });
	await srv.start();
	return srv;
}

export interface Run {
	parameters: IDataObject;
	items?: IDataObject[];
	token?: string;
	/** Defaults to the server's github.com-style base; pass `${srv.url}/api/v3` for Enterprise. */
	server?: string;
	continueOnFail?: boolean;
	oauth2?: boolean;
	binaries?: Array<Record<string, { data: Buffer; fileName: string; mimeType?: string }>>;
}

export const repo = (owner = LOGIN, name = 'hello-world') => ({
	owner: { __rl: true, mode: 'name', value: owner },
	repository: { __rl: true, mode: 'name', value: name },
});

export async function runCodeHosting(srv: CodeHostingServer, run: Run): Promise<RunResult> {
	const server = run.server ?? srv.url;
	return await runNode({
		node: new CodeHosting(),
		parameters: { authentication: run.oauth2 ? 'oAuth2' : 'accessToken', ...run.parameters },
		items: run.items,
		binaries: run.binaries,
		continueOnFail: run.continueOnFail,
		credentialTypes: [new CodeHostingApi(), new CodeHostingOAuth2Api()],
		credentials: run.oauth2
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
