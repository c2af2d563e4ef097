import { grantedPermissions, rolesOf, sameEmail, samePermissions } from '../../nodes/Governance/core/permissions';

describe('permissions compared by what they grant', () => {
	test('key order and false entries do not matter', () => {
		expect(
			samePermissions(
				{ items: { serviceDefault: { actions: { 'role:viewer': true, 'role:editor': true, admin: false } } } },
				{ items: { serviceDefault: { actions: { 'role:editor': true, 'role:viewer': true } } } },
			),
		).toBe(true);
	});

	test('a group that grants nothing is the same as no group', () => {
		expect(
			samePermissions(
				{ items: { serviceDefault: { actions: { 'role:viewer': true } }, other: { actions: { admin: false } } } },
				{ items: { serviceDefault: { actions: { 'role:viewer': true } } } },
			),
		).toBe(true);
	});

	test('another group key, another action or a resource grant differs', () => {
		const viewer = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };
		expect(samePermissions(viewer, { items: { relevanceDefault: { actions: { 'role:viewer': true } } } })).toBe(false);
		expect(samePermissions(viewer, { items: { serviceDefault: { actions: { 'role:editor': true } } } })).toBe(false);
		expect(
			samePermissions(viewer, { items: { serviceDefault: { actions: { 'role:viewer': true }, resources: { agents: { a1: true } } } } }),
		).toBe(false);
	});

	test('missing or malformed permissions grant nothing', () => {
		expect(grantedPermissions(undefined)).toEqual({});
		expect(grantedPermissions({ items: [] })).toEqual({});
		expect(samePermissions(undefined, { items: {} })).toBe(true);
		expect(samePermissions(undefined, { items: { serviceDefault: { actions: { admin: true } } } })).toBe(false);
	});
});

test('rolesOf names the roles of every group, other actions by name, sorted', () => {
	expect(
		rolesOf({
			items: {
				serviceDefault: { actions: { 'role:viewer': true, 'role:editor': false } },
				relevanceDefault: { actions: { admin: true, 'agents:run': true } },
			},
		}),
	).toEqual(['admin', 'agents:run', 'viewer']);
});

test('emails compare without case and surrounding spaces', () => {
	expect(sameEmail(' Alice@Example.com', 'alice@example.com')).toBe(true);
	expect(sameEmail('alice@example.com', 'alicia@example.com')).toBe(false);
	expect(sameEmail(undefined, 'alice@example.com')).toBe(false);
});
