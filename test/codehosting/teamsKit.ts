import type { CodeHostingServer } from './harness';
import { ORG } from './harness';

/**
 * What the team suites (access-sync, access-applyPlan) add to the seed (team developers: octo-user
 * maintainer, other-user member): organization members dev-a, dev-b, dev-c and team reviewers
 * (dev-a, dev-c members).
 */
export function seedTeams(srv: CodeHostingServer): void {
	for (const login of ['dev-a', 'dev-b', 'dev-c']) {
		srv.addUser(login);
		srv.state.orgs[ORG].members[login] = 'member';
	}
	srv.addTeam(ORG, { name: 'Reviewers', members: { 'dev-a': 'member', 'dev-c': 'member' } });
	srv.resetRequests();
}
