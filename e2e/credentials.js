'use strict';
/*
 * Credentials the e2e workflows and the examples use, with their secrets, pointing at the local
 * platform servers of test/servers. `n8n import:credentials --input F` takes this array (n8n
 * encrypts `data` on import; OAuth2 credentials carry `oauthTokenData`, so they are connected
 * without a browser). Workflows refer to them by these ids and names.
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const CREDENTIAL_IDS = {
	governanceApi: 'e2eGovernance001',
	codeHostingApi: 'e2eCodeHostTok01',
	codeHostingOAuth2Api: 'e2eCodeHostOAu01',
	/** A second Code Hosting OAuth2 credential that the Connect scenario reconnects (so the first keeps its token). */
	codeHostingOAuth2Connect: 'e2eCodeHostOAu02',
	/** The token credential on the stand-in's Enterprise Server form (`/api/v3`). */
	codeHostingEnterprise: 'e2eCodeHostGhes1',
	/** octo-user's fine-grained token without the Webhooks permission (seeded on the stand-in; codehosting-trigger-activation-error). */
	codeHostingNoWebhooks: 'e2eCodeHostFgNoW',
	/** The stand-in's GitHub App (test/servers/codehosting/apps.js), installation from each call. */
	codeHostingAppApi: 'e2eCodeHostApp01',
	clientInfoOAuth2Api: 'e2eClientInfo001',
	openAiApi: 'e2eOpenAiStub001',
	/** n8n's own GitHub credential on the code-hosting stand-in (for n8n's GitHub Trigger beside ours). */
	githubApi: 'e2eGithubTok0001',
	/** n8n's Bearer Auth credential that guards the MCP Server Trigger of `mcp-tools` (the MCP client sends it). */
	mcpBearerAuth: 'e2eMcpBearer0001',
	/** n8n's Basic Auth credential that guards the approval Wait of governance-sync-approval (the approver sends it). */
	approverBasicAuth: 'e2eApproverBas01',
};

/**
 * The MCP Server Trigger's bearer token: random per process (a run of the e2e runner, one `npm
 * start`), so no fixed value could ever be accepted; `secrets()` lists it like the others.
 */
const MCP_BEARER_TOKEN = `e2e-mcp-${crypto.randomBytes(24).toString('hex')}`;

/**
 * The approver's Basic Auth login for the approval Waits' resume URLs. The password is random per
 * run too, and put in the environment, so `npm start` spawned by the e2e runner imports the same
 * one (its browser phase answers the examples' approvals with it); `npm start` alone prints it.
 */
process.env.N8N_E2E_APPROVER_PASSWORD ||= `e2e-approve-${crypto.randomBytes(24).toString('hex')}`;
const APPROVER = { user: 'ada.approver', password: process.env.N8N_E2E_APPROVER_PASSWORD };


/** The module of test/servers/<name>/server.js, or undefined when it cannot be loaded. */
function serverModule(name) {
	try {
		return require(path.join(__dirname, '..', 'test', 'servers', name, 'server.js'));
	} catch {
		return undefined;
	}
}

/** The stand-in app's private key (a test-only key: test/fixtures/codehosting-app/README.md). */
function appPrivateKey(codeHosting) {
	try {
		return fs.readFileSync(path.join(codeHosting.APP_FIXTURES, 'app-private-key.pem'), 'utf8');
	} catch {
		return undefined;
	}
}

