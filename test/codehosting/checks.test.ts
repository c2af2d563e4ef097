/**
 * Check Run → Create, Update, Get, Get Many and Commit Status → Create, Get Many, Get Combined,
 * as the GitHub App (check runs are the app's), against the stand-in's strict routes.
 */
import type { IDataObject } from 'n8n-workflow';

import { forgetAppTokens } from '../../nodes/CodeHosting/appAuth';
import type { CodeHostingServer } from './harness';
import { LOGIN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
let headSha: string;
beforeEach(async () => {
	forgetAppTokens();
	srv = await startServer();
	headSha = srv.repo(LOGIN, 'hello-world')!.branches.get('feature-a')!;
});
afterEach(async () => {
	await srv.stop();
});

const annotations = (n: number) =>
	Array.from({ length: n }, (_, i) => ({ path: 'src/feature-a.js', start_line: i + 1, end_line: i + 1, annotation_level: i % 2 ? 'warning' : 'notice', message: `finding ${i + 1}` }));
const writes = () => srv.requests.filter((r) => r.method !== 'GET' && r.path.includes('/check-runs')).map((r) => ({ method: r.method, path: r.path, body: JSON.parse(r.body!) as IDataObject }));
const runs = () => srv.repo(LOGIN, 'hello-world')!.checkRuns as Map<number, { annotations: IDataObject[]; annotationRequests: number[]; status: string; conclusion: string | null; output: IDataObject }>;

describe('check runs', () => {
	const create = (extra: IDataObject = {}) => ({
		resource: 'checkRun',
		operation: 'create',
		...repo(),
		name: 'governance',
		headSha,
		status: 'in_progress',
		outputTitle: '',
		outputSummary: '',
		annotations: '[]',
		...extra,
	});

	test('Create: one POST with name, head SHA and status', async () => {
		const { output, error } = await runCodeHosting(srv, { app: {}, parameters: create() });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ name: 'governance', head_sha: headSha, status: 'in_progress', conclusion: null });
		expect(writes()).toEqual([{ method: 'POST', path: '/repos/octo-user/hello-world/check-runs', body: { name: 'governance', head_sha: headSha, status: 'in_progress' } }]);
	});

	test('Create completed with no Conclusion chosen (no default: never a silent success): an error naming it, 0 requests', async () => {
		const { error } = await runCodeHosting(srv, { app: {}, parameters: create({ status: 'completed' }) });
		expect(error?.message).toBe('Choose a Conclusion for a completed check run');
		expect(error?.description).toMatch(/^Nothing was sent\./);
		expect(writes()).toEqual([]);
	});

	test('Create completed with 120 annotations: the POST carries 50, two PATCHes 50 and 20', async () => {
		const { output, error } = await runCodeHosting(srv, {
			app: {},
			parameters: create({ status: 'completed', conclusion: 'failure', outputTitle: 'Findings', outputSummary: '120 findings', annotations: JSON.stringify(annotations(120)) }),
		});
		expect(error).toBeUndefined();
		const sent = writes();
		expect(sent.map((w) => [w.method, (w.body.output as IDataObject).annotations && ((w.body.output as IDataObject).annotations as unknown[]).length])).toEqual([
			['POST', 50],
			['PATCH', 50],
			['PATCH', 20],
		]);
		for (const w of sent.slice(1)) expect(w.body).toEqual({ output: { title: 'Findings', summary: '120 findings', annotations: expect.any(Array) } });
		const run = runs().get(output[0].json.id as number)!;
		expect(run.annotations.map((a) => a.message)).toEqual(annotations(120).map((a) => a.message));
		expect(run).toMatchObject({ status: 'completed', conclusion: 'failure', annotationRequests: [50, 50, 20] });
		expect((output[0].json.output as IDataObject).annotations_count).toBe(120);
	});

	test('Update with 120 annotations, status and conclusion: 3 PATCH requests', async () => {
		const created = await runCodeHosting(srv, { app: {}, parameters: create() });
		srv.resetRequests();
		const id = created.output[0].json.id as number;
		const { output, error } = await runCodeHosting(srv, {
			app: {},
			parameters: { resource: 'checkRun', operation: 'update', ...repo(), checkRunId: id, status: 'completed', conclusion: 'success', outputTitle: 'Done', outputSummary: 'All checked', outputText: 'details', annotations: annotations(120), updateFields: {} },
		});
		expect(error).toBeUndefined();
		expect(srv.requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill(`PATCH /repos/octo-user/hello-world/check-runs/${id}`));
		const [first] = writes();
		expect(first.body).toMatchObject({ status: 'completed', conclusion: 'success', output: { title: 'Done', summary: 'All checked', text: 'details' } });
		expect(runs().get(id)!.annotationRequests).toEqual([50, 50, 20]);
		expect(output[0].json).toMatchObject({ status: 'completed', conclusion: 'success', output: { annotations_count: 120, title: 'Done' } });
	});

	test('Update with annotations only: the run\'s title and summary are read first (the platform needs them)', async () => {
		const created = await runCodeHosting(srv, { app: {}, parameters: create({ outputTitle: 'T', outputSummary: 'S' }) });
		srv.resetRequests();
		const id = created.output[0].json.id as number;
		const { error } = await runCodeHosting(srv, {
			app: {},
			parameters: { resource: 'checkRun', operation: 'update', ...repo(), checkRunId: id, status: '', conclusion: '', outputTitle: '', outputSummary: '', annotations: JSON.stringify(annotations(3)), updateFields: {} },
		});
		expect(error).toBeUndefined();
		expect(srv.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(writes()[0].body).toEqual({ output: { title: 'T', summary: 'S', annotations: annotations(3) } });
	});

	test.each([
		['not JSON', '[{', /Annotations is not valid JSON/],
		['not an array', '{}', /must be a JSON array/],
		['no path', JSON.stringify([{ start_line: 1, end_line: 1, annotation_level: 'notice', message: 'm' }]), /Annotation 1 has no path/],
		['a bad level', JSON.stringify([{ path: 'a', start_line: 1, end_line: 1, annotation_level: 'error', message: 'm' }]), /annotation_level must be notice, warning or failure/],
		['line 0', JSON.stringify([{ path: 'a', start_line: 0, end_line: 1, annotation_level: 'notice', message: 'm' }]), /start_line must be a whole number/],
	])('annotations %s: stopped before any request', async (_name, value, message) => {
		const { error } = await runCodeHosting(srv, { app: {}, parameters: create({ outputTitle: 'T', outputSummary: 'S', annotations: value }) });
		expect(error?.message).toMatch(message);
		expect(srv.requests).toHaveLength(0);
	});

	test('a short SHA or an output without a summary: stopped before any request', async () => {
		expect((await runCodeHosting(srv, { app: {}, parameters: create({ headSha: headSha.slice(0, 7) }) })).error?.message).toMatch(/full commit SHA/);
		expect((await runCodeHosting(srv, { app: {}, parameters: create({ outputTitle: 'T' }) })).error?.message).toMatch(/needs both Output Title and Output Summary/);
		expect(srv.requests).toHaveLength(0);
	});

	test('a failing batch says how many annotations were sent', async () => {
		srv.failNext({ method: 'PATCH', path: /check-runs/, status: 422, body: { message: 'Validation Failed' } });
		const { error } = await runCodeHosting(srv, { app: {}, parameters: create({ outputTitle: 'T', outputSummary: 'S', annotations: JSON.stringify(annotations(70)) }) });
		expect(error?.message).toMatch(/Validation Failed.*\(after 50 of 70 annotations were sent to check run \d+\)/);
	});

	test('with a personal token the platform refuses check runs: its message, item named', async () => {
		const { error } = await runCodeHosting(srv, { parameters: create() });
		expect(error?.message).toMatch(/You must authenticate via a GitHub App/);
		expect(error?.httpCode).toBe('403');
	});

	test('Get and Get Many (by branch, name filter, limit)', async () => {
		const a = await runCodeHosting(srv, { app: {}, parameters: create() });
		await runCodeHosting(srv, { app: {}, parameters: create({ name: 'lint' }) });
		await runCodeHosting(srv, { app: {}, parameters: create({ name: 'lint' }) });
		const id = a.output[0].json.id as number;
		const got = await runCodeHosting(srv, { app: {}, parameters: { resource: 'checkRun', operation: 'get', ...repo(), checkRunId: id } });
		expect(got.output[0].json).toMatchObject({ id, name: 'governance' });
		srv.resetRequests();
		const many = await runCodeHosting(srv, { app: {}, parameters: { resource: 'checkRun', operation: 'getAll', ...repo(), ref: 'feature-a', returnAll: false, limit: 1, filters: { check_name: 'lint' } } });
		expect(many.output.map((item) => item.json.name)).toEqual(['lint']);
		// Latest Only not added: sent at its shown default, the platform's own (issue 37)
		expect(srv.requests.map((r) => [r.path, r.query])).toEqual([['/repos/octo-user/hello-world/commits/feature-a/check-runs', { check_name: 'lint', filter: 'latest', per_page: '1' }]]);
		const all = await runCodeHosting(srv, { app: {}, parameters: { resource: 'checkRun', operation: 'getAll', ...repo(), ref: headSha, returnAll: true, filters: {} } });
		expect(all.output).toHaveLength(3);
	});

	test('Check Run ID empty: stopped before any request', async () => {
		const { error } = await runCodeHosting(srv, { app: {}, parameters: { resource: 'checkRun', operation: 'get', ...repo(), checkRunId: '' } });
		expect(error?.message).toMatch(/Check Run ID is required/);
		expect(srv.requests).toHaveLength(0);
	});
});

