import type { CodeHostingServer } from './harness';
import { LOGIN, OTHER_TOKEN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer({ validateResponses: true });
});
afterEach(async () => {
	expect(srv.responseProblems).toEqual([]);
	await srv.stop();
});

const base = { resource: 'issue', ...repo() };

describe('issue → lock / unlock', () => {
	test('lock with a reason, then unlock; the issue shows it', async () => {
		const locked = await runCodeHosting(srv, { parameters: { ...base, operation: 'lock', issueNumber: 1, lockReason: 'too heated' } });
		expect(locked.error).toBeUndefined();
		expect(locked.output[0].json).toEqual({ success: true, locked: true, lock_reason: 'too heated', number: 1, owner: LOGIN, repository: 'hello-world' });
		expect(srv.requests[0]).toMatchObject({ method: 'PUT', path: `/repos/${LOGIN}/hello-world/issues/1/lock` });
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ lock_reason: 'too heated' });
		const got = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', issueNumber: 1 } });
		expect(got.output[0].json).toMatchObject({ locked: true, active_lock_reason: 'too heated' });

		const unlocked = await runCodeHosting(srv, { parameters: { ...base, operation: 'unlock', issueNumber: 1 } });
		expect(unlocked.output[0].json).toEqual({ success: true, locked: false, number: 1, owner: LOGIN, repository: 'hello-world' });
		expect(srv.repo(LOGIN, 'hello-world')!.issues.get(1)!.locked).toBe(false);
	});

	test('a pull request\'s conversation locks the same way (default reason resolved)', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'lock', issueNumber: 4 } });
		expect(output[0].json.lock_reason).toBe('resolved');
		expect(srv.repo(LOGIN, 'hello-world')!.issues.get(4)!.locked).toBe(true);
	});

	test('without push access: the platform 403 with its hint', async () => {
		const { error } = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: { ...base, ...repo('octo-org', 'org-repo'), operation: 'lock', issueNumber: 1 } });
		expect(error?.httpCode).toBe('403');
		expect(error?.description).toContain('not allowed');
	});

	test('an unknown lock reason from an expression: refused before any request', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'lock', issueNumber: 1, lockReason: '={{ "boring" }}' } });
		expect(error?.message).toBe('Unknown value for Lock Reason: "boring"');
		expect(error?.description).toBe('Allowed: off-topic, too heated, resolved, spam.');
		expect(srv.requests).toHaveLength(0);
	});
});

describe('issue and pull request numbers are required, with no default', () => {
	const cases: Array<[string, string, Record<string, unknown>]> = [
		['issue', 'get', {}],
		['issue', 'update', { updateFields: { title: 'x' } }],
		['issue', 'createComment', { body: 'hi' }],
		['issue', 'getAssignees', {}],
		['issue', 'lock', {}],
		['issue', 'unlock', {}],
		['pullRequest', 'get', {}],
		['pullRequest', 'update', { updateFields: { title: 'x' } }],
		['pullRequest', 'merge', { mergeMethod: 'merge', additionalFields: {} }],
		['pullRequest', 'getReviewers', {}],
	];

	test.each(cases)('%s → %s: empty or 0 → NodeOperationError with the item index, zero requests', async (resource, operation, extra) => {
		const field = resource === 'issue' ? 'issueNumber' : 'pullNumber';
		const label = resource === 'issue' ? 'Issue Number' : 'Pull Request Number';
		const { output, error } = await runCodeHosting(srv, {
			continueOnFail: true,
			items: [{ n: '' }, { n: 0 }, { n: 'abc' }],
			parameters: { resource, operation, ...repo(), ...extra, [field]: '={{ $json.n }}' },
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.error)).toEqual([
			`${label} is required`,
			`${label} must be a whole number of at least 1`,
			`${label} must be a whole number of at least 1`,
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(srv.requests).toHaveLength(0);
	});

	test('the fields have no default: an untouched field is "required", no request for number 0', async () => {
		const { CodeHosting } = await import('../../nodes/CodeHosting/CodeHosting.node');
		const fields = new CodeHosting().description.properties.filter((property) => property.name === 'issueNumber' || property.name === 'pullNumber');
		expect(fields.length).toBeGreaterThan(0);
		expect(fields.every((property) => property.default === '' && property.required === true)).toBe(true);
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get' } });
		expect(error?.message).toBe('Issue Number is required');
		expect(srv.requests).toHaveLength(0);
	});

	test('a stopping error names the item', async () => {
		const { error } = await runCodeHosting(srv, { items: [{ n: 1 }, { n: 0 }], parameters: { ...base, operation: 'get', issueNumber: '={{ $json.n }}' } });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.context?.itemIndex).toBe(1);
		expect(srv.requests).toHaveLength(1);
	});
});
