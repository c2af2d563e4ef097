import type { IDataObject } from 'n8n-workflow';

import type { ListReader } from './graphqlPages';
import { readPages } from './graphqlPages';

/**
 * A hundred teams and the first hundred maintainers of each (the team's own: IMMEDIATE, not its
 * child teams'), per query: by GitHub's rules 1 + 100 connection requests, 1 point. 300 teams:
 * 3 queries, 3 points; REST (`GET /orgs/{org}/teams/{team_slug}/members?role=maintainer`) would
 * be one request per team, 300.
 */
export const TEAM_MAINTAINERS_QUERY = `query OrganizationTeamMaintainers($org: String!, $after: String) {
  organization(login: $org) {
    teams(first: 100, after: $after, orderBy: {field: NAME, direction: ASC}) {
      pageInfo { hasNextPage endCursor }
      nodes {
        slug
        members(role: MAINTAINER, membership: IMMEDIATE, first: 100) {
          pageInfo { hasNextPage }
          nodes { login }
        }
      }
    }
  }
  rateLimit { cost remaining resetAt }
}`;

/** Each team's maintainers (login keys) by slug; undefined for a team whose maintainers could not be read (named as not readable). */
export interface MaintainersRead {
	maintainers: Map<string, Set<string> | undefined>;
	graphqlQueries: number;
	graphqlPoints: number;
}

const keysOf = (list: Array<IDataObject | null> | undefined) =>
	list === undefined ? undefined : new Set(list.filter((user) => typeof user?.login === 'string').map((user) => String(user!.login).toLowerCase()));

/**
 * The maintainers of the teams `slugs` of `org`: through GraphQL a hundred teams a query (a team
 * with more than a hundred maintainers, or one GraphQL did not list, is read through REST); a
 * team whose members GraphQL refuses is named as not readable. With `graphql` false (the
 * repositories were read through REST: the server refused GraphQL), or GraphQL refused from the
 * first query, one REST request per team (`?role=maintainer`).
 */
export async function readMaintainers(reader: ListReader, orgPath: string, org: string, slugs: string[], graphql: boolean): Promise<MaintainersRead> {
	const maintainers = new Map<string, Set<string> | undefined>();
	const rest = async (slug: string) =>
		keysOf(await reader.list(`${orgPath}/teams/${encodeURIComponent(slug)}/members`, `maintainers of team ${slug}`, { role: 'maintainer' }));
	let graphqlQueries = 0;
	let graphqlPoints = 0;
	if (graphql && slugs.length > 0) {
		const wanted = new Set(slugs.map((slug) => slug.toLowerCase()));
		const read = await readPages(reader, {
			operationName: 'OrganizationTeamMaintainers',
			query: TEAM_MAINTAINERS_QUERY,
			org,
			connection: 'teams',
			perNode: 'members',
			what: `teams of ${org}`,
			onPage: async (nodes, refusedAt) => {
				for (const [index, node] of nodes.entries()) {
					const slug = typeof node?.slug === 'string' ? node.slug : undefined;
					if (slug === undefined || !wanted.has(slug.toLowerCase())) continue;
					const members = node!.members as IDataObject | null;
					if (!members) {
						reader.refused(`maintainers of team ${slug}`, refusedAt.get(index) ?? 'GraphQL answered no members');
						maintainers.set(slug.toLowerCase(), undefined);
					} else if ((members.pageInfo as IDataObject).hasNextPage === true) {
						maintainers.set(slug.toLowerCase(), await rest(slug));
					} else {
						maintainers.set(slug.toLowerCase(), keysOf(members.nodes as Array<IDataObject | null>));
					}
				}
			},
		});
		if (read.refused === undefined) {
			graphqlQueries = read.queries;
			graphqlPoints = read.points;
		}
	}
	const bySlug = new Map<string, Set<string> | undefined>();
	for (const slug of slugs) bySlug.set(slug, maintainers.has(slug.toLowerCase()) ? maintainers.get(slug.toLowerCase()) : await rest(slug));
	return { maintainers: bySlug, graphqlQueries, graphqlPoints };
}