describe('commit statuses', () => {
	const status = (state: string, context: string) => ({ resource: 'commitStatus', operation: 'create', ...repo(), sha: headSha, state, additionalFields: { context, description: `${context} ${state}`, target_url: 'https://ci.example/1' } });

	test('Create, Get Many (newest first, limit) and Get Combined (latest per context)', async () => {
		for (const [state, context] of [['pending', 'ci/build'], ['success', 'ci/build'], ['failure', 'ci/lint']]) {
			const { output, error } = await runCodeHosting(srv, { app: {}, parameters: status(state, context) });
			expect(error).toBeUndefined();
			expect(output[0].json).toMatchObject({ state, context, creator: { login: 'governance-checks[bot]' } });
		}
		expect(JSON.parse(srv.requests.find((r) => r.method === 'POST' && r.path.includes('/statuses/'))!.body!)).toEqual({ state: 'pending', context: 'ci/build', description: 'ci/build pending', target_url: 'https://ci.example/1' });
		const many = await runCodeHosting(srv, { app: {}, parameters: { resource: 'commitStatus', operation: 'getAll', ...repo(), ref: 'feature-a', returnAll: false, limit: 2 } });
		expect(many.output.map((item) => [item.json.context, item.json.state])).toEqual([
			['ci/lint', 'failure'],
			['ci/build', 'success'],
		]);
		const combined = await runCodeHosting(srv, { app: {}, parameters: { resource: 'commitStatus', operation: 'getCombined', ...repo(), ref: 'feature-a' } });
		expect(combined.output[0].json).toMatchObject({ state: 'failure', sha: headSha, total_count: 2 });
		expect((combined.output[0].json.statuses as IDataObject[]).map((s) => s.context).sort()).toEqual(['ci/build', 'ci/lint']);
	});

	test('a SHA that is not one: stopped before any request; an unknown one: the platform\'s 422', async () => {
		expect((await runCodeHosting(srv, { app: {}, parameters: { ...status('success', 'x'), sha: 'main' } })).error?.message).toMatch(/full commit SHA/);
		expect(srv.requests).toHaveLength(0);
		const { error } = await runCodeHosting(srv, { app: {}, parameters: { ...status('success', 'x'), sha: 'f'.repeat(40) } });
		expect(error?.message).toMatch(/No commit found for SHA/);
	});

	test('without the statuses permission: the permission is named', async () => {
		delete srv.state.app.installations.get(51002)!.permissions.statuses;
		const { error } = await runCodeHosting(srv, { app: {}, parameters: status('success', 'ci') });
		expect(error?.message).toMatch(/the GitHub App needs the permission Repository permissions → Commit statuses: Read and write/);
	});
});
