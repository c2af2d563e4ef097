import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, OTHER_TOKEN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const base = { resource: 'review', ...repo(), pullRequestNumber: 4 };
const reviews = () => srv.repo(LOGIN, 'hello-world')!.issues.get(4)!.pull!.reviews;

describe('review', () => {
	test('approve (as another user), with the commit reviewed', async () => {
		const head = srv.repo(LOGIN, 'hello-world')!.branches.get('feature-a')!;
		const { output, error } = await runCodeHosting(srv, {
			token: OTHER_TOKEN,
			parameters: { ...base, operation: 'create', event: 'approve', body: 'LGTM', additionalFields: { commit_id: head } },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ state: 'APPROVED', body: 'LGTM', commit_id: head, user: { login: 'other-user' } });
		expect(srv.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /repos/${LOGIN}/hello-world/pulls/4/reviews`]);
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ event: 'APPROVE', body: 'LGTM', commit_id: head });
	});

	test('comment with line comments (single and multi-line); request changes; pending', async () => {
		const commented = await runCodeHosting(srv, {
			parameters: {
				...base,
				operation: 'create',
				event: 'comment',
				body: 'A few notes',
				comments: {
					comment: [
						{ path: '/src/feature-a.js', line: 1, side: 'RIGHT', start_line: 0, body: 'Why?' },
						{ path: 'src/feature-a.js', line: 3, side: 'LEFT', start_line: 2, body: 'These two' },
					],
				},
			},
		});
		expect(commented.error).toBeUndefined();
		expect(JSON.parse(srv.requests[0].body!)).toEqual({
			event: 'COMMENT',
			body: 'A few notes',
			comments: [
				{ path: 'src/feature-a.js', body: 'Why?', line: 1, side: 'RIGHT' },
				{ path: 'src/feature-a.js', body: 'These two', line: 3, side: 'LEFT', start_line: 2, start_side: 'LEFT' },
			],
		});
		expect(reviews()[reviews().length - 1].comments).toHaveLength(2);

		const changes = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: { ...base, operation: 'create', event: 'requestChanges', body: 'Please fix' } });
		expect(changes.output[0].json.state).toBe('CHANGES_REQUESTED');
		const pending = await runCodeHosting(srv, { parameters: { ...base, operation: 'create', event: 'pending', body: '' } });
		expect(pending.output[0].json.state).toBe('PENDING');
		expect(JSON.parse(srv.requests[srv.requests.length - 1].body!)).toEqual({});
	});

	test('approving one\'s own pull request is the platform\'s 422, its reason shown', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'create', event: 'approve', body: '' } });
		expect(error?.httpCode).toBe('422');
		expect(error?.description).toContain('Can not approve your own pull request');
	});

	test('get, get many (Limit = one page of that size), update', async () => {
		const [seeded] = reviews();
		const one = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', reviewId: String(seeded.id) } });
		expect(one.output[0].json).toMatchObject({ id: seeded.id, state: 'COMMENTED', body: 'Looks fine' });
		for (let i = 0; i < 3; i++) await runCodeHosting(srv, { parameters: { ...base, operation: 'create', event: 'comment', body: `note ${i}` } });
		srv.resetRequests();
		const limited = await runCodeHosting(srv, { parameters: { ...base, operation: 'getAll', returnAll: false, limit: 2 } });
		expect(limited.output.map((item) => item.json.body)).toEqual(['Looks fine', 'note 0']);
		expect(srv.requests.map((r) => r.query)).toEqual([{ per_page: '2' }]);
		const all = await runCodeHosting(srv, { parameters: { ...base, operation: 'getAll', returnAll: true } });
		expect(all.output).toHaveLength(4);

		const updated = await runCodeHosting(srv, { token: OTHER_TOKEN, parameters: { ...base, operation: 'update', reviewId: seeded.id, body: 'Looks great' } });
		expect(updated.error).toBeUndefined();
		expect(updated.output[0].json).toMatchObject({ id: seeded.id, body: 'Looks great', state: 'COMMENTED' });
		expect(srv.requests[srv.requests.length - 1]).toMatchObject({ method: 'PUT', path: `/repos/${LOGIN}/hello-world/pulls/4/reviews/${seeded.id}` });
	});

	describe('bad input: an item error before any request', () => {
		const cases: Array<[string, IDataObject, string]> = [
			['empty pull request number', { operation: 'getAll', pullRequestNumber: '={{ "" }}', returnAll: true }, 'Pull Request Number is required'],
			['pull request number 0', { operation: 'get', pullRequestNumber: 0, reviewId: '1' }, 'Pull Request Number must be a whole number of at least 1'],
			['review ID 0', { operation: 'get', reviewId: '0' }, 'Review ID must be a whole number of at least 1'],
			['review ID empty', { operation: 'update', reviewId: '={{ "" }}', body: 'x' }, 'Review ID is required'],
			['update without a body', { operation: 'update', reviewId: '5', body: '={{ "" }}' }, 'Body is required'],
			['comment without a body', { operation: 'create', event: 'comment', body: '  ' }, 'Body is required for a review that comments'],
			['request changes without a body', { operation: 'create', event: 'requestChanges', body: '' }, 'Body is required for a review that requests changes'],
			['line comment without a path', { operation: 'create', event: 'approve', comments: { comment: [{ path: '', line: 1, body: 'x' }] } }, 'Line comment 1: Path is required'],
			['line comment without text', { operation: 'create', event: 'approve', comments: { comment: [{ path: 'a.js', line: 1, body: '' }] } }, 'Line comment 1: Comment is required'],
			['start line after line', { operation: 'create', event: 'approve', comments: { comment: [{ path: 'a.js', line: 2, start_line: 5, body: 'x' }] } }, 'Line comment 1: Line must be a whole number of at least 1, after Start Line'],
			['bad limit', { operation: 'getAll', returnAll: false, limit: 0 }, 'Limit must be a whole number of at least 1'],
		];
		test.each(cases)('%s', async (_name, parameters, message) => {
			const { error } = await runCodeHosting(srv, { parameters: { ...base, ...parameters } });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(message);
			expect(error?.context?.itemIndex).toBe(0);
			expect(srv.requests).toHaveLength(0);
		});
	});
});
