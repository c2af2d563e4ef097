import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const base = { resource: 'workflow', ...repo() };
const byFile = (value: string) => ({ __rl: true, mode: 'filename', value });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const name = (value: string) => ({ __rl: true, mode: 'name', value });
const paths = () => srv.requests.map((r) => `${r.method} ${r.path}`);
const api = `/repos/${LOGIN}/hello-world/actions`;

describe('workflow: get, get many, usage', () => {
	test('get by file name and by ID', async () => {
		const one = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', workflowId: byFile('.github/workflows/deploy.yml') } });
		expect(one.output[0].json).toMatchObject({ id: 161336, name: 'Deploy', path: '.github/workflows/deploy.yml', state: 'active' });
		const two = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', workflowId: byId('161335') } });
		expect(two.output[0].json.name).toBe('CI');
		expect(paths()).toEqual([`GET ${api}/workflows/deploy.yml`, `GET ${api}/workflows/161335`]);
	});

	test('get many: one item per workflow; Limit 2 is one page of 2', async () => {
		const all = await runCodeHosting(srv, { parameters: { ...base, operation: 'getAll', returnAll: true } });
		expect(all.output.map((item) => item.json.name)).toEqual(['CI', 'Deploy', 'Nightly']);
		srv.resetRequests();
		const limited = await runCodeHosting(srv, { parameters: { ...base, operation: 'getAll', returnAll: false, limit: 2 } });
		expect(limited.output).toHaveLength(2);
		expect(srv.requests.map((r) => r.query)).toEqual([{ per_page: '2' }]);
	});

	test('usage: billable time per runner OS', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getUsage', workflowId: byFile('ci.yml') } });
		expect(output[0].json).toEqual({ workflow: 'ci.yml', billable: { UBUNTU: { total_ms: 120000 }, MACOS: { total_ms: 0 }, WINDOWS: { total_ms: 0 } } });
	});

	test('an unknown workflow is the platform\'s 404 with a hint', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getUsage', workflowId: byFile('nope.yml') } });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('404');
	});
});

