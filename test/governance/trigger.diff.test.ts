/**
 * The Governance Trigger's diff, pure (nodes/GovernanceTrigger/access.ts): two states → the items
 * of the chosen events; emails compared without case; an invite that became a member is
 * inviteAccepted; an unreadable project is one item and no removals.
 */
import type { AccessRead, AccessSnap } from '../../nodes/GovernanceTrigger/access';
import { ACCESS_EVENTS, diffAccess, snapOf, unreadableAtStart } from '../../nodes/GovernanceTrigger/access';

const AT = '2026-11-26T00:00:00.000Z';
const ALL = [...ACCESS_EVENTS];

function snap(projects: AccessSnap['p'], k?: AccessSnap['k']): AccessSnap {
	return { p: projects, ...(k ? { k } : {}) };
}
const events = (items: ReturnType<typeof diffAccess>) => items.map((item) => [item.event, item.email ?? item.userId]);

const base = snap({ p1: { n: 'Core', m: { u1: ['ada@acme.test', 'admin'], u2: ['bob@acme.test', 'viewer'] }, i: { inv1: ['Cy@Acme.test', 'editor'] } } });

describe('diffAccess', () => {

	test('no change: no item', () => {
		expect(diffAccess(base, base, ALL, AT)).toEqual([]);
	});

	test('member added, removed, roles changed (before and after), became admin', () => {
		const after = snap({ p1: { n: 'Core', m: { u2: ['bob@acme.test', 'admin,viewer'], u3: ['dee@acme.test', 'editor'] }, i: base.p.p1.i } });
		const items = diffAccess(base, after, ALL, AT);
		expect(events(items)).toEqual([
			['memberRolesChanged', 'bob@acme.test'],
			['becameAdmin', 'bob@acme.test'],
			['memberAdded', 'dee@acme.test'],
			['memberRemoved', 'ada@acme.test'],
		]);
		expect(items[0]).toEqual({
			event: 'memberRolesChanged',
			project: 'p1',
			projectName: 'Core',
			email: 'bob@acme.test',
			userId: 'u2',
			before: { roles: ['viewer'] },
			after: { roles: ['admin', 'viewer'] },
			seenAt: AT,
		});
		expect(items[2]).toMatchObject({ roles: ['editor'] });
	});

	test('a new member who is admin is memberAdded and becameAdmin; only the chosen events', () => {
		const after = snap({ p1: { ...base.p.p1, m: { ...base.p.p1.m, u9: ['eve@acme.test', 'admin'] } } });
		expect(events(diffAccess(base, after, ALL, AT))).toEqual([
			['memberAdded', 'eve@acme.test'],
			['becameAdmin', 'eve@acme.test'],
		]);
		expect(events(diffAccess(base, after, ['becameAdmin'], AT))).toEqual([['becameAdmin', 'eve@acme.test']]);
		expect(diffAccess(base, after, ['memberRemoved'], AT)).toEqual([]);
	});

	test('an invite gone and a member with its email (any case) is inviteAccepted, or memberAdded without that event', () => {
		const after = snap({ p1: { n: 'Core', m: { ...base.p.p1.m, u4: ['cy@acme.test', 'editor'] }, i: {} } });
		expect(diffAccess(base, after, ALL, AT)).toEqual([
			{ event: 'inviteAccepted', project: 'p1', projectName: 'Core', email: 'cy@acme.test', userId: 'u4', inviteCode: 'inv1', roles: ['editor'], seenAt: AT },
		]);
		expect(events(diffAccess(base, after, ['memberAdded', 'inviteDeleted'], AT))).toEqual([['memberAdded', 'cy@acme.test']]);
	});

	test('invites created and deleted', () => {
		const after = snap({ p1: { n: 'Core', m: base.p.p1.m, i: { inv2: ['fay@acme.test', 'viewer'] } } });
		expect(diffAccess(base, after, ALL, AT).map((item) => [item.event, item.inviteCode, item.email])).toEqual([
			['inviteCreated', 'inv2', 'fay@acme.test'],
			['inviteDeleted', 'inv1', 'Cy@Acme.test'],
		]);
	});

	test('a project becomes unreadable: one item, once, no removals; read again, what changed meanwhile', () => {
		const read: AccessRead = { projects: { p1: { name: 'Core', unreadable: 'members: forbidden' } } };
		const blind = snapOf(read, base);
		expect(diffAccess(base, blind, ALL, AT)).toEqual([
			{ event: 'projectUnreadable', project: 'p1', projectName: 'Core', reason: 'members: forbidden', unreadablePart: 'members', needs: 'member (any role)', seenAt: AT },
		]);
		expect(blind.p.p1.m).toEqual(base.p.p1.m);
		expect(diffAccess(blind, snapOf(read, blind), ALL, AT)).toEqual([]);
		const again = snap({ p1: { n: 'Core', m: { u1: base.p.p1.m.u1 }, i: base.p.p1.i } });
		expect(events(diffAccess(blind, again, ALL, AT))).toEqual([['memberRemoved', 'bob@acme.test']]);
	});

	test('a project first seen is taken as seen; first seen unreadable, it is one projectUnreadable naming what the key needs', () => {
		const after = snap({ ...base.p, p2: { m: { u1: ['ada@acme.test', 'admin'] }, i: {} } });
		expect(diffAccess(base, after, ALL, AT)).toEqual([]);
		const blind = snap({ ...base.p, p3: { n: 'Ops', m: {}, i: {}, u: 'invites: needs Admin (HTTP 403)' } });
		expect(diffAccess(base, blind, ALL, AT)).toEqual([
			{ event: 'projectUnreadable', project: 'p3', projectName: 'Ops', reason: 'invites: needs Admin (HTTP 403)', unreadablePart: 'invites', needs: 'Admin', seenAt: AT },
		]);
		expect(diffAccess(blind, blind, ALL, AT)).toEqual([]);
	});

	test('invites never read (no invite event, the key not Admin) are not compared; once read, they are', () => {
		const unread = snap({ p1: { ...base.p.p1, i: {}, ni: true } });
		const read = snap({ p1: { ...base.p.p1, i: { inv7: ['gil@acme.test', 'viewer'] } } });
		expect(diffAccess(unread, read, ALL, AT)).toEqual([]);
		expect(diffAccess(base, unread, ALL, AT)).toEqual([]);
		expect(events(diffAccess(read, base, ALL, AT))).toEqual([['inviteCreated', 'Cy@Acme.test'], ['inviteDeleted', 'gil@acme.test']]);
	});

	test('API keys created and deleted, for members seen before; keys of someone new are taken as seen', () => {
		const before = snap(base.p, { u1: { k1: 'laptop' }, u2: {} });
		const after = snap({ p1: { ...base.p.p1, m: { ...base.p.p1.m, u5: ['gus@acme.test', 'viewer'] } } }, { u1: {}, u2: { k2: 'ci' }, u5: { k5: '' } });
		expect(diffAccess(before, after, ['apiKeyCreated', 'apiKeyDeleted'], AT)).toEqual([
			{ event: 'apiKeyDeleted', project: 'p1', projectName: 'Core', email: 'ada@acme.test', userId: 'u1', keyId: 'k1', keyLabel: 'laptop', seenAt: AT },
			{ event: 'apiKeyCreated', project: 'p1', projectName: 'Core', email: 'bob@acme.test', userId: 'u2', keyId: 'k2', keyLabel: 'ci', seenAt: AT },
		]);
	});
});

