/** The GraphQL sliver: ProjectFields, ProjectItems, UpdateItemStatus, errors like GitHub's. */
import type { CodeHostingServer } from '../servers/codehosting/server';
import { TOKEN } from '../servers/codehosting/server';
import { call, startServer } from './harness';

let srv: CodeHostingServer;
beforeAll(async () => {
	srv = await startServer();
});
afterAll(async () => {
	await srv.stop();
});

const FIELDS_ORG = `query ProjectFields($owner: String!, $number: Int!) {
  organization(login: $owner) { projectV2(number: $number) { id title fields(first: 100) { nodes {
    ... on ProjectV2FieldCommon { id name } ... on ProjectV2SingleSelectField { options { id name } } } } } }
}`;
const FIELDS_USER = FIELDS_ORG.replace('organization(login:', 'user(login:');
const UPDATE = `mutation UpdateItemStatus($projectId: ID!, $itemId: ID!, $fieldId: ID!, $optionId: String!) {
  updateProjectV2ItemFieldValue(input: {projectId: $projectId, itemId: $itemId, fieldId: $fieldId, value: {singleSelectOptionId: $optionId}}) { projectV2Item { id } }
}`;

const graphql = (body: unknown, path = '/graphql', headers: Record<string, string | undefined> = {}) => call(srv, 'POST', path, { body, headers });

test('ProjectFields of an organization project lists fields and single-select options', async () => {
	const answer = await graphql({ query: FIELDS_ORG, variables: { owner: 'octo-org', number: 1 }, operationName: 'ProjectFields' });
	expect(answer.status).toBe(200);
	expect(answer.headers.get('x-ratelimit-resource')).toBe('graphql');
	const project = answer.json.data.organization.projectV2;
	expect(project).toMatchObject({ id: 'PVT_kwDOAOrgProj01', title: 'Org Roadmap' });
	const status = project.fields.nodes.find((field: { name: string }) => field.name === 'Status');
	expect(status).toEqual(expect.objectContaining({ id: 'PVTSSF_lADOAOrgStatus', options: [{ id: 'f75ad846', name: 'Todo' }, { id: '47fc9ee4', name: 'In Progress' }, { id: '98236657', name: 'Done' }] }));
});

test('ProjectFields of a user project, also at /api/graphql; the operation name may come from the text', async () => {
	const answer = await graphql({ query: FIELDS_USER, variables: { owner: 'octo-user', number: 1 } }, '/api/graphql');
	expect(answer.json.data.user.projectV2).toMatchObject({ id: 'PVT_kwHOAUserProj01', title: 'Personal board' });
});

test('unknown owners and project numbers are NOT_FOUND errors with HTTP 200', async () => {
	const noProject = await graphql({ query: FIELDS_ORG, variables: { owner: 'octo-org', number: 9 }, operationName: 'ProjectFields' });
	expect(noProject.status).toBe(200);
	expect(noProject.json.errors[0]).toMatchObject({ type: 'NOT_FOUND', message: 'Could not resolve to a ProjectV2 with the number 9.' });
	const noOrg = await graphql({ query: FIELDS_ORG, variables: { owner: 'nobody', number: 1 }, operationName: 'ProjectFields' });
	expect(noOrg.json).toMatchObject({ data: { organization: null }, errors: [{ type: 'NOT_FOUND' }] });
	const badVariables = await graphql({ query: FIELDS_ORG, variables: { owner: 'octo-org', number: '1' }, operationName: 'ProjectFields' });
	expect(badVariables.json.errors[0].message).toBe('Variable $number of type Int! was provided invalid value');
});

test('UpdateItemStatus changes the item state; wrong ids are NOT_FOUND', async () => {
	const variables = { projectId: 'PVT_kwDOAOrgProj01', itemId: 'PVTI_lADOAOrgItem001', fieldId: 'PVTSSF_lADOAOrgStatus', optionId: '98236657' };
	const answer = await graphql({ query: UPDATE, variables, operationName: 'UpdateItemStatus' });
	expect(answer.json).toEqual({ data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI_lADOAOrgItem001' } } } });
	expect(srv.state.projects.PVT_kwDOAOrgProj01.items.get('PVTI_lADOAOrgItem001')?.values.PVTSSF_lADOAOrgStatus).toBe('98236657');
	const items = await graphql({ query: 'query ProjectItems($owner: String!, $number: Int!) { organization(login: $owner) { projectV2(number: $number) { items(first: 10) { nodes { id } } } } }', variables: { owner: 'octo-org', number: 1 } });
	expect(items.json.data.organization.projectV2.items.nodes[0]).toMatchObject({ id: 'PVTI_lADOAOrgItem001', fieldValueByName: { name: 'Done' }, content: { __typename: 'Issue', number: 1 } });
	for (const [name, value] of Object.entries({ projectId: 'PVT_nope', itemId: 'PVTI_nope', fieldId: 'PVTSSF_nope' })) {
		const wrong = await graphql({ query: UPDATE, variables: { ...variables, [name]: value }, operationName: 'UpdateItemStatus' });
		expect(wrong.status).toBe(200);
		expect(wrong.json.errors[0]).toMatchObject({ type: 'NOT_FOUND', message: `Could not resolve to a node with the global id of '${value}'` });
	}
	const wrongOption = await graphql({ query: UPDATE, variables: { ...variables, optionId: 'nope' }, operationName: 'UpdateItemStatus' });
	expect(wrongOption.json.errors[0].message).toMatch(/option/);
});

test('a token without the project scope is refused by the mutation', async () => {
	srv.addToken('ghp_noProjectScope', 'octo-user', ['repo']);
	const answer = await graphql(
		{ query: UPDATE, variables: { projectId: 'PVT_kwDOAOrgProj01', itemId: 'PVTI_lADOAOrgItem001', fieldId: 'PVTSSF_lADOAOrgStatus', optionId: 'f75ad846' }, operationName: 'UpdateItemStatus' },
		'/graphql',
		{ authorization: 'Bearer ghp_noProjectScope' },
	);
	expect(answer.json.errors[0].type).toBe('INSUFFICIENT_SCOPES');
});

test('auth, Accept and unsupported operations', async () => {
	expect((await graphql({ query: FIELDS_ORG }, '/graphql', { authorization: undefined })).status).toBe(401);
	expect((await graphql({ query: FIELDS_ORG }, '/graphql', { accept: 'text/html' })).status).toBe(415);
	expect((await call(srv, 'GET', '/graphql')).status).toBe(404);
	const other = await graphql({ query: '{ viewer { login } }' });
	expect(other.json).toEqual({ errors: [{ message: 'unsupported by the test server' }] });
	const broken = await call(srv, 'POST', '/graphql', { rawBody: '{nope', headers: { authorization: `Bearer ${TOKEN}` } });
	expect(broken.status).toBe(400);
});
