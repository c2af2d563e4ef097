import type { IDataObject } from 'n8n-workflow';

import { CodeHosting } from '../../nodes/CodeHosting/CodeHosting.node';
import type { Operation } from '../helpers/defaults';
import { baselinesOf, collectionOptionsOf, errorLine, expectSimplifyAutomaticAsNone, hasEmptyDefault, openingOperations, operationsOf, outputShape, seen } from '../helpers/defaults';
import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, OTHER_TOKEN, repo, runCodeHosting, startServer } from './harness';

// Safe by default (issue 37), for every operation of the Code Hosting node, each run against a
// fresh stand-in server: (a) adding any option of its collections at its shown default sends the
// same requests and gives the same output as not adding it; (b) with only what an operation needs
// filled in (no default overridden), nothing is deleted, approved, passed, merged or granted.

const { description } = new CodeHosting();
const operations = operationsOf(description);

const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const byIdRl = (value: string) => ({ __rl: true, mode: 'id', value });
const inRepo = (parameters: IDataObject = {}): IDataObject => ({ ...repo(), ...parameters });
/** The head of feature-a (pull request #4), the same in every fresh server. */
let featureSha = '';
/** Ids read from (or made on) the fresh server before the run under test. */
const made = { checkRunId: 0, commentId: 0, invitationId: 0, releaseId: '', reviewId: '', runId: '' };

/** Makes what an operation reads or changes on a fresh server; its requests are not the run's. */
async function prepare(srv: CodeHostingServer, key: string): Promise<void> {
	const hello = srv.repo(LOGIN, 'hello-world')!;
	featureSha = hello.branches.get('feature-a')!;
	made.releaseId = String(hello.releases[0]?.id ?? '');
	made.runId = String([...hello.runs.keys()][0] ?? '');
	made.reviewId = String((hello.issues.get(4) as unknown as { pull?: { reviews: Array<{ id: number }> } }).pull?.reviews[0]?.id ?? '');
	// a dispatched run that finished before the first poll: Dispatch and Wait's defaults (polls 10 s
	// apart) add no real waiting here; its polling is tested in workflow.test.ts
	if (key === 'workflow.dispatchAndWait') srv.state.runProgress = 'atFirstRead';
	if (key.startsWith('checkRun.') && key !== 'checkRun.create' && key !== 'checkRun.getAll') {
		const created = await runCodeHosting(srv, { app: {}, parameters: { resource: 'checkRun', operation: 'create', ...repo(), name: 'made', headSha: featureSha, status: 'in_progress' } });
		made.checkRunId = Number(created.output[0]?.json.id);
	}
	if (key === 'issue.editComment' || key === 'issue.deleteComment') {
		const created = await runCodeHosting(srv, { parameters: { resource: 'issue', operation: 'createComment', ...repo(), issueNumber: 1, body: 'made' } });
		made.commentId = Number(created.output[0]?.json.id);
	}
	if (key === 'organization.cancelInvitation') {
		const invited = await runCodeHosting(srv, { parameters: { resource: 'user', operation: 'invite', organization: byName(ORG), email: 'new.hire@example.com' } });
		made.invitationId = Number(invited.output[0]?.json.id);
	}
	if (key === 'repository.getLicense') {
		await runCodeHosting(srv, { parameters: { resource: 'file', operation: 'createOrUpdate', ...repo(), filePath: 'LICENSE', commitMessage: 'Add a license', fileContent: 'MIT License\n\nCopyright (c) 2024 Octo User\n\nPermission is hereby granted, free of charge, to any person obtaining a copy' } });
	}
	srv.resetRequests();
}

