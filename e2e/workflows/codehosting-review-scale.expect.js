'use strict';
const { NODE_OPERATIONS: NODE_OPS } = require('../lib/matrix');
const { addScaleOrg } = require('../../test/servers/codehosting/scaleOrg');
/*
 * Code Hosting Access → Review at the size of the companies that need it (issue 47), in a real
 * n8n: the stand-in's scale-org of 1,000 repositories and 300 people (base permission read, 20
 * teams each reaching about a third of the repositories, direct and outside grants, pending
 * repository invitations; test/servers/codehosting/scaleOrg.js), reviewed with the defaults
 * (Output: Per Person, Include Repository Invitations). Checked: one item per person, per team
 * and per pending invitation and a complete summary; a sample of people against GitHub's rules
 * as the stand-in applies them (its level(): owner, base permission, teams, direct grants); the
 * reads (GraphQL for the repositories, 10 queries, and no request per person).
 */
const REPOS = 1000;
const PEOPLE = 300;
let org;

module.exports = {
	// runs on the oldest and the newest n8n only (e2e/README.md, "What runs where")
	oldestAndNewest: NODE_OPS,
	servers: ['codehosting'],
	prepare({ codehosting: { server, constants } }) {
		org = addScaleOrg(server, { repos: REPOS, people: PEOPLE, owner: constants.LOGIN });
		server.resetRequests();
	},
	check({ assert, items, codehosting: { server, requests } }) {
		const output = items('Review Access');
		const people = output.filter((item) => item.kind === 'person');
		const summary = output.at(-1);
		assert.equal(people.length, PEOPLE, 'one item per person (the invitee, invited to repositories only, is none)');
		assert.equal(output.filter((item) => item.kind === 'team').length, 20, 'one item per team');
		assert.equal(output.filter((item) => item.kind === 'invitation' && item.scope === 'repository').length, REPOS / 50, 'each pending repository invitation');
		assert.deepStrictEqual(
			{ kind: summary.kind, complete: summary.complete, people: summary.people, repositories: summary.repositories, teams: summary.teams, readThrough: summary.readThrough, notReadable: summary.notReadable },
			{ kind: 'summary', complete: true, people: PEOPLE, repositories: REPOS, teams: 20, readThrough: 'GraphQL', notReadable: [] },
		);

		// a sample of people against GitHub's rules: what each reaches, repository by repository
		const repos = org.repos.map((name) => server.state.repos[`${org.org}/${name}`]);
		const LEVEL = { pull: 'read', triage: 'triage', push: 'write', maintain: 'maintain', admin: 'admin' };
		const ORDER = ['admin', 'maintain', 'write', 'triage', 'read'];
		const sample = [...org.owners, ...org.members.filter((_, i) => i % 13 === 5), ...org.outside.filter((_, i) => i % 5 === 0)];
		assert.ok(sample.length >= 20, 'a sample of at least 20 people');
		for (const login of sample) {
			const person = people.find((item) => item.login === login);
			assert.ok(person, `${login} is in the review`);
			const role = org.owners.includes(login) ? 'owner' : org.outside.includes(login) ? 'outside collaborator' : 'member';
			assert.equal(person.role, role, `${login}: organization role`);
			const base = role === 'owner' ? 'admin' : role === 'member' ? 'read' : 'none';
			assert.equal(person.basePermission, base, `${login}: base permission`);
			assert.equal(person.baseRepositories, base === 'none' ? 0 : REPOS, `${login}: repositories at the base permission`);
			// above the base: each repository's effective level by GitHub's rules (an outside
			// collaborator's only grants are direct: a public repository's read is no grant)
			const rank = (level) => (level === 'none' ? 0 : ORDER.length - ORDER.indexOf(level));
			const counts = {};
			for (const repo of repos) {
				const level = role === 'outside collaborator' ? (repo.collaborators.has(login) ? LEVEL[repo.collaborators.get(login)] : undefined) : LEVEL[server.level(repo, login)];
				if (level && rank(level) > rank(base)) counts[level] = (counts[level] ?? 0) + 1;
			}
			const expected = ORDER.filter((level) => counts[level] > 0).map((level) => [level, counts[level]]);
			assert.deepStrictEqual(person.aboveBase.map((group) => [group.permission, group.count]), expected, `${login}: above the base permission`);
		}

		// reads only: 10 GraphQL queries for 1,000 repositories and 1 for the 20 teams' maintainers, one
		// REST read per repository for its pending invitations, lists for the rest; nothing per person
		const ours = requests.filter((r) => r.path === '/graphql' || r.path.includes(org.org));
		assert.deepStrictEqual(ours.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`), Array(REPOS / 100 + 1).fill('POST /graphql'), 'reads only');
		const operations = ours.filter((r) => r.path === '/graphql').map((r) => JSON.parse(r.body).operationName);
		assert.deepStrictEqual(operations, [...Array(REPOS / 100).fill('OrganizationRepositories'), 'OrganizationTeamMaintainers'], 'a GraphQL query per 100 repositories, one per 100 teams');
		assert.ok(output.filter((item) => item.kind === 'team').every((team) => Array.isArray(team.maintainers) && team.maintainers.length === 1), 'each team names its maintainer');
		assert.equal(ours.filter((r) => /\/invitations$/.test(r.path) && r.path.startsWith('/repos/')).length, REPOS, 'a repository invitations read per repository');
		assert.ok(!ours.some((r) => /\/collaborators/.test(r.path) && r.path.startsWith('/repos/')), 'no REST read of collaborators');
		// the lists: each team's members (1 page) and repositories (4 pages of 100), the organization's few
		assert.ok(ours.length <= REPOS + REPOS / 100 + 1 + 20 * 5 + 15, `${ours.length} requests`);
	},
};
