/**
 * The Code Hosting Trigger's access events (issue 39 part 3) against the local GitHub-like
 * server: Organization Membership Changed (`organization`), Team Membership Changed
 * (`membership`) and Repository Access Changed (`member`). Where each registers (the first two on
 * organization webhooks only, the third on either), the refusal of an organization-only event
 * with Scope: Repository (and the editor's notice), signed deliveries of real example payloads
 * from the hook, and recovery: deliveries missed while n8n was down are redelivered at startup
 * and marked `recovered: true` with the time of the platform's first attempt.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import type { Hook } from '../servers/codehosting/server';
import { LOGIN, ORG } from '../servers/codehosting/server';
import type { Trigger } from './triggerKit';
import { pause, started, useRecoveryKit } from './recoveryKit';

const recovery = useRecoveryKit();
const { kit, active, redeliveryRequests, logReads } = recovery;
const { trigger, calls } = kit;

const ACCESS_EVENTS = ['organizationMembershipChanged', 'teamMembershipChanged', 'repositoryAccessChanged'];
const WAIT_MS = 10_000;

/** An active trigger (hook created, its ping left out) on `events`, Recovery Interval 0. */
async function activeTrigger(events: string[], scope: 'repository' | 'organization'): Promise<{ t: Trigger; hook: Hook }> {
	const t = await trigger({ events, scope, options: { recoveryInterval: 0 } });
	expect(await t.harness.hook('create')).toBe(true);
	active.push(t);
	await recovery.srv.settle();
	const [hook] = t.hooks();
	t.harness.deliveries.length = 0;
	return { t, hook };
}

/** The items of the execution each GUID started. */
const itemsByGuid = (t: Trigger) => new Map(t.harness.deliveries.filter((d) => d.items).map((d) => [String(d.items![0].json.deliveryId), d.items!.map((item) => item.json)]));

async function startedAll(t: Trigger, guids: string[]): Promise<void> {
	const until = Date.now() + WAIT_MS;
	while (!guids.every((guid) => started(t).includes(guid)) && Date.now() < until) await pause(20);
	await t.harness.settle();
	expect(guids.filter((guid) => !started(t).includes(guid))).toEqual([]);
}

/** The payloads of the access changes, from @octokit/webhooks-examples (removals: the added example with its action changed). */
const payloads = () => {
	const srv = recovery.srv;
	return {
		memberAdded: srv.examplePayload('organization', 'member_added') as IDataObject,
		memberRemoved: { ...(srv.examplePayload('organization', 'member_added') as IDataObject), action: 'member_removed' } as IDataObject,
		memberInvited: srv.examplePayload('organization', 'member_invited') as IDataObject,
		renamed: srv.examplePayload('organization', 'renamed') as IDataObject,
		teamRemoved: srv.examplePayload('membership', 'removed') as IDataObject,
		collaboratorRemoved: { ...(srv.examplePayload('member', 'added') as IDataObject), action: 'removed' } as IDataObject,
		collaboratorEdited: srv.examplePayload('member', 'edited') as IDataObject,
	};
};