/** What each operation needs to do anything: only parameters whose default is empty. */
const fills = (): Record<string, IDataObject> => ({
	'access.review': { owner: byName(ORG) },
	'access.applyPlan': {},
	'access.removeGrants': { owner: byName(ORG) },
	'access.revoke': { owner: byName(ORG), person: 'other-user' },
	'access.sync': { owner: byName(ORG) },
	'apiCall.request': { endpoint: '/user' },
	'branch.create': inRepo({ newBranch: 'defaults-test', from: byName('main') }),
	'branch.get': inRepo({ branch: byName('main') }),
	'branch.getAll': inRepo(),
	'checkRun.create': inRepo({ name: 'defaults', headSha: featureSha }),
	'checkRun.get': inRepo({ checkRunId: made.checkRunId }),
	'checkRun.getAll': inRepo({ ref: 'main' }),
	'checkRun.update': inRepo({ checkRunId: made.checkRunId, outputTitle: 'Report', outputSummary: 'All read' }),
	'collaborator.add': inRepo({ username: 'outside-user' }),
	'collaborator.getPermission': inRepo({ username: 'other-user' }),
	'collaborator.remove': inRepo({ username: 'other-user' }),
	'commit.get': inRepo({ ref: 'main' }),
	'commit.getAll': inRepo(),
	'commitStatus.create': inRepo({ sha: featureSha }),
	'commitStatus.getAll': inRepo({ ref: 'main' }),
	'commitStatus.getCombined': inRepo({ ref: 'main' }),
	'file.createOrUpdate': inRepo({ filePath: 'defaults.md', commitMessage: 'Add defaults.md', fileContent: 'defaults' }),
	'file.delete': inRepo({ filePath: 'docs/guide.md', commitMessage: 'Remove the guide' }),
	'file.get': inRepo({ filePath: 'README.md' }),
	'file.list': inRepo({ filePath: 'docs' }),
	'gist.create': { files: { file: [{ name: 'defaults.md', content: 'defaults' }] } },
	'gist.getAll': {},
	'gist.update': { gistId: 'aa5a315d61ae9438b18d', description: 'Hello gist, updated' },
	'issue.create': inRepo({ title: 'Defaults issue' }),
	'issue.createComment': inRepo({ issueNumber: 1, body: 'A comment' }),
	'issue.deleteComment': inRepo({ commentId: made.commentId }),
	'issue.editComment': inRepo({ commentId: made.commentId, body: 'Edited' }),
	'issue.get': inRepo({ issueNumber: 1 }),
	'issue.getAll': inRepo(),
	'issue.getAssignees': inRepo({ issueNumber: 1 }),
	'issue.getComments': inRepo({ issueNumber: 2 }),
	'issue.lock': inRepo({ issueNumber: 1 }),
	'issue.search': { query: 'bug' },
	'issue.unlock': inRepo({ issueNumber: 1 }),
	'issue.update': inRepo({ issueNumber: 1, updateFields: { title: 'Renamed' } }),
	'organization.cancelInvitation': { owner: byName(ORG), invitationId: made.invitationId },
	'organization.getInvitations': { owner: byName(ORG) },
	'organization.getMembers': { owner: byName(ORG) },
	'organization.getMembership': { owner: byName(ORG), username: 'other-user' },
	'organization.getOutsideCollaborators': { owner: byName(ORG) },
	'organization.getRepositories': { owner: byName(ORG) },
	'organization.removeMember': { owner: byName(ORG), username: 'other-user' },
	'organization.removeOutsideCollaborator': { owner: byName(ORG), username: 'outside-user' },
	'organization.setMembership': { owner: byName(ORG), username: 'outside-user' },
	'projectItem.updateStatus': { projectOwner: ORG, itemId: 'PVTI_lADOAOrgItem001', status: 'Done' },
	'pullRequest.create': inRepo({ title: 'Defaults pull request', head: byName('feature-a'), base: byName('develop') }),
	'pullRequest.get': inRepo({ pullNumber: 4 }),
	'pullRequest.getAll': inRepo(),
	'pullRequest.getCommits': inRepo({ pullNumber: 4 }),
	'pullRequest.getDiff': inRepo({ pullNumber: 4 }),
	'pullRequest.getFiles': inRepo({ pullNumber: 4 }),
	'pullRequest.getPatch': inRepo({ pullNumber: 4 }),
	'pullRequest.getReviewers': inRepo({ pullNumber: 4 }),
	'pullRequest.merge': inRepo({ pullNumber: 4 }),
	'pullRequest.update': inRepo({ pullNumber: 4, updateFields: { title: 'Renamed' } }),
	'rateLimit.get': {},
	'release.create': inRepo({ tag: 'v9.9.9' }),
	'release.delete': inRepo({ releaseId: made.releaseId }),
	'release.get': inRepo({ releaseId: made.releaseId }),
	'release.getAll': inRepo(),
	'release.update': inRepo({ releaseId: made.releaseId, updateFields: { name: 'Renamed' } }),
	'repository.create': { name: 'defaults-repo' },
	'repository.get': inRepo(),
	'repository.getLicense': inRepo(),
	'repository.getProfile': inRepo(),
	'repository.listPopularPaths': inRepo(),
	'repository.listReferrers': inRepo(),
	'repository.star': inRepo(),
	'review.create': inRepo({ pullRequestNumber: '4', body: 'Looked at it' }),
	'review.get': inRepo({ pullRequestNumber: '4', reviewId: made.reviewId }),
	'review.getAll': inRepo({ pullRequestNumber: '4' }),
	'review.update': inRepo({ pullRequestNumber: '4', reviewId: made.reviewId, body: 'Edited' }),
	'team.addMember': { owner: byName(ORG), team: byName('developers'), username: 'outside-user' },
	'team.getAll': { owner: byName(ORG) },
	'team.getMembers': { owner: byName(ORG), team: byName('developers') },
	'team.getRepositories': { owner: byName(ORG), team: byName('developers') },
	'team.removeMember': { owner: byName(ORG), team: byName('developers'), username: 'other-user' },
	'user.getCurrent': {},
	'user.getIssues': {},
	'user.getRepositories': { owner: byName(LOGIN) },
	'user.invite': { organization: byName(ORG), email: 'new.hire@example.com' },
	'workflow.disable': inRepo({ workflowId: byIdRl('161335') }),
	'workflow.dispatch': inRepo({ workflowId: byIdRl('161335'), ref: byName('main') }),
	'workflow.dispatchAndWait': inRepo({ workflowId: byIdRl('161335'), ref: byName('main') }),
	'workflow.enable': inRepo({ workflowId: byIdRl('161335') }),
	'workflow.get': inRepo({ workflowId: byIdRl('161335') }),
	'workflow.getAll': inRepo(),
	'workflow.getRun': inRepo({ runId: made.runId }),
	'workflow.getRuns': inRepo({ workflowId: byIdRl('161335') }),
	'workflow.getUsage': inRepo({ workflowId: byIdRl('161335') }),
});

