/** Webhooks: create (ping), duplicate 422, permissions, signed deliveries, automatic events. */
import crypto from 'crypto';

import type { CodeHostingServer } from '../servers/codehosting/server';
import { OTHER_TOKEN } from '../servers/codehosting/server';
import { call, startReceiver, startServer } from './harness';

let srv: CodeHostingServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
	srv = await startServer();
	receiver = await startReceiver();
});
afterEach(async () => {
	await srv.stop();
	await receiver.close();
});

const SECRET = 'it-is-a-secret';
const sign = (body: Buffer, secret = SECRET) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

async function createRepoHook(events = ['issues', 'push']) {
	const answer = await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', {
		body: { name: 'web', active: true, events, config: { url: receiver.url, content_type: 'json', secret: SECRET, insecure_ssl: '0' } },
	});
	expect(answer.status).toBe(201);
	return answer.json;
}

test('creating a repository hook answers 201 and sends a signed ping', async () => {
	const hook = await createRepoHook();
	expect(hook).toMatchObject({ type: 'Repository', name: 'web', active: true, events: ['issues', 'push'], config: { url: receiver.url, content_type: 'json', secret: '********' } });
	expect(hook.url).toBe(`${srv.url}/repos/octo-user/hello-world/hooks/${hook.id}`);
	await receiver.waitFor(1);
	const ping = receiver.received[0];
	expect(ping.headers['x-github-event']).toBe('ping');
	expect(ping.headers['x-github-delivery']).toMatch(/^[0-9a-f-]{36}$/);
	expect(ping.headers['user-agent']).toMatch(/^GitHub-Hookshot\//);
	expect(ping.headers['content-type']).toBe('application/json');
	expect(ping.headers['x-hub-signature-256']).toBe(sign(ping.body));
	expect(JSON.parse(ping.body.toString())).toMatchObject({ hook_id: hook.id, hook: { id: hook.id }, zen: expect.any(String), repository: { full_name: 'octo-user/hello-world' } });
	expect(srv.hooks).toHaveLength(1);
	expect(srv.hooks[0].config.secret).toBe(SECRET);
});

test('a second hook with the same URL is 422 "Hook already exists on this repository"', async () => {
	await createRepoHook();
	const again = await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { config: { url: receiver.url, content_type: 'json' }, events: ['push'] } });
	expect(again.status).toBe(422);
	expect(again.json.message).toBe('Validation Failed');
	expect(again.json.errors[0].message).toBe('Hook already exists on this repository');
});

test('list, get and delete; unknown hook ids are 404', async () => {
	const hook = await createRepoHook();
	const list = await call(srv, 'GET', '/repos/octo-user/hello-world/hooks');
	expect(list.json.map((h: { id: number }) => h.id)).toEqual([hook.id]);
	expect((await call(srv, 'GET', `/repos/octo-user/hello-world/hooks/${hook.id}`)).json.config.url).toBe(receiver.url);
	expect((await call(srv, 'DELETE', `/repos/octo-user/hello-world/hooks/${hook.id}`)).status).toBe(204);
	expect((await call(srv, 'DELETE', `/repos/octo-user/hello-world/hooks/${hook.id}`)).status).toBe(404);
	expect((await call(srv, 'GET', `/repos/octo-user/hello-world/hooks/${hook.id}`)).status).toBe(404);
});

test('a token without admin rights gets 403 on hooks and on adding collaborators', async () => {
	const other = { authorization: `Bearer ${OTHER_TOKEN}` };
	const hook = await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { headers: other, body: { config: { url: receiver.url } } });
	expect(hook.status).toBe(403);
	expect(hook.json.message).toBe('Must have admin rights to Repository.');
	const orgHook = await call(srv, 'POST', '/orgs/octo-org/hooks', { headers: other, body: { name: 'web', config: { url: receiver.url } } });
	expect(orgHook.status).toBe(403);
	const collaborator = await call(srv, 'PUT', '/repos/octo-user/hello-world/collaborators/outside-user', { headers: other, body: { permission: 'pull' } });
	expect(collaborator.status).toBe(403);
});

test('deliver() signs like GitHub, or leaves the signature out, or signs with a wrong secret', async () => {
	const hook = await createRepoHook();
	await srv.settle();
	const payload = srv.examplePayload('issues', 'opened');
	const valid = await srv.deliver(hook.id, 'issues', payload);
	expect(valid.status).toBe(200);
	const missing = await srv.deliver(hook.id, 'issues', payload, { signature: 'missing' });
	const wrong = await srv.deliver(hook.id, 'issues', payload, { signature: 'wrong' });
	expect(missing.status).toBe(200);
	expect(wrong.status).toBe(200);
	const [, first, second, third] = receiver.received;
	expect(first.headers['x-hub-signature-256']).toBe(sign(first.body));
	expect(JSON.parse(first.body.toString())).toEqual(payload);
	expect(first.headers['x-github-hook-id']).toBe(String(hook.id));
	expect(first.headers['x-github-hook-installation-target-type']).toBe('repository');
	expect(second.headers['x-hub-signature-256']).toBeUndefined();
	expect(third.headers['x-hub-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
	expect(third.headers['x-hub-signature-256']).not.toBe(sign(third.body));
	expect(new Set(receiver.received.map((r) => r.headers['x-github-delivery'])).size).toBe(4);
	expect(srv.hooks[0].deliveries.map((d) => d.status_code)).toEqual([200, 200, 200, 200]);
});

test('deliver() reports the receiver answer, e.g. 401', async () => {
	const rejecting = await startReceiver(401);
	try {
		const answer = await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { config: { url: rejecting.url, content_type: 'json', secret: SECRET } } });
		await srv.settle();
		const result = await srv.deliver(answer.json.id, 'ping', undefined, { signature: 'wrong' });
		expect(result.status).toBe(401);
		expect(srv.hooks[0].last_response.code).toBe(401);
	} finally {
		await rejecting.close();
	}
});

