/** The stand-in's GraphQL against GitHub's public schema: validation, GitHub's point cost and limits, the organization query. */
import type { CodeHostingServer } from '../servers/codehosting/server';
import { call, startServer } from './harness';

let srv: CodeHostingServer;
beforeAll(async () => {
	srv = await startServer();
});
afterAll(async () => {
	await srv.stop();
});

const graphql = (body: unknown) => call(srv, 'POST', '/graphql', { body });
const used = async (body: unknown) => {
	const before = Number((await call(srv, 'GET', '/rate_limit')).json.resources.graphql.used);
	const answer = await graphql(body);
	const after = Number((await call(srv, 'GET', '/rate_limit')).json.resources.graphql.used);
	return { answer, points: after - before };
};

test('a field GitHub\'s schema does not have is refused with GitHub\'s error, and nothing runs', async () => {
	const answer = await graphql({ query: 'query { viewer { loginx } }' });
	expect(answer.status).toBe(200);
	expect(answer.json).toEqual({ errors: [expect.objectContaining({ message: 'Cannot query field "loginx" on type "User". Did you mean "login"?' })] });
});

test('a connection without first or last, or above 100, is refused as GitHub refuses it', async () => {
	const missing = await graphql({ query: 'query { organization(login: "octo-org") { repositories { nodes { name } } } }' });
	expect(missing.json.errors).toEqual([expect.objectContaining({ type: 'MISSING_PAGINATION_BOUNDARIES' })]);
	const excessive = await graphql({ query: 'query { organization(login: "octo-org") { repositories(first: 101) { nodes { name } } } }' });
	expect(excessive.json.errors).toEqual([expect.objectContaining({ type: 'EXCESSIVE_PAGINATION', message: expect.stringMatching(/Requesting 101 records/) })]);
});

test('cost by GitHub\'s rules: 100 repositories × 100 collaborators is 101 requests, 1 point; docs\' example 5,101 requests, 51 points', async () => {
	const small = await used({
		query: 'query OrganizationRepositories($org: String!) { organization(login: $org) { repositories(first: 100) { nodes { collaborators(affiliation: DIRECT, first: 100) { edges { permission node { login } } } } } } rateLimit { cost nodeCount remaining } }',
		variables: { org: 'octo-org' },
		operationName: 'OrganizationRepositories',
	});
	expect(small.answer.json.data.rateLimit).toMatchObject({ cost: 1, nodeCount: 10100 });
	expect(small.points).toBe(1);
	// GitHub's documented example: repositories(first: 100) → issues(first: 50) → labels(first: 60)
	const docs = await used({
		query: 'query OrganizationRepositories($org: String!) { organization(login: $org) { repositories(first: 100) { nodes { issues(first: 50) { nodes { labels(first: 60) { nodes { name } } } } } } } }',
		variables: { org: 'octo-org' },
		operationName: 'OrganizationRepositories',
	});
	expect(docs.points).toBe(51);
});

test('organization repositories with their direct collaborators: the effective permission and what grants it', async () => {
	const answer = await graphql({
		query: `query OrganizationRepositories($org: String!) { organization(login: $org) { repositories(first: 10, orderBy: {field: NAME, direction: ASC}) {
			pageInfo { hasNextPage } nodes { nameWithOwner isPrivate collaborators(affiliation: DIRECT, first: 10) { edges { permission permissionSources { permission source { __typename } } node { login } } } } } } }`,
		variables: { org: 'octo-org' },
		operationName: 'OrganizationRepositories',
	});
	expect(answer.json.errors).toBeUndefined();
	const repo = answer.json.data.organization.repositories.nodes.find((node: { nameWithOwner: string }) => node.nameWithOwner === 'octo-org/org-repo');
	expect(repo.collaborators.edges).toEqual([{ permission: 'READ', permissionSources: [{ permission: 'READ', source: { __typename: 'Repository' } }], node: { login: 'outside-user' } }]);
});

test('an organization that does not exist: data null there and a NOT_FOUND error at its path', async () => {
	const answer = await graphql({ query: 'query OrganizationRepositories { organization(login: "nobody-here") { repositories(first: 1) { nodes { name } } } }', operationName: 'OrganizationRepositories' });
	expect(answer.json).toEqual({ data: { organization: null }, errors: [expect.objectContaining({ type: 'NOT_FOUND', path: ['organization'] })] });
});