describe('workflow: dispatch and wait', () => {
	const wait = (extra: IDataObject = {}) => ({
		...base,
		operation: 'dispatchAndWait',
		workflowId: byFile('deploy.yml'),
		ref: name('main'),
		inputs: '{"target": "staging"}',
		waitOptions: { pollInterval: 0.05, timeout: 10 },
		...extra,
	});

	test('dispatches, follows the run it started until it completes, returns it with its conclusion', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: wait() });
		expect(error).toBeUndefined();
		const run = output[0].json;
		expect(run).toMatchObject({ status: 'completed', conclusion: 'success', event: 'workflow_dispatch', workflow_id: 161336, head_branch: 'main' });
		expect(paths()).toEqual([`POST ${api}/workflows/deploy.yml/dispatches`, `GET ${api}/runs/${run.id}`, `GET ${api}/runs/${run.id}`]);
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ ref: 'main', inputs: { target: 'staging' }, return_run_details: true });
		expect(srv.repo(LOGIN, 'hello-world')!.runs.get(run.id as number)!.inputs).toEqual({ target: 'staging' });
	});

	test('a failed run is returned with its conclusion', async () => {
		srv.addWorkflow(LOGIN, 'hello-world', { id: 999, name: 'Flaky', path: '.github/workflows/flaky.yml', conclusion: 'failure' });
		const { output } = await runCodeHosting(srv, { parameters: wait({ workflowId: byId('999'), inputs: '{}' }) });
		expect(output[0].json).toMatchObject({ status: 'completed', conclusion: 'failure' });
	});

	test('without run details in the answer (204), the run is found among the workflow\'s dispatch runs', async () => {
		srv.failNext({ method: 'POST', path: `${api}/workflows/deploy.yml/dispatches`, status: 204, body: '' });
		const previous = srv.addWorkflowRuns(LOGIN, 'hello-world', 161336, 1, { event: 'workflow_dispatch', status: 'completed' })[0];
		previous.created_at = '2024-01-01T00:00:00Z';
		// The injected 204 stands for the platform; the run it would have started:
		const started = srv.addWorkflowRuns(LOGIN, 'hello-world', 161336, 1, { event: 'workflow_dispatch', status: 'in_progress' })[0];
		Object.assign(started, { progresses: true });
		const { output, error } = await runCodeHosting(srv, { parameters: wait({ waitOptions: { pollInterval: 0.05, timeout: 10, matchWindow: 0.2 } }) });
		expect(error).toBeUndefined();
		expect(paths()[1]).toBe(`GET ${api}/workflows/deploy.yml/runs`);
		expect(srv.requests[1].query).toEqual({ event: 'workflow_dispatch', branch: 'main', per_page: '20' });
		expect(output[0].json).toMatchObject({ id: started.id, status: 'completed' });
	});

	describe('on a server that answers the dispatch with 204 (GitHub Enterprise Server)', () => {
		const enterprise = () => `${srv.url}/api/v3`;
		const deployEnv = () =>
			srv.addWorkflow(LOGIN, 'hello-world', {
				id: 4242,
				name: 'Deploy env',
				path: '.github/workflows/deploy-env.yml',
				inputs: { env: { required: true, type: 'string' } },
				runName: 'Deploy ${{ inputs.env }}',
			});
		const dispatchEnv = (env: string, workflowId = '4242', extra: IDataObject = {}) =>
			runCodeHosting(srv, {
				server: enterprise(),
				parameters: wait({ workflowId: byId(workflowId), inputs: JSON.stringify({ env }), waitOptions: { pollInterval: 0.05, timeout: 15, matchWindow: 2.5 }, ...extra }),
			});
		const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

		test('sends only ref and inputs, reads the runs before the dispatch, and follows the run created after it', async () => {
			srv.state.dispatchRunDelayMs = 300;
			const before = srv.addWorkflowRuns(LOGIN, 'hello-world', 161336, 2, { event: 'workflow_dispatch', status: 'in_progress' });
			const { output, error } = await runCodeHosting(srv, { server: enterprise(), parameters: wait({ waitOptions: { pollInterval: 0.05, timeout: 10, matchWindow: 0.5 } }) });
			expect(error).toBeUndefined();
			const dispatch = srv.requests.find((r) => r.method === 'POST')!;
			expect(JSON.parse(dispatch.body!)).toEqual({ ref: 'main', inputs: { target: 'staging' } });
			expect(paths().slice(0, 3)).toEqual([`GET ${api}/workflows/deploy.yml/runs`, 'GET /user', `POST ${api}/workflows/deploy.yml/dispatches`]);
			expect(before.map((run) => run.id)).not.toContain(output[0].json.id);
			expect(output[0].json).toMatchObject({ status: 'completed', event: 'workflow_dispatch', head_branch: 'main' });
		});

		test.each([
			['4.5 s apart (scaled: 900 ms)', 900],
			['1.5 s apart (scaled: 300 ms)', 300],
		])('two overlapping dispatches %s each return their own run (the run name shows the input)', async (_name, gap) => {
			deployEnv();
			srv.state.dispatchRunDelayMs = 400; // the platform creates a run 2 s after its dispatch (scaled)
			const [blue, green] = await Promise.all([dispatchEnv('blue'), later(gap).then(() => dispatchEnv('green'))]);
			expect(blue.error).toBeUndefined();
			expect(green.error).toBeUndefined();
			expect(blue.output[0].json.display_title).toBe('Deploy blue');
			expect(green.output[0].json.display_title).toBe('Deploy green');
			expect(blue.output[0].json.id).not.toBe(green.output[0].json.id);
		});

		test('runs that cannot be told apart are an error naming them, never another dispatch\'s run', async () => {
			srv.addWorkflow(LOGIN, 'hello-world', { id: 4243, name: 'Plain', path: '.github/workflows/plain.yml', inputs: { env: { required: true, type: 'string' } } });
			srv.state.dispatchRunDelayMs = 400;
			const [first, second] = await Promise.all([dispatchEnv('blue', '4243'), later(300).then(() => dispatchEnv('green', '4243'))]);
			for (const result of [first, second]) {
				expect(result.error?.message).toBe('Dispatching 4243 on main started a run that cannot be told apart from 1 other new run(s)');
				expect(result.error?.description).toMatch(/run \d+ "Plain" by octo-user.*; run \d+ "Plain" by octo-user/);
				expect(result.error?.description).toMatch(/run-name/);
			}
		});

		test('a run by another user is not the dispatch\'s own', async () => {
			deployEnv();
			srv.state.dispatchRunDelayMs = 200;
			// Someone else's dispatch run appears during the match window.
			const stranger = later(100).then(() => srv.addWorkflowRuns(LOGIN, 'hello-world', 4242, 1, { event: 'workflow_dispatch', status: 'in_progress', actor: 'other-user' }));
			const [{ output, error }] = await Promise.all([dispatchEnv('blue'), stranger]);
			expect(error).toBeUndefined();
			expect(output[0].json).toMatchObject({ display_title: 'Deploy blue' });
			expect((output[0].json.actor as IDataObject).login).toBe(LOGIN);
		});
	});

	test('a run that does not complete in time is an error that names the run', async () => {
		srv.state.runProgress = 'never';
		const started = Date.now();
		const { error } = await runCodeHosting(srv, { parameters: wait({ waitOptions: { pollInterval: 0.1, timeout: 2 } }) });
		const elapsed = Date.now() - started;
		const runId = [...srv.repo(LOGIN, 'hello-world')!.runs.values()].pop()!.id;
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(`Workflow run ${runId} did not complete within 2 seconds`);
		expect(error?.description).toContain(`/actions/runs/${runId}`);
		expect(error?.description).toContain('"queued"');
		// it gives up at the timeout: not before the last poll that still fitted, and not much later
		expect(elapsed).toBeGreaterThanOrEqual(1900);
		expect(elapsed).toBeLessThan(25_000);
		// it polled more than once, never more often than every 0.1 s
		const reads = srv.requests.filter((r) => r.method === 'GET');
		expect(reads.length).toBeGreaterThanOrEqual(2);
		expect(reads.length).toBeLessThanOrEqual(21);
	});

	test('waits for the rate limit to reset before the next read when it is used up', async () => {
		// 3 left: the dispatch and the first read leave 1, so the next read waits for the reset.
		srv.setRateLimit({ remaining: 3, reset: Math.floor(Date.now() / 1000) + 2 });
		const started = Date.now();
		const { output, error } = await runCodeHosting(srv, { parameters: wait() });
		expect(error).toBeUndefined();
		expect(output[0].json.status).toBe('completed');
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(srv.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
	});

	describe('bad input: an item error before any request', () => {
		const cases: Array<[string, IDataObject, string]> = [
			['invalid inputs JSON', { inputs: '{bad' }, 'Inputs is not valid JSON'],
			['no ref', { ref: name('={{ "" }}') }, 'Ref is required'],
			['timeout 0', { waitOptions: { timeout: 0 } }, 'Timeout must be a number of seconds above 0'],
			['negative poll interval', { waitOptions: { pollInterval: -1 } }, 'Poll Interval must be a number of seconds of at least 0'],
		];
		test.each(cases)('%s', async (_name, parameters, message) => {
			const { error } = await runCodeHosting(srv, { parameters: wait(parameters) });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(message);
			expect(error?.context?.itemIndex).toBe(0);
			expect(srv.requests).toHaveLength(0);
		});

		test('getRun: Run ID empty or 0', async () => {
			for (const [runId, message] of [['={{ "" }}', 'Run ID is required'], [0, 'Run ID must be a whole number of at least 1']] as const) {
				const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getRun', runId } });
				expect(error?.message).toBe(message);
			}
			expect(srv.requests).toHaveLength(0);
		});
	});
});
