'use strict';
/*
 * The three workflows of the webhook bench, each "<trigger> → No Op (Received)":
 *  - ours: the pack's Code Hosting Trigger (newIssue, or newCommit for push deliveries);
 *  - github: n8n's own GitHub Trigger (n8n-nodes-base.githubTrigger) on the same repository and
 *    platform event, with a githubApi credential pointing at the same local code-hosting server;
 *  - plain: n8n's Webhook node (POST, responseMode onReceived), which n8n 2.x may serve without
 *    an expression isolate.
 */
const path = require('path');

const { ROOT } = require('../lib');

const { CREDENTIAL_IDS } = require(path.join(ROOT, 'e2e/credentials'));

const WEBHOOK_IDS = {
	ours: '7e0c55a2-6a51-4f0e-9a55-b3c9d1f0a001',
	plain: '7e0c55a2-6a51-4f0e-9a55-b3c9d1f0a002',
	github: '7e0c55a2-6a51-4f0e-9a55-b3c9d1f0a003',
};
const PLAIN_PATH = 'bench-plain-webhook';
const GITHUB_CREDENTIAL_ID = 'benchGithubApi01';

function workflow(id, name, triggerNode) {
	return {
		id,
		name,
		active: false,
		nodes: [
			{ id: `${id}-n0`, name: 'Trigger', position: [0, 0], ...triggerNode },
			{ parameters: {}, id: `${id}-n1`, name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0] },
		],
		connections: { Trigger: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

const repositoryOf = { owner: { __rl: true, mode: 'name', value: 'octo-user' }, repository: { __rl: true, mode: 'name', value: 'hello-world' } };

/** The workflows for deliveries of platform event `event` ('issues' or 'push'). */
function workflows(event) {
	const ours = workflow('benchCodeHostTr1', 'Bench: Code Hosting Trigger', {
		parameters: {
			authentication: 'accessToken',
			scope: 'repository',
			...repositoryOf,
			events: [event === 'issues' ? 'newIssue' : 'newCommit'],
			options: {},
		},
		type: 'n8n-nodes-governance-connectors.codeHostingTrigger',
		typeVersion: 1,
		webhookId: WEBHOOK_IDS.ours,
		credentials: { codeHostingApi: { id: CREDENTIAL_IDS.codeHostingApi, name: 'Code Hosting token (local test server)' } },
	});
	const github = workflow('benchGithubTrig1', "Bench: n8n's GitHub Trigger", {
		parameters: { authentication: 'accessToken', ...repositoryOf, events: [event], options: {} },
		type: 'n8n-nodes-base.githubTrigger',
		typeVersion: 1,
		webhookId: WEBHOOK_IDS.github,
		credentials: { githubApi: { id: GITHUB_CREDENTIAL_ID, name: 'GitHub (local test server)' } },
	});
	const plain = workflow('benchPlainWebho1', 'Bench: built-in Webhook', {
		parameters: { httpMethod: 'POST', path: PLAIN_PATH, responseMode: 'onReceived', options: {} },
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: WEBHOOK_IDS.plain,
	});
	return { ours, github, plain };
}

/** n8n's githubApi credential for the local code-hosting server (octo-user's token). */
function githubCredential(serverUrl, token) {
	return { id: GITHUB_CREDENTIAL_ID, name: 'GitHub (local test server)', type: 'githubApi', data: { server: serverUrl, user: 'octo-user', accessToken: token } };
}

/** Webhook URLs of the three workflows under n8n's base URL `base` (ending in /). */
function webhookUrls(base) {
	return {
		ours: `${base}webhook/${WEBHOOK_IDS.ours}/webhook`,
		github: `${base}webhook/${WEBHOOK_IDS.github}/webhook`,
		plain: `${base}webhook/${PLAIN_PATH}`,
	};
}

module.exports = { workflows, githubCredential, webhookUrls };
