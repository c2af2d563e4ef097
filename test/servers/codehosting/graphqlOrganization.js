'use strict';
/**
 * The resolvers of the stand-in's OrganizationRepositories and OrganizationTeamMaintainers queries
 * (graphql.js), run by graphql-js on GitHub's schema (graphqlSchema.js): organization(login) {
 * repositories(first, after, orderBy) { nodes { collaborators(affiliation, first, after) { edges {
 * permission, permissionSources, node } } } }, teams(first, after, orderBy) { nodes { slug,
 * members(role, membership, first, after) { edges { role, node } } } } } and rateLimit. Only what
 * the store knows: repositories and teams the viewer sees, each repository's collaborators by
 * affiliation with their effective permission and its sources (the organization's role or base
 * permission, teams, the repository itself), each team's members with their role.
 */
const { typedError } = require('./graphqlSchema');

const ENUM = { pull: 'READ', triage: 'TRIAGE', push: 'WRITE', maintain: 'MAINTAIN', admin: 'ADMIN' };
const cursorOf = (index) => Buffer.from(`cursor:${index}`).toString('base64');
const indexOf = (cursor) => (typeof cursor === 'string' && cursor ? Number(Buffer.from(cursor, 'base64').toString('utf8').replace(/^cursor:/, '')) : 0);

/** One page of `list` as a GraphQL connection (first/after; the cost rules already bounded `first`). */
function connection(list, { first, after }, edgeOf = (node) => ({ node })) {
	const start = indexOf(after);
	const page = list.slice(start, start + (first ?? 100));
	const end = start + page.length;
	return {
		totalCount: list.length,
		pageInfo: { hasNextPage: end < list.length, hasPreviousPage: start > 0, startCursor: page.length ? cursorOf(start + 1) : null, endCursor: page.length ? cursorOf(end) : null },
		nodes: page,
		edges: page.map((node, i) => ({ cursor: cursorOf(start + i + 1), ...edgeOf(node) })),
	};
}