describe('registration and scope', () => {
	test('Scope: Organization: one organization hook for organization, membership and member', async () => {
		const { t, hook } = await activeTrigger(ACCESS_EVENTS, 'organization');
		expect(hook.scope).toBe('organization');
		expect(hook.target).toBe(ORG);
		expect([...hook.events].sort()).toEqual(['member', 'membership', 'organization']);
		expect(t.state.webhookEndpoint).toBe(`/orgs/${ORG}/hooks`);
		expect(await t.harness.hook('checkExists')).toBe(true);
	});

	test('Scope: Repository with Repository Access Changed: a repository hook for member', async () => {
		const { t, hook } = await activeTrigger(['repositoryAccessChanged'], 'repository');
		expect(hook.scope).toBe('repository');
		expect(hook.target).toBe(`${LOGIN}/hello-world`);
		expect(hook.events).toEqual(['member']);
		// a collaborator's permission changes on that repository: delivered, signed, one item
		const result = await recovery.srv.deliver(hook.id, 'member', payloads().collaboratorEdited);
		expect(result.status).toBe(200);
		await t.harness.settle();
		expect(itemsByGuid(t).get(result.guid)).toEqual([expect.objectContaining({ event: 'repositoryAccessChanged', webhookEvent: 'member', action: 'edited', recovered: false })]);
	});

	test.each([
		[['organizationMembershipChanged'], 'organizationMembershipChanged needs Scope: Organization'],
		[['teamMembershipChanged', 'repositoryAccessChanged'], 'teamMembershipChanged needs Scope: Organization'],
		[ACCESS_EVENTS, 'organizationMembershipChanged, teamMembershipChanged needs Scope: Organization'],
	])('Scope: Repository with %j: refused at activation with a clear error, before any request', async (events, message) => {
		const t = await trigger({ events, scope: 'repository' });
		recovery.srv.resetRequests();
		const error = await t.harness.hook('create').then(
			() => undefined,
			(caught: Error & { description?: string }) => caught,
		);
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(/organization webhooks only/);
		expect(calls()).toEqual([]);
		expect(t.credentialType.urls).toEqual([]);
		expect(t.hooks()).toHaveLength(0);
		expect(t.state).toEqual({});
	});

	test('the editor says so before activation: a notice shown with Scope: Repository and an organization-only event chosen', () => {
		const description = new CodeHostingTrigger().description;
		const properties = description.properties;
		const notice = properties.find((property) => property.name === 'organizationOnlyNotice') as INodeProperties;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toContain('Organization Membership Changed');
		expect(notice.displayName).toContain('Team Membership Changed');
		expect(notice.displayName).not.toContain('Repository Access Changed');
		expect(notice.displayName).toMatch(/need Scope: Organization/);
		const shown = (scope: string, events: string[]) => NodeHelpers.displayParameter({ scope, events }, notice, { typeVersion: 1 }, description);
		expect(shown('repository', ['newIssue', 'teamMembershipChanged'])).toBe(true);
		expect(shown('repository', ['organizationMembershipChanged'])).toBe(true);
		expect(shown('repository', ['newRepository'])).toBe(true);
		expect(shown('repository', ['repositoryAccessChanged', 'newCollaborator'])).toBe(false);
		expect(shown('organization', ACCESS_EVENTS)).toBe(false);
		// the scope's own choice names them too
		const scope = properties.find((property) => property.name === 'scope')!;
		const organization = scope.options!.find((option) => 'value' in option && option.value === 'organization') as { description: string };
		expect(organization.description).toMatch(/Organization Membership Changed and Team Membership Changed/);
	});

	test('each event says what it fires on, the scope it needs and the webhook permission', () => {
		const events = new CodeHostingTrigger().description.properties.find((property) => property.name === 'events')!;
		const described = new Map((events.options as Array<{ value: string; name: string; description: string }>).map((option) => [option.value, option]));
		expect(described.get('organizationMembershipChanged')).toMatchObject({ name: 'Organization Membership Changed', description: expect.stringMatching(/invited to, added to or removed from the organization.*Needs Scope: Organization.*admin:org_hook.*Members organization permission/) });
		expect(described.get('teamMembershipChanged')).toMatchObject({ name: 'Team Membership Changed', description: expect.stringMatching(/added to or removed from a team.*Needs Scope: Organization.*admin:org_hook.*Members organization permission/) });
		expect(described.get('repositoryAccessChanged')).toMatchObject({ name: 'Repository Access Changed', description: expect.stringMatching(/added to or removed from a repository, or their permission changes.*Scope Repository.*Scope Organization.*admin:repo_hook or admin:org_hook.*Members organization permission/) });
	});
});