/** The input items of operations that read the whole input (a roster): otherwise one empty item. */
const ITEMS: Record<string, IDataObject[]> = {
	// developers with outside-user added, and without its maintainer octo-user (kept by default)
	'access.sync': [{ login: 'other-user', teams: 'developers' }, { login: 'outside-user', teams: 'developers' }],
	// other-user's membership of developers, and the token's own (kept by default)
	'access.removeGrants': [{ login: 'other-user', team: 'developers' }, { login: 'octo-user', team: 'developers' }],
};

/** Operations whose own work deletes, removes access or merges (their action says so). */
const REMOVES = [
	'access.applyPlan', // applies what it is given: here a Revoke's plan
	'access.removeGrants', // the same Mode as Sync; Max Removals brakes, the token's own login is kept by default
	'access.revoke', // plans by default as an AI tool; in a workflow Mode Automatic applies, as Governance's Sync
	'access.sync', // the same Mode; Max Removals brakes, maintainers are kept by default
	'collaborator.remove',
	'file.delete',
	'gist.update',
	'issue.deleteComment',
	'organization.cancelInvitation',
	'organization.removeMember',
	'organization.removeOutsideCollaborator',
	'pullRequest.merge',
	'release.delete',
	'team.removeMember',
];

/** Apply Plan's input: the plan Revoke made (Mode Plan Only) on the same server, with the same token. */
async function planOf(srv: CodeHostingServer): Promise<IDataObject[]> {
	const planned = await runCodeHosting(srv, { parameters: { resource: 'access', operation: 'revoke', ...fills()['access.revoke'], options: { dryRun: true } } });
	expect(planned.error).toBeUndefined();
	srv.resetRequests();
	return planned.output.map((item) => item.json);
}

