import type { IDataObject } from 'n8n-workflow';

import { startReceiver } from '../codehosting-server/harness';
import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, runCodeHosting, startServer } from './harness';

// The organization and team operations (issue 39, part 1) change the stand-in's organization, and
// the stand-in sends the webhook events GitHub sends for those changes to the organization's hook:
// organization member_invited / member_removed, membership added / removed, member removed. Each
// payload has the keys of @octokit/webhooks-examples' payload for that event and action.

let srv: CodeHostingServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
	srv = await startServer({ autoDeliver: true, validateResponses: true });
	receiver = await startReceiver();
	const hook = await runCodeHosting(srv, {
		parameters: { resource: 'apiCall', operation: 'request', method: 'POST', endpoint: `/orgs/${ORG}/hooks`, sendBody: true, contentType: 'json', body: JSON.stringify({ name: 'web', events: ['organization', 'membership', 'member'], config: { url: receiver.url, content_type: 'json' } }) },
	});
	expect(hook.error).toBeUndefined();
	await receiver.waitFor(1); // the ping
	receiver.received.length = 0;
	srv.resetRequests();
});
afterEach(async () => {
	expect(srv.responseProblems).toEqual([]);
	await srv.stop();
	await receiver.close();
});

const rl = (value: string) => ({ __rl: true, mode: 'name', value });
const deliveries = () => receiver.received.map((entry) => ({ event: String(entry.headers['x-github-event']), payload: JSON.parse(entry.body.toString('utf8')) as IDataObject }));
const keysOf = (value: unknown) => Object.keys(value as object).sort();
const example = (event: string, action: string) => srv.examplePayload(event, action) as IDataObject;

test('Set Membership for a non-member: organization member_invited with the invitation and the user', async () => {
	await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'setMembership', owner: rl(ORG), username: 'outside-user' } });
	await receiver.waitFor(1);
	const [{ event, payload }] = deliveries();
	expect([event, payload.action]).toEqual(['organization', 'member_invited']);
	expect(payload).toMatchObject({ invitation: { login: 'outside-user', role: 'direct_member', inviter: { login: LOGIN } }, user: { login: 'outside-user' }, organization: { login: ORG }, sender: { login: LOGIN } });
	const real = example('organization', 'member_invited');
	expect(keysOf(payload)).toEqual(keysOf(real).filter((key) => key !== 'installation'));
	expect(keysOf(payload.invitation)).toEqual(keysOf(real.invitation));
});

test('Remove Member: organization member_removed with the membership; a second run sends nothing', async () => {
	await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'removeMember', owner: rl(ORG), username: 'other-user' } });
	await receiver.waitFor(1);
	const [{ event, payload }] = deliveries();
	expect([event, payload.action]).toEqual(['organization', 'member_removed']);
	expect(payload.membership).toMatchObject({ state: 'active', role: 'member', user: { login: 'other-user' } });
	// the examples have no member_removed; its payload has member_added's shape
	const real = example('organization', 'member_added');
	expect(keysOf(payload)).toEqual(keysOf(real));
	expect(keysOf(payload.membership)).toEqual(keysOf(real.membership));
	await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'removeMember', owner: rl(ORG), username: 'other-user' } });
	await srv.settle();
	expect(receiver.received).toHaveLength(1);
});

test('Team → Add Member and Remove Member: membership added and removed, scope team, with the team', async () => {
	srv.addTeam(ORG, { name: 'Reviewers' });
	await runCodeHosting(srv, { parameters: { resource: 'team', operation: 'addMember', owner: rl(ORG), team: rl('reviewers'), username: 'other-user' } });
	// a role change is no new membership: no event
	await runCodeHosting(srv, { parameters: { resource: 'team', operation: 'addMember', owner: rl(ORG), team: rl('reviewers'), username: 'other-user', role: 'maintainer' } });
	await runCodeHosting(srv, { parameters: { resource: 'team', operation: 'removeMember', owner: rl(ORG), team: rl('reviewers'), username: 'other-user' } });
	await receiver.waitFor(2);
	await srv.settle();
	const got = deliveries();
	expect(got.map(({ event, payload }) => [event, payload.action, (payload.member as IDataObject).login, (payload.team as IDataObject).slug])).toEqual([
		['membership', 'added', 'other-user', 'reviewers'],
		['membership', 'removed', 'other-user', 'reviewers'],
	]);
	const real = example('membership', 'added');
	expect(keysOf(got[0].payload)).toEqual(keysOf(real));
	expect(keysOf(got[0].payload.team)).toEqual(keysOf(real.team));
});

test('Remove Outside Collaborator: one member removed event per repository the person loses', async () => {
	srv.addRepo(ORG, 'second-repo');
	srv.addCollaborator(ORG, 'second-repo', 'outside-user', 'push');
	await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'removeOutsideCollaborator', owner: rl(ORG), username: 'outside-user' } });
	await receiver.waitFor(2);
	await srv.settle();
	const got = deliveries();
	expect(got.map(({ event, payload }) => [event, payload.action, (payload.member as IDataObject).login, (payload.repository as IDataObject).name]).sort()).toEqual([
		['member', 'removed', 'outside-user', 'org-repo'],
		['member', 'removed', 'outside-user', 'second-repo'],
	]);
});
