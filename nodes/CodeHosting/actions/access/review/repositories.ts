import type { IDataObject } from 'n8n-workflow';

import type { ListReader } from './graphqlPages';
import { readPages } from './graphqlPages';
import type { Level } from './levels';
import { LEVEL_OF, levelOfPermissions, levelOfRole } from './levels';

/** A repository of the organization with the people it names directly (direct and outside collaborators). */
export interface RepositoryRead {
	fullName: string;
	private: boolean;
	direct: Array<{ login: string; level: Level }>;
}

/** How the repositories and their direct collaborators were read, and what it cost. */
export interface RepositoriesRead {
	repositories: RepositoryRead[];
	/** 'GraphQL', or 'REST' with why GraphQL was not used. */
	via: string;
	graphqlQueries: number;
	graphqlPoints: number;
}

/**
 * A hundred repositories and the first hundred direct collaborators of each, per query: by
 * GitHub's rules 1 + 100 connection requests, 1 point (REST: one request per repository).
 */
export const REPOSITORIES_QUERY = `query OrganizationRepositories($org: String!, $after: String) {
  organization(login: $org) {
    repositories(first: 100, after: $after, orderBy: {field: NAME, direction: ASC}) {
      pageInfo { hasNextPage endCursor }
      nodes {
        nameWithOwner
        isPrivate
        collaborators(affiliation: DIRECT, first: 100) {
          pageInfo { hasNextPage }
          edges { permission permissionSources { permission source { __typename } } node { login } }
        }
      }
    }
  }
  rateLimit { cost remaining resetAt }
}`;

/** The direct grant of a GraphQL collaborator edge: the permission the repository itself gives, else (no sources) the edge's. */
function directLevel(edge: IDataObject): Level | undefined {
	const sources = Array.isArray(edge.permissionSources) ? (edge.permissionSources as IDataObject[]) : [];
	const own = sources.find((source) => (source.source as IDataObject | null)?.__typename === 'Repository');
	const permission = own ? own.permission : sources.length === 0 ? edge.permission : undefined;
	return typeof permission === 'string' ? LEVEL_OF[permission.toLowerCase()] : undefined;
}

/** One repository's direct collaborators through REST (the GraphQL page held only the first hundred, or GraphQL is not used). */
async function restDirect(reader: ListReader, fullName: string): Promise<RepositoryRead['direct']> {
	const [owner, name] = fullName.split('/');
	const path = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/collaborators`;
	const direct: RepositoryRead['direct'] = [];
	for (const collaborator of (await reader.list(path, `direct collaborators of ${fullName}`, { affiliation: 'direct' })) ?? []) {
		// the permissions hash is the collaborator's own (direct) role; role_name is the highest of all grants
		const level = levelOfPermissions(collaborator.permissions) ?? levelOfRole(collaborator.role_name, undefined);
		if (level) direct.push({ login: String(collaborator.login), level });
	}
	return direct;
}

async function throughRest(reader: ListReader, orgPath: string, org: string, why: string): Promise<RepositoriesRead> {
	const repositories: RepositoryRead[] = [];
	for (const repository of (await reader.list(`${orgPath}/repos`, `repositories of ${org}`, { type: 'all' })) ?? []) {
		const fullName = String(repository.full_name);
		repositories.push({ fullName, private: repository.private === true, direct: await restDirect(reader, fullName) });
	}
	return { repositories, via: `REST (${why})`, graphqlQueries: 0, graphqlPoints: 0 };
}

/**
 * The organization's repositories and each one's direct collaborators: through GraphQL, a hundred
 * repositories a query (a repository with more than a hundred direct collaborators is read on
 * through REST); a repository whose collaborators GraphQL refuses is named as not readable.
 * Where GraphQL is refused as a whole (a server without it, an error about the query), everything
 * is read through REST, one request per repository, and `via` says why.
 */
export async function readRepositories(reader: ListReader, orgPath: string, org: string): Promise<RepositoriesRead> {
	const repositories: RepositoryRead[] = [];
	const read = await readPages(reader, {
		operationName: 'OrganizationRepositories',
		query: REPOSITORIES_QUERY,
		org,
		connection: 'repositories',
		perNode: 'collaborators',
		what: `repositories of ${org}`,
		onPage: async (nodes, refusedAt) => {
			for (const [index, node] of nodes.entries()) {
				if (!node) continue;
				const fullName = String(node.nameWithOwner);
				const collaborators = node.collaborators as IDataObject | null;
				const repository: RepositoryRead = { fullName, private: node.isPrivate === true, direct: [] };
				if (!collaborators) {
					reader.refused(`direct collaborators of ${fullName}`, refusedAt.get(index) ?? 'GraphQL answered no collaborators');
				} else if ((collaborators.pageInfo as IDataObject).hasNextPage === true) {
					repository.direct = await restDirect(reader, fullName);
				} else {
					for (const edge of (collaborators.edges as IDataObject[]) ?? []) {
						const level = directLevel(edge);
						if (level) repository.direct.push({ login: String((edge.node as IDataObject).login), level });
					}
				}
				repositories.push(repository);
			}
		},
	});
	if (read.refused !== undefined) return await throughRest(reader, orgPath, org, read.refused);
	return { repositories, via: 'GraphQL', graphqlQueries: read.queries, graphqlPoints: read.points };
}
