import type { IDataObject } from 'n8n-workflow';

import type { InviteState, MemberState, ProjectState } from '../../nodes/Governance/core/lookup';
import type { DesiredAccess } from '../../nodes/Governance/core/plan';
import { planAccess } from '../../nodes/Governance/core/plan';

// The access core's plan is a pure function: desired roster + current state → changes.

const perms = (...actions: string[]): IDataObject => ({
	items: { serviceDefault: { actions: Object.fromEntries(actions.map((action) => [action, true])) } },
});
const ADMIN = perms('admin');
const EDITOR = perms('role:editor');
const VIEWER = perms('role:viewer');

const member = (userId: string, email: string, permissions: IDataObject): MemberState => ({ userId, email, permissions, record: {} });
const invite = (inviteCode: string, email: string, permissions: IDataObject): InviteState => ({
	inviteCode,
	email,
	permissions,
	record: { _id: inviteCode, email, permissions },
});
const want = (email: string, permissions: IDataObject, ...items: number[]): DesiredAccess => ({ email, permissions, items });
const state = (members: MemberState[], invites: InviteState[] = []): ProjectState => ({ projectId: 'p1', members, invites });
const summary = (changes: ReturnType<typeof planAccess>) => changes.map((change) => `${change.action} ${change.email}`);

describe('planAccess', () => {
	test('each starting state gets the least change', () => {
		const changes = planAccess(
			[
				want('same@acme.test', EDITOR, 0),
				want('Other.Roles@ACME.test', EDITOR, 1),
				want('pending.same@acme.test', VIEWER, 2),
				want('pending.other@acme.test', VIEWER, 3),
				want('nobody@acme.test', VIEWER, 4),
			],
			state(
				[member('u1', 'same@acme.test', EDITOR), member('u2', 'other.roles@acme.test', VIEWER)],
				[invite('i1', 'Pending.Same@acme.test', VIEWER), invite('i2', 'pending.other@acme.test', ADMIN)],
			),
			{ removeOthers: false },
		);
		expect(summary(changes)).toEqual([
			'unchanged same@acme.test',
			'update Other.Roles@ACME.test',
			'unchanged pending.same@acme.test',
			'reinvite pending.other@acme.test',
			'invite nobody@acme.test',
		]);
		expect(changes[1]).toMatchObject({ userId: 'u2', fromRoles: ['viewer'], toRoles: ['editor'], permissions: EDITOR, items: [1] });
		expect(changes[2]).toMatchObject({ inviteCode: 'i1', dropInvites: [] });
		expect(changes[3].replaces?.inviteCode).toBe('i2');
		expect(changes[3]).toMatchObject({ fromRoles: ['admin'], toRoles: ['viewer'] });
		expect(changes[4]).toMatchObject({ fromRoles: [], toRoles: ['viewer'], reason: 'no access yet' });
	});

	test('removeOthers revokes members and invites that are not desired, with the member\'s own invites', () => {
		const changes = planAccess(
			[want('keep@acme.test', VIEWER, 0)],
			state(
				[member('u1', 'keep@acme.test', VIEWER), member('u2', 'Leaver@acme.test', EDITOR)],
				[invite('i1', 'leaver@ACME.test', VIEWER), invite('i2', 'stranger@acme.test', EDITOR), invite('i3', 'stranger@acme.test', VIEWER)],
			),
			{ removeOthers: true },
		);
		expect(summary(changes)).toEqual(['unchanged keep@acme.test', 'revoke Leaver@acme.test', 'revoke stranger@acme.test']);
		expect(changes[1]).toMatchObject({ userId: 'u2', toRoles: [], reason: 'member not in the roster' });
		expect(changes[1].dropInvites.map((entry) => entry.inviteCode)).toEqual(['i1']);
		expect(changes[2].dropInvites.map((entry) => entry.inviteCode)).toEqual(['i2', 'i3']);
		expect(changes[2].userId).toBeUndefined();
	});

	test('the key\'s own user and (without Manage Admins) admins are never changed or removed', () => {
		const current = state([
			member('self', 'me@acme.test', ADMIN),
			member('boss', 'boss@acme.test', ADMIN),
			member('dev', 'dev@acme.test', EDITOR),
		]);
		const protectedRules = { removeOthers: true, protectedUserIds: new Set(['self']), protectAdmins: true };
		const kept = planAccess([want('boss@acme.test', VIEWER, 0)], current, protectedRules);
		expect(summary(kept)).toEqual(['unchanged boss@acme.test', 'revoke dev@acme.test', 'unchanged me@acme.test']);
		expect(kept[0]).toMatchObject({ reason: 'admin: left as is (Manage Admins is off)', toRoles: ['admin'] });
		expect(kept[2].reason).toMatch(/own user/);

		const managed = planAccess([want('boss@acme.test', VIEWER, 0)], current, { ...protectedRules, protectAdmins: false });
		expect(summary(managed)).toEqual(['update boss@acme.test', 'revoke dev@acme.test', 'unchanged me@acme.test']);
	});

	test('a matching invite is kept and further ones for the same email are deleted', () => {
		const [change] = planAccess(
			[want('twice@acme.test', EDITOR, 0)],
			state([], [invite('i1', 'twice@acme.test', VIEWER), invite('i2', 'TWICE@acme.test', EDITOR)]),
			{ removeOthers: false },
		);
		expect(change).toMatchObject({ action: 'update', inviteCode: 'i2' });
		expect(change.dropInvites.map((entry) => entry.inviteCode)).toEqual(['i1']);
	});

	test('the same roster against the state it produced plans nothing but unchanged', () => {
		const desired = [want('a@acme.test', EDITOR, 0), want('b@acme.test', perms('role:viewer', 'role:editor'), 1)];
		const changes = planAccess(
			desired,
			state([member('ua', 'A@acme.test', EDITOR)], [invite('ib', 'b@acme.test', perms('role:editor', 'role:viewer'))]),
			{ removeOthers: true, protectAdmins: true },
		);
		expect(changes.every((change) => change.action === 'unchanged')).toBe(true);
	});

	test('an empty state and roster plan nothing; permissions compare by what they grant', () => {
		expect(planAccess([], state([]), { removeOthers: true })).toEqual([]);
		const [change] = planAccess(
			[want('x@acme.test', EDITOR, 0)],
			state([member('ux', 'x@acme.test', { items: { serviceDefault: { actions: { 'role:editor': true, admin: false } } } })]),
			{ removeOthers: false },
		);
		expect(change.action).toBe('unchanged');
	});
});