async function observe(operation: Operation, extra: IDataObject = {}, asTool = false) {
	const srv: CodeHostingServer = await startServer();
	try {
		await prepare(srv, operation.key);
		const { output, error } = await runCodeHosting(srv, {
			parameters: { resource: operation.resource, operation: operation.operation, ...fills()[operation.key], ...extra },
			items: operation.key === 'access.applyPlan' ? await planOf(srv) : ITEMS[operation.key],
			asTool,
			// the seeded review is other-user's: only its author edits it
			...(operation.key === 'review.update' ? { token: OTHER_TOKEN } : {}),
			// check runs are written by GitHub Apps only
			...(operation.resource === 'checkRun' ? { app: {} } : {}),
		});
		const requests = srv.requests.filter((request) => !request.path.startsWith('/login/'));
		return { requests: seen(requests), output: outputShape(output), error: errorLine(error) };
	} finally {
		await srv.stop();
	}
}

const baseline = baselinesOf((operation: Operation) => observe(operation));

test('the walk covers every operation, and each fill sets only parameters with an empty default', () => {
	expect(operations.length).toBeGreaterThanOrEqual(75);
	const table = fills();
	expect(operations.map((operation) => operation.key).filter((key) => !(key in table))).toEqual([]);
	for (const [key, fill] of Object.entries(table)) {
		const operation = operations.find((entry) => entry.key === key);
		expect(operation).toBeDefined();
		for (const name of Object.keys(fill)) {
			const property = operation!.properties.find((entry) => entry.name === name && entry.type !== 'notice');
			// projectNumber's default is 1, the seeded project's number: it stays unfilled
			expect([key, name, property && hasEmptyDefault(property)]).toEqual([key, name, true]);
		}
	}
});

describe('(a) an option added at its shown default changes nothing', () => {
	const cases = operations.flatMap((operation) =>
		collectionOptionsOf(operation).map(({ collection, option }) => [`${operation.key}: ${collection}.${option.name}`, operation, collection, option] as const),
	);

	test('every option of every collection is in the walk', () => {
		expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(['issue.get: options.simplify', 'issue.search: options.simplify', 'issue.getAll: filters.state', 'release.create: additionalFields.draft']));
	});

	test.each(cases)('%s', async (_name, operation, collection, option) => {
		const base = await baseline(operation);
		const added = await observe(operation, { [collection]: { [option.name]: option.default } });
		expect(added).toEqual(base);
	});

	test('the baselines do real work: every operation with options sends requests and answers without an error', async () => {
		const results: Array<readonly [string, Awaited<ReturnType<typeof observe>>]> = [];
		// one after the other: a run reads ids its fresh server made
		for (const operation of operations.filter((entry) => collectionOptionsOf(entry).length > 0)) results.push([operation.key, await baseline(operation)]);
		expect(results.filter(([, result]) => result.error !== undefined).map(([key, result]) => `${key}: ${result.error}`)).toEqual([]);
		for (const [, result] of results) expect(result.requests.length).toBeGreaterThan(0);
	});

	test.each(['issue.get', 'workflow.getRuns', 'issue.search'])('%s as an AI tool: Simplify added at Automatic gives what no option gives (simplified)', async (key) => {
		await expectSimplifyAutomaticAsNone(operations.find((entry) => entry.key === key)!, observe);
	});
});

