import type { IDataObject } from 'n8n-workflow';

import { errorText, isRateLimitError } from '../../../../shared';

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

/** One organization connection read page by page through GraphQL. */
export interface PagedQuery {
	operationName: string;
	/** The query: `$org` and `$after`, the connection under `organization`, and `rateLimit { cost remaining resetAt }`. */
	query: string;
	org: string;
	/** The connection's field under `organization` (`repositories`, `teams`). */
	connection: string;
	/** The field of each node whose errors concern that node only (a refused list of one repository or team). */
	perNode: string;
	/** What is read, for an error part-way ("repositories of acme"). */
	what: string;
	/** Each page's nodes, with the errors GitHub gave at a node's `perNode` field by the node's index. */
	onPage(nodes: Array<IDataObject | null>, refusedAt: Map<number, string>): Promise<void>;
}

/** What reading all pages cost; `refused` (nothing read) when GraphQL was refused from the first query. */
export type PagesRead = { refused: string } | { refused?: undefined; queries: number; points: number };

/** Why a GraphQL answer cannot be used whole (an error not about one node's `perNode` field, no connection), or undefined. */
function refusal(answer: GraphqlAnswer, connection: string, perNode: string): string | undefined {
	const general = (answer.errors ?? []).filter((error) => !(Array.isArray(error.path) && (error.path as unknown[]).includes(perNode)));
	if (general.length > 0) return general.map((error) => String(error.message ?? error.type)).join('; ');
	if (!(answer.data?.organization as IDataObject | undefined)?.[connection]) return `the answer has no ${connection}`;
	return undefined;
}

/**
 * Reads an organization's connection through GraphQL a page at a time. A used-up budget
 * (RATE_LIMITED with HTTP 200, or `rateLimit.remaining` below the next query's cost) is waited
 * out within the reader's wait; GraphQL refused from the first query (a server without it, an
 * error about the query) answers `refused`; refused part-way, or a rate limit that outlasted the
 * wait, stops the review.
 */
export async function readPages(reader: ListReader, paged: PagedQuery): Promise<PagesRead> {
	let after: string | null = null;
	let queries = 0;
	let points = 0;
	for (;;) {
		let refusedWith: string | undefined;
		const answer = await reader.graphql(paged.operationName, paged.query, { org: paged.org, after }).catch((error: unknown) => {
			if (isRateLimitError(error) || queries > 0) throw error;
			refusedWith = errorText(error);
			return undefined;
		});
		if (answer === undefined) return { refused: `GraphQL refused: ${refusedWith}` };
		// GraphQL answers a used-up budget with HTTP 200 and RATE_LIMITED: wait for the reset, ask again
		const limited = (answer.errors ?? []).find((error) => error.type === 'RATE_LIMITED');
		if (limited && answer.resetAt) {
			await reader.waitForReset(answer.resetAt, `GraphQL: ${String(limited.message)}`);
			continue;
		}
		queries++;
		const why = refusal(answer, paged.connection, paged.perNode);
		if (why !== undefined) {
			if (queries === 1) return { refused: `GraphQL refused: ${why}` };
			reader.fail(`GraphQL stopped answering part-way through the ${paged.what}`, `${why}. Run the review again.`);
		}
		const rateLimit = answer.data?.rateLimit as IDataObject | undefined;
		points += Number(rateLimit?.cost ?? 1);
		const page = (answer.data!.organization as IDataObject)[paged.connection] as IDataObject;
		const refusedAt = new Map<number, string>();
		for (const error of answer.errors ?? []) {
			const path = error.path as Array<string | number>;
			const index = path[path.indexOf('nodes') + 1];
			if (typeof index === 'number') refusedAt.set(index, `GraphQL ${String(error.type ?? 'error')}: ${String(error.message ?? '')}`);
		}
		await paged.onPage((page.nodes as Array<IDataObject | null>) ?? [], refusedAt);
		const info = page.pageInfo as IDataObject;
		after = info.hasNextPage === true && typeof info.endCursor === 'string' ? info.endCursor : null;
		if (after === null) return { queries, points };
		// the budget GitHub reports is used up: nothing is sent before the reset (it would only be refused)
		if (rateLimit && Number(rateLimit.remaining) < Number(rateLimit.cost ?? 1) && typeof rateLimit.resetAt === 'string') {
			await reader.waitForReset(new Date(rateLimit.resetAt), `GraphQL: ${String(rateLimit.remaining)} points left`);
		}
	}
}
