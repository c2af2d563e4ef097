import type { IDataObject } from 'n8n-workflow';

import { errorText, isRateLimitError } from '../../../../shared';
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

/** A GraphQL answer as GitHub sends it, and when its budget resets (x-ratelimit-reset). */
export interface GraphqlAnswer {
	data?: IDataObject | null;
	errors?: IDataObject[];
	resetAt?: Date;
}

/** What the review reads with: REST lists (refusals named) and GraphQL queries (raw answers, retries and waits as the lists). */
export interface ListReader {
	list(path: string, reading: string, qs?: IDataObject): Promise<IDataObject[] | undefined>;
	graphql(operationName: string, query: string, variables: IDataObject): Promise<GraphqlAnswer>;
	refused(reading: string, error: string): void;
	/** Stops the review with an error for the item. */
	fail(message: string, description: string): never;
	/** Waits until `resetAt` before the next query (GitHub reported the budget used up), within the wait allowed. */
	waitForReset(resetAt: Date, budget: string): Promise<void>;
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

/** Why a GraphQL answer cannot be used whole (an error not about one repository's collaborators), or undefined. */
function refusal(answer: GraphqlAnswer): string | undefined {
	const general = (answer.errors ?? []).filter((error) => !(Array.isArray(error.path) && (error.path as unknown[]).includes('collaborators')));
	if (general.length > 0) return general.map((error) => String(error.message ?? error.type)).join('; ');
	if (!(answer.data?.organization as IDataObject | undefined)?.repositories) return 'the answer has no repositories';
	return undefined;
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
	let after: string | null = null;
	let graphqlQueries = 0;
	let graphqlPoints = 0;
	for (;;) {
		let refusedWith: string | undefined;
		const answer = await reader.graphql('OrganizationRepositories', REPOSITORIES_QUERY, { org, after }).catch((error: unknown) => {
			// a rate limit that outlasted the wait, or a failure after the first page, stops the review;
			// GraphQL refused from the start (a server without it) is read through REST instead
			if (isRateLimitError(error) || graphqlQueries > 0) throw error;
			refusedWith = errorText(error);
			return undefined;
		});
		if (answer === undefined) return await throughRest(reader, orgPath, org, `GraphQL refused: ${refusedWith}`);
		// GraphQL answers a used-up budget with HTTP 200 and RATE_LIMITED: wait for the reset, ask again
		const limited = (answer.errors ?? []).find((error) => error.type === 'RATE_LIMITED');
		if (limited && answer.resetAt) {
			await reader.waitForReset(answer.resetAt, `GraphQL: ${String(limited.message)}`);
			continue;
		}
		graphqlQueries++;
		const why = refusal(answer);
		if (why !== undefined) {
			if (graphqlQueries === 1) return await throughRest(reader, orgPath, org, `GraphQL refused: ${why}`);
			reader.fail(`GraphQL stopped answering part-way through the repositories of ${org}`, `${why}. Run the review again.`);
		}
		const rateLimit = answer.data?.rateLimit as IDataObject | undefined;
		graphqlPoints += Number(rateLimit?.cost ?? 1);
		const page = (answer.data!.organization as IDataObject).repositories as IDataObject;
		const nodes = (page.nodes as Array<IDataObject | null>) ?? [];
		const refusedAt = new Map<number, string>();
		for (const error of answer.errors ?? []) {
			const path = error.path as Array<string | number>;
			const index = path[path.indexOf('nodes') + 1];
			if (typeof index === 'number') refusedAt.set(index, `GraphQL ${String(error.type ?? 'error')}: ${String(error.message ?? '')}`);
		}
		for (const [index, node] of nodes.entries()) {
			if (!node) continue;
			const fullName = String(node.nameWithOwner);
			const collaborators = node.collaborators as IDataObject | null;
			const read: RepositoryRead = { fullName, private: node.isPrivate === true, direct: [] };
			if (!collaborators) {
				reader.refused(`direct collaborators of ${fullName}`, refusedAt.get(index) ?? 'GraphQL answered no collaborators');
			} else if ((collaborators.pageInfo as IDataObject).hasNextPage === true) {
				read.direct = await restDirect(reader, fullName);
			} else {
				for (const edge of (collaborators.edges as IDataObject[]) ?? []) {
					const level = directLevel(edge);
					if (level) read.direct.push({ login: String((edge.node as IDataObject).login), level });
				}
			}
			repositories.push(read);
		}
		const info = page.pageInfo as IDataObject;
		after = info.hasNextPage === true && typeof info.endCursor === 'string' ? info.endCursor : null;
		// the budget GitHub reports is used up: nothing is sent before the reset (it would only be refused)
		if (after !== null && rateLimit && Number(rateLimit.remaining) < Number(rateLimit.cost ?? 1) && typeof rateLimit.resetAt === 'string') {
			await reader.waitForReset(new Date(rateLimit.resetAt), `GraphQL: ${String(rateLimit.remaining)} points left`);
		}
		if (after === null) break;
	}
	return { repositories, via: 'GraphQL', graphqlQueries, graphqlPoints };
}