function organizationRoot(kit, who, checked) {
	const { state } = kit;
	const user = (login) => {
		const account = kit.account(login);
		return { __typename: 'User', login: account?.login ?? login, id: account?.node_id ?? `U_${login}`, databaseId: account?.id ?? null, name: account?.name ?? null };
	};

	/** What grants `login` access to `repo`: the organization (owner, base permission), teams, the repository itself. */
	function permissionSources(org, repo, login) {
		const lower = login.toLowerCase();
		const sources = [];
		const role = Object.entries(org.members).find(([member]) => member.toLowerCase() === lower)?.[1];
		const orgSource = { __typename: 'Organization', login: org.login, id: org.node_id ?? `O_${org.login}` };
		if (role === 'admin') sources.push({ permission: 'ADMIN', source: orgSource });
		else if (role && ENUM[org.default_permission]) sources.push({ permission: ENUM[org.default_permission], source: orgSource });
		for (const team of org.teams.values()) {
			const granted = team.members.has(lower) ? team.repos.get(`${repo.owner}/${repo.name}`.toLowerCase()) : undefined;
			if (granted) sources.push({ permission: ENUM[granted], source: { __typename: 'Team', slug: team.slug, name: team.name, id: team.node_id ?? `T_${team.slug}` } });
		}
		const direct = repo.collaborators.get(lower);
		if (direct) sources.push({ permission: ENUM[direct], source: { __typename: 'Repository', nameWithOwner: `${repo.owner}/${repo.name}`, id: repo.node_id } });
		return sources;
	}

	function repository(org, repo) {
		return {
			__typename: 'Repository',
			id: repo.node_id,
			name: repo.name,
			nameWithOwner: `${repo.owner}/${repo.name}`,
			isPrivate: repo.private === true,
			createdAt: repo.created_at,
			collaborators: ({ affiliation = 'ALL', first, after }) => {
				// GitHub lists collaborators to those who may push (the REST list asks the same)
				if (!kit.atLeast(repo, who.login, 'push')) throw typedError('FORBIDDEN', `${who.login} does not have permission to read the collaborators of ${repo.owner}/${repo.name}.`);
				const members = new Set(Object.keys(org.members).map((login) => login.toLowerCase()));
				const logins = new Set();
				if (affiliation !== 'OUTSIDE' && affiliation !== 'DIRECT') for (const member of members) logins.add(member);
				for (const login of repo.collaborators.keys()) if (affiliation !== 'OUTSIDE' || !members.has(login)) logins.add(login);
				const list = [...logins].filter((login) => kit.account(login)).sort((a, b) => a.localeCompare(b));
				return connection(list, { first, after }, (login) => ({
					node: user(login),
					permission: ENUM[kit.level(repo, login)],
					permissionSources: permissionSources(org, repo, login),
				}));
			},
		};
	}

	/**
	 * The teams the viewer sees (a secret team: owners and its members, as REST), by name or
	 * creation, each with members(role, membership, first, after) and its edges' role.
	 */
	function teams(org, { first, after, orderBy }) {
		const viewer = who.login.toLowerCase();
		const owner = org.members[Object.keys(org.members).find((login) => login.toLowerCase() === viewer)] === 'admin';
		const list = [...org.teams.values()].filter((team) => team.privacy !== 'secret' || owner || team.members.has(viewer));
		list.sort(orderBy?.field === 'NAME' ? (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) : (a, b) => a.id - b.id);
		if (orderBy?.direction === 'DESC') list.reverse();
		const team = (record) => ({
			__typename: 'Team',
			id: record.node_id,
			name: record.name,
			slug: record.slug,
			privacy: record.privacy === 'secret' ? 'SECRET' : 'VISIBLE',
			// no child teams in the store: IMMEDIATE and ALL list the same members
			members: ({ role, first: size, after: cursor }) => {
				const members = [...record.members.entries()].filter(([login, memberRole]) => kit.account(login) && (!role || memberRole === role.toLowerCase()));
				members.sort(([a], [b]) => a.localeCompare(b));
				const roleOf = new Map(members.map(([login, memberRole]) => [login, memberRole === 'maintainer' ? 'MAINTAINER' : 'MEMBER']));
				return connection(
					members.map(([login]) => user(login)),
					{ first: size, after: cursor },
					(node) => ({ node, role: roleOf.get(node.login.toLowerCase()) }),
				);
			},
		});
		return connection(list.map(team), { first, after });
	}

	return {
		organization: ({ login }) => {
			const org = state.orgs[String(login).toLowerCase()];
			if (!org) throw typedError('NOT_FOUND', `Could not resolve to an Organization with the login of '${login}'.`);
			return {
				__typename: 'Organization',
				login: org.login,
				teams: ({ first, after, orderBy }) => teams(org, { first, after, orderBy }),
				repositories: ({ first, after, orderBy }) => {
					const repos = Object.values(state.repos).filter((repo) => repo.owner.toLowerCase() === org.login.toLowerCase() && kit.level(repo, who.login) !== null);
					const byName = (a, b) => a.name.localeCompare(b.name);
					const byCreated = (a, b) => String(a.created_at).localeCompare(String(b.created_at)) || a.id - b.id;
					repos.sort(orderBy?.field === 'NAME' ? byName : byCreated);
					if (orderBy?.direction === 'DESC') repos.reverse();
					return connection(
						repos.map((repo) => repository(org, repo)),
						{ first, after },
					);
				},
			};
		},
		rateLimit: () => {
			const rate = state.rate.graphql;
			return {
				cost: checked.cost,
				limit: rate.limit,
				nodeCount: checked.nodeCount,
				remaining: Math.max(0, rate.remaining - checked.cost),
				used: rate.used + checked.cost,
				resetAt: new Date(rate.reset * 1000).toISOString(),
			};
		},
	};
}

module.exports = { organizationRoot };