/** A request that deletes, approves, passes a check, merges, or grants more than read access. */
function destructive(request: { method: string; path: string; body?: unknown }): boolean {
	const body = (request.body ?? {}) as IDataObject;
	if (request.method === 'DELETE' && !/\/lock$/.test(request.path)) return true; // DELETE …/lock unlocks
	if (/\/merge$/.test(request.path)) return true;
	if (/\/reviews(\/\d+\/events)?$/.test(request.path) && body.event === 'APPROVE') return true;
	if (/\/statuses\//.test(request.path) && body.state === 'success') return true;
	if (/\/check-runs/.test(request.path) && ['success', 'neutral', 'skipped'].includes(String(body.conclusion))) return true;
	if (/\/collaborators\//.test(request.path) && request.method === 'PUT' && body.permission !== 'pull') return true;
	if (/\/orgs\/[^/]+\/(invitations|memberships\/)/.test(request.path) && ['admin', 'owner'].includes(String(body.role))) return true;
	if (/\/orgs\/[^/]+\/teams\/[^/]+\/memberships\//.test(request.path) && body.role === 'maintainer') return true;
	if (/\/repos$|\/user\/repos$|\/orgs\/[^/]+\/repos$/.test(request.path) && request.method === 'POST' && body.private === false) return true;
	return false;
}

describe('(b) omitted or defaulted parameters: no destructive request', () => {
	const others = operations.filter((operation) => !REMOVES.includes(operation.key));

	test('the removing operations are real ones, all others are walked', () => {
		for (const key of REMOVES) expect(operations.map((operation) => operation.key)).toContain(key);
		expect(others.length).toBe(operations.length - REMOVES.length);
	});

	test.each(others.map((operation) => [operation.key, operation] as const))('%s', async (_key, operation) => {
		const { requests } = await observe(operation);
		expect(requests.filter(destructive)).toEqual([]);
	});

	test.each([
		['commitStatus.create', 'POST', /\/statuses\//, { state: 'pending' }],
		['review.create', 'POST', /\/pulls\/4\/reviews$/, { event: 'COMMENT', body: 'Looked at it' }],
		['collaborator.add', 'PUT', /\/collaborators\/outside-user$/, { permission: 'pull' }],
		['organization.setMembership', 'PUT', /\/orgs\/octo-org\/memberships\/outside-user$/, { role: 'member' }],
		['team.addMember', 'PUT', /\/teams\/developers\/memberships\/outside-user$/, { role: 'member' }],
	])('%s at its defaults sends the safe choice', async (key, method, path, body) => {
		const { requests, error } = await observe(operations.find((operation) => operation.key === key)!);
		expect(error).toBeUndefined();
		expect(requests.filter((request) => request.method === method && path.test(request.path)).map((request) => request.body)).toEqual([body]);
	});

	test('no resource opens on an operation that removes, nor on Workflow → Dispatch (it runs a workflow)', () => {
		const opening = openingOperations(description);
		expect(opening.workflow).toBe('getAll');
		expect(opening.review).toBe('create'); // a comment, by default
		expect(opening.access).toBe('review'); // reads only
		for (const [resource, operation] of Object.entries(opening)) expect(REMOVES).not.toContain(`${resource}.${operation}`);
		expect(Object.keys(opening).length).toBeGreaterThanOrEqual(18);
	});

	test('Access → Sync at its defaults keeps team maintainers the roster leaves out and, as a tool, writes nothing', async () => {
		const sync = operations.find((operation) => operation.key === 'access.sync')!;
		const applied = await observe(sync);
		expect(applied.error).toBeUndefined();
		expect(applied.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.body])).toEqual([
			['PUT', `/orgs/${ORG}/teams/developers/memberships/outside-user`, { role: 'member' }],
		]);
		const asTool = await observe(sync, { options: {} }, true);
		expect(asTool.requests.filter((request) => request.method !== 'GET')).toEqual([]);
	});

	test('Check Run → Create completed with no Conclusion chosen: an error, 0 requests', async () => {
		const { requests, error } = await observe(operations.find((operation) => operation.key === 'checkRun.create')!, { status: 'completed' });
		expect(error).toMatch(/^Choose a Conclusion for a completed check run/);
		expect(requests.filter((request) => !request.path.startsWith('/app/'))).toEqual([]);
	});
});