describe('deliveries and recovery', () => {
	test('live access changes start one execution each (recovered: false); other actions start nothing', async () => {
		const { t, hook } = await activeTrigger(ACCESS_EVENTS, 'organization');
		const srv = recovery.srv;
		const p = payloads();
		const sent = [
			await srv.deliver(hook.id, 'organization', p.memberInvited),
			await srv.deliver(hook.id, 'organization', p.memberAdded),
			await srv.deliver(hook.id, 'membership', p.teamRemoved),
			await srv.deliver(hook.id, 'member', p.collaboratorRemoved),
		];
		const ignored = await srv.deliver(hook.id, 'organization', p.renamed);
		await t.harness.settle();
		expect([...sent, ignored].map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
		expect(started(t)).toEqual(sent.map((result) => result.guid));
		const items = sent.map((result) => itemsByGuid(t).get(result.guid)!);
		expect(items.map((list) => list.map((item) => [item.event, item.webhookEvent, item.action, item.recovered]))).toEqual([
			[['organizationMembershipChanged', 'organization', 'member_invited', false]],
			[['organizationMembershipChanged', 'organization', 'member_added', false]],
			[['teamMembershipChanged', 'membership', 'removed', false]],
			[['repositoryAccessChanged', 'member', 'removed', false]],
		]);
		// who, and where: the payload's fields as GitHub sent them
		expect((items[0][0].invitation as IDataObject).login).toBe(((p.memberInvited.invitation as IDataObject).login));
		expect((items[2][0].team as IDataObject).slug).toBe((p.teamRemoved.team as IDataObject).slug);
		expect((items[3][0].member as IDataObject).login).toBe((p.collaboratorRemoved.member as IDataObject).login);
	});

	test('n8n down: the access changes missed are redelivered at startup, once each, recovered: true with the first attempt\'s time; a rename is never asked for', async () => {
		const { t, hook } = await activeTrigger(ACCESS_EVENTS, 'organization');
		const srv = recovery.srv;
		const p = payloads();
		await t.harness.pause();
		const missedPayloads: Array<[string, IDataObject]> = [
			['organization', p.memberRemoved],
			['membership', p.teamRemoved],
			['member', p.collaboratorRemoved],
			['organization', p.renamed],
		];
		// refused (n8n is down): the platform logs each as failed
		for (const [event, payload] of missedPayloads) await expect(srv.deliver(hook.id, event, payload)).rejects.toThrow(/ECONNREFUSED/);
		await srv.settle();
		const failed = hook.deliveries.filter((d) => d.status_code === 502);
		expect(failed.map((d) => `${d.event}/${d.action}`)).toEqual(['organization/member_removed', 'membership/removed', 'member/removed', 'organization/renamed']);
		const missed = failed.filter((d) => d.action !== 'renamed').map((d) => d.guid);
		// the platform's first attempts, a minute before the restart
		const original = new Date(Date.now() - 60_000);
		original.setMilliseconds(0);
		for (const delivery of failed) delivery.delivered_at = original.toISOString().replace('.000Z', 'Z');

		await t.harness.resume();
		srv.resetRequests();
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		await startedAll(t, missed);
		expect(logReads()).toEqual([`GET /orgs/${ORG}/hooks/${hook.id}/deliveries`]);
		const askedFor = redeliveryRequests().map((call) => hook.deliveries.find((d) => d.id === Number(/deliveries\/(\d+)\/attempts$/.exec(call)![1]))!);
		expect(askedFor.map((d) => `${d.event}/${d.action}`)).toEqual(['organization/member_removed', 'membership/removed', 'member/removed']);
		expect(started(t).sort()).toEqual([...missed].sort());
		const events = ['organizationMembershipChanged', 'teamMembershipChanged', 'repositoryAccessChanged'];
		missed.forEach((guid, index) => {
			expect(itemsByGuid(t).get(guid)).toEqual([expect.objectContaining({ event: events[index], deliveryId: guid, recovered: true, deliveredAt: original.toISOString() })]);
		});

		// the next start with nothing missed: no redelivery, no execution
		srv.resetRequests();
		const before = t.harness.deliveries.length;
		expect(await t.harness.hook('checkExists', 'init')).toBe(true);
		await srv.settle();
		expect(redeliveryRequests()).toEqual([]);
		expect(t.harness.deliveries.length).toBe(before);
	});
});