/** `urls` maps a server name (folder under test/servers) to its base URL. */
function buildCredentials(urls) {
	const credentials = [];
	const governance = urls.governance && serverModule('governance');
	if (governance) {
		credentials.push({
			id: CREDENTIAL_IDS.governanceApi,
			name: 'Governance (local test server)',
			type: 'governanceApi',
			data: {
				region: 'custom',
				baseUrl: urls.governance,
				projectId: governance.PROJECT_ID,
				apiKey: governance.ADMIN_KEY,
			},
		});
	}
	const codeHosting = urls.codehosting && serverModule('codehosting');
	if (codeHosting) {
		credentials.push({
			id: CREDENTIAL_IDS.codeHostingApi,
			name: 'Code Hosting token (local test server)',
			type: 'codeHostingApi',
			data: { server: urls.codehosting, accessToken: codeHosting.TOKEN },
		});
		credentials.push({
			id: CREDENTIAL_IDS.codeHostingNoWebhooks,
			name: 'Code Hosting fine-grained token without Webhooks (local test server)',
			type: 'codeHostingApi',
			data: { server: urls.codehosting, accessToken: codeHosting.FINE_GRAINED_NO_WEBHOOKS_TOKEN },
		});
		credentials.push({
			id: CREDENTIAL_IDS.codeHostingEnterprise,
			name: 'Code Hosting token (local test server, Enterprise Server form)',
			type: 'codeHostingApi',
			data: { server: `${urls.codehosting}/api/v3`, accessToken: codeHosting.TOKEN },
		});
		// connected as other-user (push on hello-world, no admin), so a check can tell from the
		// server's answers which of the two credentials a request used; the second one is for the
		// Connect scenario, which gives it a new token
		const oauth2 = (id, name) => ({
			id,
			name,
			type: 'codeHostingOAuth2Api',
			data: {
				server: urls.codehosting,
				grantType: 'authorizationCode',
				authUrl: `${urls.codehosting}/login/oauth/authorize`,
				accessTokenUrl: `${urls.codehosting}/login/oauth/access_token`,
				clientId: codeHosting.OAUTH_CLIENT_ID,
				clientSecret: codeHosting.OAUTH_CLIENT_SECRET,
				scope: (codeHosting.ALL_SCOPES ?? []).join(' '),
				authQueryParameters: '',
				authentication: 'header',
				oauthTokenData: { access_token: codeHosting.OTHER_TOKEN, token_type: 'bearer', scope: (codeHosting.ALL_SCOPES ?? []).join(',') },
			},
		});
		credentials.push({
			id: CREDENTIAL_IDS.githubApi,
			name: 'GitHub (local test server)',
			type: 'githubApi',
			data: { server: urls.codehosting, user: codeHosting.LOGIN, accessToken: codeHosting.TOKEN },
		});
		credentials.push(oauth2(CREDENTIAL_IDS.codeHostingOAuth2Api, 'Code Hosting OAuth2 (local test server, other-user)'));
		const privateKey = appPrivateKey(codeHosting);
		if (privateKey) {
			credentials.push({
				id: CREDENTIAL_IDS.codeHostingAppApi,
				name: 'Code Hosting GitHub App (local test server)',
				type: 'codeHostingAppApi',
				data: { server: urls.codehosting, appId: String(codeHosting.APP_ID), privateKey, installation: 'fromOwner', installationId: '' },
			});
		}
		credentials.push(oauth2(CREDENTIAL_IDS.codeHostingOAuth2Connect, 'Code Hosting OAuth2 (local test server, to reconnect)'));
	}
	const clientInfo = urls.clientinfo && serverModule('clientinfo');
	if (clientInfo) {
		credentials.push({
			id: CREDENTIAL_IDS.clientInfoOAuth2Api,
			name: 'Client Info OAuth2 (local test server)',
			type: 'clientInfoOAuth2Api',
			data: {
				baseUrl: urls.clientinfo,
				grantType: 'authorizationCode',
				authUrl: `${urls.clientinfo}/oauth/authorization`,
				accessTokenUrl: `${urls.clientinfo}/oauth/token`,
				clientId: clientInfo.CLIENT_ID,
				clientSecret: clientInfo.CLIENT_SECRET,
				scope: (clientInfo.ALL_SCOPES ?? []).join(' '),
				authQueryParameters: '',
				authentication: 'header',
				oauthTokenData: {
					access_token: clientInfo.ACCESS_TOKEN,
					refresh_token: clientInfo.REFRESH_TOKEN,
					token_type: 'Bearer',
					expires_in: 7200,
				},
			},
		});
	}
	const openAi = urls.openai && serverModule('openai');
	if (openAi) {
		// n8n's own OpenAI credential, its Base URL pointed at the scripted stand-in
		credentials.push({
			id: CREDENTIAL_IDS.openAiApi,
			name: 'OpenAI (local scripted stand-in)',
			type: 'openAiApi',
			data: { apiKey: openAi.API_KEY, organizationId: '', url: `${urls.openai}${openAi.BASE_PATH}`, header: false },
		});
	}
	// n8n's own Bearer Auth credential (not a platform's): what an MCP client must send to the
	// MCP Server Trigger of mcp-tools
	credentials.push({
		id: CREDENTIAL_IDS.mcpBearerAuth,
		name: 'MCP Server Trigger bearer token (e2e)',
		type: 'httpBearerAuth',
		data: { token: MCP_BEARER_TOKEN },
	});
	// the approval Wait of governance-sync-approval
	credentials.push({
		id: CREDENTIAL_IDS.approverBasicAuth,
		name: 'Approver login (e2e)',
		type: 'httpBasicAuth',
		data: { user: APPROVER.user, password: APPROVER.password },
	});
	return credentials;
}

/** Secret values that must never show up in an execution's output or n8n's logs. */
function secrets() {
	const values = [];
	const governance = serverModule('governance');
	if (governance) values.push(governance.ADMIN_KEY, governance.VIEWER_KEY);
	const codeHosting = serverModule('codehosting');
	if (codeHosting) values.push(codeHosting.TOKEN, codeHosting.OTHER_TOKEN, codeHosting.FINE_GRAINED_NO_WEBHOOKS_TOKEN, codeHosting.OAUTH_CLIENT_SECRET);
	// every line of the app's private key (so a key shown in any form is caught)
	const privateKey = codeHosting && appPrivateKey(codeHosting);
	if (privateKey) values.push(...privateKey.split('\n').filter((line) => line.length >= 32 && !line.startsWith('-----')));
	const clientInfo = serverModule('clientinfo');
	if (clientInfo) values.push(clientInfo.CLIENT_SECRET, clientInfo.ACCESS_TOKEN, clientInfo.REFRESH_TOKEN);
	const openAi = serverModule('openai');
	if (openAi) values.push(openAi.API_KEY);
	values.push(MCP_BEARER_TOKEN, APPROVER.password);
	return values.filter((v) => typeof v === 'string' && v.length >= 8);
}

module.exports = { buildCredentials, secrets, CREDENTIAL_IDS, MCP_BEARER_TOKEN, APPROVER };
