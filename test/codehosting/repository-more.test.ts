import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer({ validateResponses: true });
});
afterEach(async () => {
	expect(srv.responseProblems).toEqual([]);
	await srv.stop();
});

const base = { resource: 'repository', ...repo() };
const MIT = 'MIT License\n\nCopyright (c) 2026 Octo User\n\nPermission is hereby granted, free of charge, to any person …\n';

describe('repository → getLicense', () => {
	test('the detected license with the license file\'s text decoded', async () => {
		srv.addFile(LOGIN, 'hello-world', 'LICENSE', MIT);
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getLicense' } });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ name: 'LICENSE', path: 'LICENSE', content: MIT, license: { key: 'mit', spdx_id: 'MIT', name: 'MIT License' } });
		expect(output[0].json.encoding).toBeUndefined();
		expect(srv.requests.map((request) => request.path)).toEqual([`/repos/${LOGIN}/hello-world/license`]);
	});

	test('Encoding = Base64 and a reference', async () => {
		srv.addBranch(LOGIN, 'hello-world', 'licensed', 'main');
		srv.addFile(LOGIN, 'hello-world', 'LICENSE.md', MIT, 'licensed');
		const { output } = await runCodeHosting(srv, {
			parameters: { ...base, operation: 'getLicense', encoding: 'base64', additionalParameters: { reference: { __rl: true, mode: 'name', value: 'licensed' } } },
		});
		expect(output[0].json).toMatchObject({ path: 'LICENSE.md', encoding: 'base64', content: Buffer.from(MIT).toString('base64') });
		expect(srv.requests[0].query.ref).toBe('licensed');
	});

	test('no license: the platform 404, not "repository not found" (the repository is there)', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getLicense' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toContain('Not Found');
		expect(srv.requests.map((request) => request.path)).toEqual([`/repos/${LOGIN}/hello-world/license`, `/repos/${LOGIN}/hello-world`]);
	});
});

describe('repository → getProfile, listPopularPaths, listReferrers', () => {
	test('community profile: health and community files', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getProfile' } });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ health_percentage: 29, description: 'My first repository', files: { license: null } });
		expect(srv.requests[0].path).toBe(`/repos/${LOGIN}/hello-world/community/profile`);
	});

	test('popular paths and referrers: one item each', async () => {
		const paths = await runCodeHosting(srv, { parameters: { ...base, operation: 'listPopularPaths', returnAll: true } });
		expect(paths.output.map((item) => item.json)).toEqual([
			{ path: `/${LOGIN}/hello-world`, title: `${LOGIN}/hello-world: My first repository`, count: 120, uniques: 45 },
			{ path: `/${LOGIN}/hello-world/blob/main/README.md`, title: 'hello-world/README.md at main', count: 33, uniques: 12 },
		]);
		const referrers = await runCodeHosting(srv, { parameters: { ...base, operation: 'listReferrers', returnAll: true } });
		expect(referrers.output.map((item) => item.json.referrer)).toEqual(['Google', 'github.com']);
		expect(referrers.output.every((item, index) => (item.pairedItem as { item: number }).item === 0 && index >= 0)).toBe(true);
	});

	test('Limit 1: the first entry, from the one response the platform gives', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'listPopularPaths', returnAll: false, limit: 1 } });
		expect(output.map((item) => item.json.count)).toEqual([120]);
		expect(srv.requests).toHaveLength(1);
	});

	test('traffic without push access: the platform 403 with its hint', async () => {
		const { error } = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: { ...base, ...repo(ORG, 'org-repo'), operation: 'listReferrers' } });
		expect(error?.httpCode).toBe('403');
		expect(error?.description).toContain('not allowed');
	});

	test.each(['getLicense', 'getProfile', 'listPopularPaths', 'listReferrers'])('%s: an empty repository name → NodeOperationError, zero requests', async (operation) => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation, repository: { __rl: true, mode: 'name', value: '={{ " " }}' } } });
		expect(error?.message).toBe('Repository Name is required');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
	});
});

describe('repository → create with a name the platform rewrites, and 404s of a missing repository', () => {
	test('the output has the name the platform assigned, the requested one and a notice', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'create', name: 'Mein Café Repo', organization: '' } });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ name: 'Mein-Caf-Repo', full_name: `${LOGIN}/Mein-Caf-Repo`, requested_name: 'Mein Café Repo' });
		expect(output[0].json.notice).toBe(`Created as "${LOGIN}/Mein-Caf-Repo": the platform rewrote the requested name "Mein Café Repo". Use "Mein-Caf-Repo" in later steps.`);
		const plain = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'create', name: 'plain-name', organization: '' } });
		expect(plain.output[0].json.requested_name).toBeUndefined();
	});

	test('a later step with the typed name: "not found or not visible", and the name it probably has', async () => {
		await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'create', name: 'Mein Café Repo', organization: '' } });
		srv.resetRequests();
		const { error } = await runCodeHosting(srv, { parameters: { ...base, ...repo(LOGIN, 'Mein Café Repo'), operation: 'getProfile' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe(`repository ${LOGIN}/Mein Café Repo not found or not visible to this credential`);
		expect(error?.description).toContain(`it is probably named "${LOGIN}/Mein-Caf-Repo"`);
		expect(srv.requests.map((request) => request.path)).toEqual([`/repos/${LOGIN}/Mein Café Repo/community/profile`, `/repos/${LOGIN}/Mein Café Repo`]);
	});

	test('a repository the token cannot see: the same message, without a name hint; Continue On Fail keeps it', async () => {
		const { output } = await runCodeHosting(srv, { token: OTHER_TOKEN, continueOnFail: true, parameters: { ...base, ...repo(LOGIN, 'private-repo'), operation: 'get' } });
		expect(output[0].json.error).toBe(`repository ${LOGIN}/private-repo not found or not visible to this credential`);
		expect(output[0].json.errorDescription).not.toContain('probably named');
		expect(output[0].json.httpCode).toBe('404');
	});

	test('a missing issue in an existing repository stays the platform 404', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'get', ...repo(), issueNumber: 999 } });
		expect(error?.message).toContain('Not Found');
		expect(error?.message).not.toContain('repository');
	});
});