describe('unreadableAtStart', () => {
	test('one item naming every project the key cannot read and what it needs; none when it reads them all', () => {
		const start = snap({
			p1: base.p.p1,
			p2: { n: 'Finance', m: {}, i: {}, u: 'invites: This action needs the Admin permission in the project (HTTP 403)' },
			p3: { m: {}, i: {}, u: 'members: Key has no access to this project (HTTP 401)' },
		});
		expect(unreadableAtStart(start, AT)).toEqual({
			event: 'projectUnreadable',
			atStart: true,
			projects: [
				{ project: 'p2', projectName: 'Finance', reason: 'invites: This action needs the Admin permission in the project (HTTP 403)', unreadablePart: 'invites', needs: 'Admin' },
				{ project: 'p3', reason: 'members: Key has no access to this project (HTTP 401)', unreadablePart: 'members', needs: 'member (any role)' },
			],
			message: 'The key cannot read 2 of 3 project(s), which are not watched: Finance (invites: needs Admin), p3 (members: needs member (any role))',
			seenAt: AT,
		});
		expect(unreadableAtStart(base, AT)).toBeUndefined();
	});
});

describe('snapOf', () => {
	test('invites the key may not list: kept as before, or marked never read', () => {
		const read: AccessRead = { projects: { p1: { members: base.p.p1.m, invites: {}, invitesUnread: true } } };
		expect(snapOf(read, base).p.p1).toEqual({ m: base.p.p1.m, i: base.p.p1.i });
		expect(snapOf(read).p.p1).toEqual({ m: base.p.p1.m, i: {}, ni: true });
	});

	test('keys of members as read, or as before where they could not be read; none of people who left', () => {
		const before = snap({ p1: { m: { u1: ['a@x.test', 'admin'], u2: ['b@x.test', 'viewer'] }, i: {} } }, { u1: { k1: '' }, u2: { k2: '' } });
		const read: AccessRead = { projects: { p1: { members: { u1: ['a@x.test', 'admin'], u3: ['c@x.test', 'viewer'] }, invites: {} } }, keys: { u3: { k3: '' } } };
		expect(snapOf(read, before).k).toEqual({ u1: { k1: '' }, u3: { k3: '' } });
	});
});
