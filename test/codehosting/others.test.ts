import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, repo, runCodeHosting, startServer, TOKEN } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('project item (GraphQL)', () => {
	const params = (status: string, field = 'Status') => ({
		resource: 'projectItem',
		operation: 'updateStatus',
		ownerType: 'organization',
		projectOwner: ORG,
		projectNumber: 1,
		itemId: 'PVTI_lADOAOrgItem001',
		statusField: field,
		status,
	});

	test('sets the status by option name (any case), through /graphql', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: params('in progress') });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ success: true, itemId: 'PVTI_lADOAOrgItem001', field: 'Status', status: 'In Progress', optionId: '47fc9ee4' });
		expect(srv.requests.map((request) => [request.path, JSON.parse(request.body!).operationName])).toEqual([
			['/graphql', 'ProjectFields'],
			['/graphql', 'UpdateItemStatus'],
		]);
		const project = srv.state.projects['PVT_kwDOAOrgProj01'] as { items: Map<string, { values: Record<string, string> }> };
		expect(project.items.get('PVTI_lADOAOrgItem001')!.values['PVTSSF_lADOAOrgStatus']).toBe('47fc9ee4');
	});

	test('Enterprise: GraphQL goes to /api/graphql', async () => {
		const { error } = await runCodeHosting(srv, { server: `${srv.url}/api/v3`, parameters: params('98236657') });
		expect(error).toBeUndefined();
		expect(srv.requests[0].rawPath).toBe('/api/graphql');
	});

	test('an unknown option lists the real ones; nothing is changed', async () => {
		const { error } = await runCodeHosting(srv, { parameters: params('Shipped') });
		expect(error?.message).toBe('"Shipped" is not an option of the field "Status"');
		expect(error?.description).toBe('Options: Todo, In Progress, Done.');
		expect(srv.requests).toHaveLength(1);
	});

	test('an unknown item is the GraphQL error, reported as an API error', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...params('Done'), itemId: 'PVTI_nope' } });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/^GraphQL error:/);
	});
});

describe('workflow', () => {
	const base = { resource: 'workflow', ...repo() };
	const byFile = (value: string) => ({ __rl: true, mode: 'filename', value });
	const name = (value: string) => ({ __rl: true, mode: 'name', value });

	test('dispatch with inputs, by file name', async () => {
		const { output, error } = await runCodeHosting(srv, {
			parameters: { ...base, operation: 'dispatch', workflowId: byFile('deploy.yml'), ref: name('main'), inputs: '{"target": "staging"}' },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ success: true, workflow: 'deploy.yml', ref: 'main', inputs: { target: 'staging' } });
		expect(srv.requests[0]).toMatchObject({ method: 'POST', path: `/repos/${LOGIN}/hello-world/actions/workflows/deploy.yml/dispatches` });
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ ref: 'main', inputs: { target: 'staging' } });
	});

	test('invalid inputs JSON: clear error, zero requests', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'dispatch', workflowId: byFile('ci.yml'), ref: name('main'), inputs: '{bad' } });
		expect(error?.message).toBe('Inputs is not valid JSON');
		expect(srv.requests).toHaveLength(0);
	});

	test('disable, enable, runs', async () => {
		const id = { __rl: true, mode: 'id', value: '161335' };
		expect((await runCodeHosting(srv, { parameters: { ...base, operation: 'disable', workflowId: id } })).output[0].json.state).toBe('disabled_manually');
		expect(srv.repo(LOGIN, 'hello-world')!.workflows.get(161335)!.state).toBe('disabled_manually');
		await runCodeHosting(srv, { parameters: { ...base, operation: 'enable', workflowId: id } });
		expect(srv.repo(LOGIN, 'hello-world')!.workflows.get(161335)!.state).toBe('active');

		const runs = await runCodeHosting(srv, { parameters: { ...base, operation: 'getRuns', allWorkflows: false, workflowId: id, returnAll: true, filters: { status: 'completed' } } });
		expect(runs.output.length).toBeGreaterThanOrEqual(2);
		const runId = runs.output[0].json.id as number;
		const one = await runCodeHosting(srv, { parameters: { ...base, operation: 'getRun', runId } });
		expect(one.output[0].json).toMatchObject({ id: runId, workflow_id: 161335 });
	});
});

