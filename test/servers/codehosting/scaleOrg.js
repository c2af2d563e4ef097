'use strict';
/**
 * A large organization in the GitHub stand-in, as the access benches and the e2e use it:
 * `repos` repositories and `people` people (octo-user and two more owners; one person in 7 an
 * outside collaborator, each directly on three repositories), base permission read, `teams` teams
 * (20 unless said; each about a third of the repositories at read, write or maintain, and an equal
 * share of the members, the first of them its maintainer), one member in 20 granted admin on one repository directly, and one pending
 * repository invitation in 50 repositories (of `invited-person`, write).
 * Answers {org, people: [logins], members, outside, repos: [names]}.
 */
const TEAMS = 20;
const INVITEE = 'invited-person';

function addScaleOrg(srv, { org = 'scale-org', repos: repoCount = 1000, people: peopleCount = 300, teams = TEAMS, owner } = {}) {
	const pad = (i) => String(i).padStart(5, '0');
	const people = Array.from({ length: peopleCount - 1 }, (_, i) => `person-${pad(i)}`);
	for (const login of people) srv.addUser(login);
	const outside = people.filter((_, i) => i % 7 === 6);
	const members = people.filter((_, i) => i % 7 !== 6);
	const roles = { [owner]: 'admin', [members[0]]: 'admin', [members[1]]: 'admin' };
	for (const login of members.slice(2)) roles[login] = 'member';
	srv.addOrg(org, { members: roles, default_permission: 'pull' });
	const repos = Array.from({ length: repoCount }, (_, i) => `repo-${pad(i)}`);
	for (const [i, name] of repos.entries()) srv.addRepo(org, name, { private: i % 2 === 0 });
	const levels = ['pull', 'push', 'maintain'];
	for (let t = 0; t < teams; t++) {
		const teamMembers = Object.fromEntries(members.slice(2).filter((_, i) => i % teams === t).map((login, i) => [login, i === 0 ? 'maintainer' : 'member']));
		const teamRepos = Object.fromEntries(repos.filter((_, i) => (i + t) % 3 === 0).map((name) => [name, levels[t % 3]]));
		srv.addTeam(org, { name: `Team ${t}`, members: teamMembers, repos: teamRepos });
	}
	const step = Math.max(1, Math.floor(repoCount / 3));
	for (const [i, login] of outside.entries()) for (let r = i % step; r < repoCount; r += step) srv.addCollaborator(org, repos[r], login, 'pull');
	for (const [i, login] of members.entries()) if (i % 20 === 5) srv.addCollaborator(org, repos[(i * 7) % repoCount], login, 'admin');
	srv.addUser(INVITEE);
	for (let r = 0; r < repoCount; r += 50) {
		const repo = srv.state.repos[`${org}/${repos[r]}`.toLowerCase()];
		repo.invitations.set(900000 + r, { id: 900000 + r, node_id: `RI_${r}`, invitee: INVITEE, inviter: owner, permission: 'push', created_at: '2026-11-01T00:00:00Z' });
	}
	return { org, people, members, outside, owners: [owner, members[0], members[1]], repos, invitee: INVITEE };
}

module.exports = { addScaleOrg };
