/** The owner, repository, branch and workflow pickers, through n8n-core's LoadOptionsContext. */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingAppApi } from '../../credentials/CodeHostingAppApi.credentials';
import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import { loadOptionsContext } from '../helpers/loadOptions';
import type { CodeHostingServer } from './harness';
import { appCredential, LOGIN, ORG, repo, startServer, TOKEN } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const node = new CodeHosting();
const context = (parameters: IDataObject, path: string) =>
	loadOptionsContext({
		node,
		parameters: { authentication: 'accessToken', resource: 'issue', operation: 'getAll', ...parameters },
		credentials: { codeHostingApi: { server: srv.url, accessToken: TOKEN } },
		credentialTypes: [new CodeHostingApi()],
		path,
	});

test('searchOwners: the account and its organizations', async () => {
	const { results } = await node.methods.listSearch.searchOwners.call(context({}, 'owner'));
	expect(results.map((entry) => entry.value)).toEqual([LOGIN, ORG]);
	const filtered = await node.methods.listSearch.searchOwners.call(context({}, 'owner'), 'ORG');
	expect(filtered.results.map((entry) => entry.value)).toEqual([ORG]);
});

test('searchOwners as a GitHub App: the accounts the app is installed on (GET /app/installations with its JWT)', async () => {
	const appContext = loadOptionsContext({
		node,
		parameters: { authentication: 'app', resource: 'issue', operation: 'getAll' },
		credentials: { codeHostingAppApi: appCredential(srv.url) as ICredentialDataDecryptedObject },
		credentialTypes: [new CodeHostingAppApi()],
		path: 'owner',
	});
	const { results } = await node.methods.listSearch.searchOwners.call(appContext);
	expect(results.map((entry) => entry.value)).toEqual([ORG, LOGIN]);
	expect(srv.requests.map((r) => [r.path, String(r.headers.authorization).slice(0, 10)])).toEqual([['/app/installations', 'Bearer eyJ']]);
});

test('searchRepositories: the chosen owner\'s repositories, paged through Link', async () => {
	for (let index = 0; index < 105; index++) srv.addRepo(LOGIN, `repo-${String(index).padStart(3, '0')}`);
	const first = await node.methods.listSearch.searchRepositories.call(context({ owner: repo().owner }, 'repository'));
	expect(first.results).toHaveLength(100);
	expect(first.results[0].url).toMatch(/^http/);
	expect(first.paginationToken).toMatch(/page=2/);
	const second = await node.methods.listSearch.searchRepositories.call(context({ owner: repo().owner }, 'repository'), undefined, first.paginationToken as string);
	expect(first.results.length + second.results.length).toBeGreaterThanOrEqual(108);
	expect(srv.requests[0].path).toBe(`/users/${LOGIN}/repos`);
});

test('searchBranches and searchWorkflows for the chosen repository', async () => {
	const branches = await node.methods.listSearch.searchBranches.call(context(repo(), 'branch'), 'feat');
	expect(branches.results.map((entry) => entry.value)).toEqual(['feature-a']);
	const workflows = await node.methods.listSearch.searchWorkflows.call(context(repo(), 'workflowId'));
	expect(workflows.results.map((entry) => entry.value)).toEqual(['161335', '161336', '161337']);
	expect(workflows.results[0].name).toContain('.github/workflows/ci.yml');
});

test('no repository chosen yet: no request, empty list', async () => {
	const { results } = await node.methods.listSearch.searchBranches.call(context({}, 'branch'));
	expect(results).toEqual([]);
	expect(srv.requests).toHaveLength(0);
});