test('actions through the API send their webhook events to subscribed hooks', async () => {
	await createRepoHook(['issues', 'issue_comment', 'star']);
	await srv.settle();
	const created = await call(srv, 'POST', '/repos/octo-user/hello-world/issues', { body: { title: 'Hooked' } });
	await call(srv, 'POST', `/repos/octo-user/hello-world/issues/${created.json.number}/comments`, { body: { body: 'hi @octo-user' } });
	await call(srv, 'PUT', '/user/starred/octo-user/hello-world');
	await call(srv, 'PUT', '/repos/octo-user/hello-world/contents/pushed.txt', { body: { message: 'm', content: 'eA==' } }); // push: not subscribed
	await srv.settle();
	const events = receiver.received.slice(1).map((r) => `${r.headers['x-github-event']}:${JSON.parse(r.body.toString()).action}`);
	expect(events).toEqual(['issues:opened', 'issue_comment:created', 'star:created']);
	const issueEvent = JSON.parse(receiver.received[1].body.toString());
	expect(issueEvent).toMatchObject({ action: 'opened', issue: { number: created.json.number, title: 'Hooked' }, repository: { full_name: 'octo-user/hello-world' }, sender: { login: 'octo-user' } });
	for (const delivery of receiver.received) expect(delivery.headers['x-hub-signature-256']).toBe(sign(delivery.body));
});

test('organization hooks: create, ping, duplicate, repository created, list, delete', async () => {
	const created = await call(srv, 'POST', '/orgs/octo-org/hooks', { body: { name: 'web', events: ['repository', 'projects_v2_item'], config: { url: receiver.url, content_type: 'json', secret: SECRET } } });
	expect(created.status).toBe(201);
	expect(created.json.type).toBe('Organization');
	const again = await call(srv, 'POST', '/orgs/octo-org/hooks', { body: { name: 'web', config: { url: receiver.url } } });
	expect(again.json.errors[0].message).toBe('Hook already exists on this organization');
	await call(srv, 'POST', '/orgs/octo-org/repos', { body: { name: 'brand-new' } });
	await srv.settle();
	expect(receiver.received.map((r) => r.headers['x-github-event'])).toEqual(['ping', 'repository']);
	expect(JSON.parse(receiver.received[0].body.toString())).toMatchObject({ hook: { type: 'Organization' }, organization: { login: 'octo-org' } });
	expect(JSON.parse(receiver.received[1].body.toString())).toMatchObject({ action: 'created', repository: { full_name: 'octo-org/brand-new' }, organization: { login: 'octo-org' } });
	expect(receiver.received[1].headers['x-github-hook-installation-target-type']).toBe('organization');
	expect((await call(srv, 'GET', '/orgs/octo-org/hooks')).json).toHaveLength(1);
	expect((await call(srv, 'GET', `/orgs/octo-org/hooks/${created.json.id}`)).status).toBe(200);
	expect((await call(srv, 'DELETE', `/orgs/octo-org/hooks/${created.json.id}`)).status).toBe(204);
	expect((await call(srv, 'DELETE', `/orgs/octo-org/hooks/${created.json.id}`)).status).toBe(404);
});

test('hook bodies are checked: only "web", a URL, known events; content_type defaults to form', async () => {
	expect((await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { name: 'travis', config: { url: receiver.url } } })).status).toBe(422);
	expect((await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { config: { url: 'not a url' } } })).status).toBe(422);
	expect((await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { config: { url: receiver.url }, events: ['no_such_event'] } })).status).toBe(422);
	const form = await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { config: { url: receiver.url, secret: SECRET } } });
	expect(form.json.config.content_type).toBe('form');
	expect(form.json.events).toEqual(['push']);
	await receiver.waitFor(1);
	expect(receiver.received[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
	expect(receiver.received[0].body.toString()).toMatch(/^payload=%7B/);
	expect(receiver.received[0].headers['x-hub-signature-256']).toBe(sign(receiver.received[0].body));
});

test('deliveries never leave the loopback interface', async () => {
	const answer = await call(srv, 'POST', '/repos/octo-user/hello-world/hooks', { body: { config: { url: 'https://example.com/hook', content_type: 'json' } } });
	expect(answer.status).toBe(201);
	await srv.settle();
	expect(srv.hooks[0].deliveries[0].status).toMatch(/not delivered/);
	await expect(srv.deliver(answer.json.id, 'ping')).rejects.toThrow(/loopback/);
});

test('no response of this file broke the OpenAPI response schemas', () => {
	expect(srv.responseProblems).toEqual([]);
});