describe('gist, release, collaborator, rate limit', () => {
	test('gists: create, update (change and delete a file), list the account\'s', async () => {
		const created = await runCodeHosting(srv, {
			parameters: { resource: 'gist', operation: 'create', description: 'notes', public: false, files: { file: [{ name: 'a.md', content: 'A\n' }, { name: 'b.md', content: '  B  ' }] } },
		});
		expect(created.error).toBeUndefined();
		const id = created.output[0].json.id as string;
		// Content is sent exactly as given, whitespace and trailing newline included.
		expect(JSON.parse(srv.requests[0].body!).files).toEqual({ 'a.md': { content: 'A\n' }, 'b.md': { content: '  B  ' } });
		const updated = await runCodeHosting(srv, {
			parameters: { resource: 'gist', operation: 'update', gistId: id, description: '', files: { file: [{ name: 'a.md', content: 'A2' }, { name: 'b.md', content: '', delete: true }] } },
		});
		expect(updated.error).toBeUndefined();
		expect(Object.keys(updated.output[0].json.files as IDataObject)).toEqual(['a.md']);
		const all = await runCodeHosting(srv, { parameters: { resource: 'gist', operation: 'getAll', username: '', returnAll: true, since: '' } });
		expect(all.output.map((item) => item.json.id)).toContain(id);
		const theirs = await runCodeHosting(srv, { parameters: { resource: 'gist', operation: 'getAll', username: 'other-user', returnAll: true, since: '' } });
		expect(theirs.error).toBeUndefined();
		expect(srv.requests[srv.requests.length - 1].path).toBe('/users/other-user/gists');
	});

	test('releases', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { resource: 'release', operation: 'getAll', ...repo(), returnAll: true } });
		expect(output.map((item) => item.json.tag_name).sort()).toEqual(['v1.0.0', 'v1.1.0']);
	});

	test('collaborators: permission, add (invitation), remove', async () => {
		const base = { resource: 'collaborator', ...repo() };
		const permission = await runCodeHosting(srv, { parameters: { ...base, operation: 'getPermission', username: 'other-user' } });
		expect(permission.output[0].json.permission).toBe('write');
		const added = await runCodeHosting(srv, { parameters: { ...base, operation: 'add', username: 'outside-user', permission: 'triage' } });
		expect(added.output[0].json).toMatchObject({ invited: true, username: 'outside-user', permission: 'triage' });
		expect(JSON.parse(srv.requests[srv.requests.length - 1].body!)).toEqual({ permission: 'triage' });
		const removed = await runCodeHosting(srv, { parameters: { ...base, operation: 'remove', username: 'other-user' } });
		expect(removed.output[0].json).toEqual({ success: true, username: 'other-user' });
		expect(srv.repo(LOGIN, 'hello-world')!.collaborators.has('other-user')).toBe(false);
	});

	test('a token without admin rights gets the platform 403 with a scopes hint', async () => {
		const { error } = await runCodeHosting(srv, {
			token: OTHER_TOKEN,
			parameters: { resource: 'collaborator', ...repo(), operation: 'add', username: 'outside-user', permission: 'push' },
		});
		expect(error?.httpCode).toBe('403');
		expect(error?.message).not.toMatch(/rate limit/i);
		expect(error?.description).toContain('not allowed');
	});

	test('rate limit status', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { resource: 'rateLimit', operation: 'get' } });
		expect(output[0].json.resources).toBeDefined();
		expect((output[0].json.rate as IDataObject).limit).toBe(5000);
	});
});

describe('OAuth2 credential', () => {
	test('the OAuth2 access token is sent as Bearer', async () => {
		const { output, error } = await runCodeHosting(srv, { oauth2: true, parameters: { resource: 'repository', operation: 'get', ...repo() } });
		expect(error).toBeUndefined();
		expect(output[0].json.name).toBe('hello-world');
		expect(srv.requests[0].headers.authorization).toMatch(new RegExp(`^Bearer ${TOKEN}$`, 'i'));
	});
});
