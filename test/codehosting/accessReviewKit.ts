import type { CodeHostingServer } from './harness';
import { LOGIN, runCodeHosting } from './harness';

/** The organization both Access → Review test files review. */
export const ACME = 'acme';
export const byName = (value: string) => ({ __rl: true, mode: 'name', value });

/**
 * acme: base permission read; octo-user owner; alice (no two-factor authentication) and bob in
 * team developers (api write, web read), alice also in leads (api maintain); bob granted admin on
 * web directly; carol a member with the base permission only; dave an outside collaborator (read
 * on api, no two-factor authentication); erin invited; with `byEmail`, an invitation by email too.
 * frank exists and is nobody in acme (until a test invites him).
 */
export async function acme(srv: CodeHostingServer, { byEmail = true } = {}): Promise<void> {
	for (const login of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) srv.addUser(login);
	srv.setTwoFactor('alice', 'disabled');
	srv.setTwoFactor('dave', 'disabled');
	srv.addOrg(ACME, { members: { [LOGIN]: 'admin', alice: 'member', bob: 'member', carol: 'member' }, default_permission: 'pull' });
	srv.addRepo(ACME, 'api', { private: true, auto_init: true });
	srv.addRepo(ACME, 'web', { auto_init: true });
	srv.addTeam(ACME, { name: 'Developers', members: { alice: 'member', bob: 'maintainer' }, repos: { api: 'push', web: 'pull' } });
	srv.addTeam(ACME, { name: 'Leads', members: { alice: 'member' }, repos: { api: 'maintain' } });
	srv.addCollaborator(ACME, 'web', 'bob', 'admin');
	srv.addCollaborator(ACME, 'api', 'dave', 'pull');
	const invited = await runCodeHosting(srv, { parameters: { resource: 'organization', operation: 'setMembership', owner: byName(ACME), username: 'erin' } });
	expect(invited.error).toBeUndefined();
	if (byEmail) {
		const email = await runCodeHosting(srv, { parameters: { resource: 'user', operation: 'invite', organization: byName(ACME), email: 'new.hire@example.com' } });
		expect(email.error).toBeUndefined();
	}
	srv.resetRequests();
}
