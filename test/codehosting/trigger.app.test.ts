/**
 * The Code Hosting Trigger and Polling Trigger authenticated as the GitHub App: the webhook is
 * created (and deleted) with the installation token of the repository's or organization's
 * installation; the polling trigger reads the events feed with it.
 */
import { CodeHostingAppApi } from '../../credentials/CodeHostingAppApi.credentials';
import { forgetAppTokens } from '../../nodes/CodeHosting/appAuth';
import { CodeHostingPollingTrigger } from '../../nodes/CodeHostingPollingTrigger/CodeHostingPollingTrigger.node';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { createPollHarness } from '../helpers/pollHarness';
import type { TriggerHarness } from '../helpers/triggerHarness';
import { createTriggerHarness } from '../helpers/triggerHarness';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { createCodeHostingServer, LOGIN, ORG, ORG_INSTALLATION_ID, USER_INSTALLATION_ID } from '../servers/codehosting/server';
import { appCredential } from './harness';

let srv: CodeHostingServer;
const open: TriggerHarness[] = [];
beforeEach(async () => {
	forgetAppTokens();
	srv = createCodeHostingServer({ autoDeliver: false });
	await srv.start();
});
afterEach(async () => {
	while (open.length) await open.pop()!.close();
	await srv.stop();
});

const calls = () => srv.requests.map((r) => `${r.method} ${r.path}`);
const bearer = (path: string, method: string) => String(srv.requests.find((r) => r.path === path && r.method === method)?.headers.authorization ?? '');
const installationToken = (installation: number) => Object.keys(srv.state.tokens).find((token) => srv.state.tokens[token].installation === installation);

async function trigger(scope: 'repository' | 'organization'): Promise<TriggerHarness> {
	const harness = await createTriggerHarness({
		node: new CodeHostingTrigger(),
		parameters: {
			authentication: 'app',
			scope,
			owner: { __rl: true, mode: 'name', value: scope === 'organization' ? ORG : LOGIN },
			...(scope === 'repository' ? { repository: { __rl: true, mode: 'name', value: 'hello-world' } } : {}),
			events: ['newIssue', 'newPush'],
			options: {},
		},
		credentials: { codeHostingAppApi: appCredential(srv.url) as never },
		credentialTypes: [new CodeHostingAppApi()],
	});
	open.push(harness);
	return harness;
}

test.each([
	['repository', '/repos/octo-user/hello-world', USER_INSTALLATION_ID],
	['organization', '/orgs/octo-org', ORG_INSTALLATION_ID],
] as const)('webhook trigger (%s scope): activates with the installation token, signed deliveries start it, deactivation deletes the hook', async (scope, base, installation) => {
	const t = await trigger(scope);
	expect(await t.hook('checkExists')).toBe(false);
	expect(await t.hook('create')).toBe(true);
	const lookup = scope === 'repository' ? 'GET /repos/octo-user/hello-world/installation' : 'GET /orgs/octo-org/installation';
	expect(calls()).toEqual([lookup, `POST /app/installations/${installation}/access_tokens`, `POST ${base}/hooks`]);
	expect(bearer(`${base}/hooks`, 'POST')).toBe(`Bearer ${installationToken(installation)}`);
	const hook = srv.hooks.find((h) => h.config.url === t.webhookUrl)!;
	expect(hook.events.sort()).toEqual(['issues', 'push']);
	await srv.deliver(hook.id, 'issues', srv.examplePayload('issues', 'opened'));
	expect(t.deliveries.at(-1)!.status).toBe(200);
	expect(t.deliveries.at(-1)!.items?.[0]?.json).toMatchObject({ event: 'newIssue' });
	expect(await t.hook('delete')).toBe(true);
	expect(srv.hooks.find((h) => h.id === hook.id)).toBeUndefined();
	expect(bearer(`${base}/hooks/${hook.id}`, 'DELETE')).toBe(`Bearer ${installationToken(installation)}`);
	expect(srv.appMints()).toHaveLength(1);
});

test('polling trigger: the events feed read with the installation token', async () => {
	const h = createPollHarness({
		node: new CodeHostingPollingTrigger(),
		parameters: { authentication: 'app', event: 'newStar', owner: { __rl: true, mode: 'name', value: LOGIN }, repository: { __rl: true, mode: 'name', value: 'hello-world' } },
		credentials: { codeHostingAppApi: appCredential(srv.url) as never },
		credentialTypes: [new CodeHostingAppApi()],
	});
	expect(await h.poll()).toBeNull();
	expect(calls()).toEqual(['GET /repos/octo-user/hello-world/installation', `POST /app/installations/${USER_INSTALLATION_ID}/access_tokens`, 'GET /repos/octo-user/hello-world/events']);
	expect(bearer('/repos/octo-user/hello-world/events', 'GET')).toBe(`Bearer ${installationToken(USER_INSTALLATION_ID)}`);
});
