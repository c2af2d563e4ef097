/**
 * Every webhook event of the Code Hosting Trigger with real example payloads from
 * @octokit/webhooks-examples, signed with the hook's secret and delivered over HTTP to the
 * trigger's webhook function (n8n-core's WebhookContext).
 */
import { createHmac } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import { EVENT_RULES, mayMatch, subscribedEvents } from '../../nodes/CodeHostingTrigger/events';
import type { TriggerHarness } from '../helpers/triggerHarness';
import { createTriggerHarness } from '../helpers/triggerHarness';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const examples = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;

const SECRET = 'test-secret-0123456789abcdef';
const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function example(event: string, action?: string, pick: (payload: IDataObject) => boolean = () => true): IDataObject {
	const group = examples.find((entry) => entry.name === event);
	const found = group?.examples.find((payload) => (action === undefined || payload.action === action) && pick(payload));
	if (!found) throw new Error(`no example for ${event}/${action}`);
	return JSON.parse(JSON.stringify(found)) as IDataObject;
}

async function harnessFor(events: string[], options: IDataObject = {}): Promise<TriggerHarness> {
	const harness = await createTriggerHarness({
		node: new CodeHostingTrigger(),
		parameters: {
			authentication: 'accessToken',
			scope: 'organization',
			owner: { __rl: true, mode: 'name', value: 'octo-org' },
			events,
			options,
		},
		credentials: { codeHostingApi: { server: 'http://127.0.0.1:1', accessToken: 'unused' } },
		credentialTypes: [new CodeHostingApi()],
	});
	Object.assign(harness.staticData, { webhookSecret: SECRET, webhookId: '1', login: 'octocat' });
	return harness;
}

async function deliver(harness: TriggerHarness, event: string, payload: IDataObject, signature?: string) {
	const body = JSON.stringify(payload);
	return await harness.post(body, {
		'content-type': 'application/json',
		'x-github-event': event,
		'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
		...(signature === undefined ? { 'x-hub-signature-256': sign(body) } : signature === '' ? {} : { 'x-hub-signature-256': signature }),
	});
}

// One matching and, where the event has actions, one non-matching real example per trigger event.
const cases: Array<{ event: string; webhook: string; payload: () => IDataObject; other?: () => IDataObject; options?: IDataObject; expectItems?: number }> = [
	{ event: 'newRepository', webhook: 'repository', payload: () => example('repository', 'created'), other: () => example('repository', 'renamed') },
	{ event: 'newFork', webhook: 'fork', payload: () => example('fork') },
	{ event: 'newStar', webhook: 'star', payload: () => example('star', 'created'), other: () => example('star', 'deleted') },
	{ event: 'newWatcher', webhook: 'watch', payload: () => example('watch', 'started') },
	{ event: 'newTag', webhook: 'create', payload: () => example('create'), other: () => ({ ...example('create'), ref_type: 'branch' }) },
	{ event: 'newIssue', webhook: 'issues', payload: () => example('issues', 'opened'), other: () => example('issues', 'edited') },
	{ event: 'updatedIssue', webhook: 'issues', payload: () => example('issues', 'labeled'), other: () => example('issues', 'opened') },
	{ event: 'newPullRequest', webhook: 'pull_request', payload: () => example('pull_request', 'ready_for_review'), other: () => example('pull_request', 'closed') },
	{ event: 'updatedPullRequest', webhook: 'pull_request', payload: () => example('pull_request', 'converted_to_draft'), other: () => example('pull_request', 'opened') },
	{ event: 'newComment', webhook: 'issue_comment', payload: () => example('issue_comment', 'created'), other: () => example('issue_comment', 'deleted') },
	{ event: 'newLabelOnIssue', webhook: 'issues', payload: () => example('issues', 'labeled'), other: () => example('issues', 'unlabeled') },
	{ event: 'newReviewRequest', webhook: 'pull_request', payload: () => example('pull_request', 'review_requested'), other: () => example('pull_request', 'review_request_removed') },
	{ event: 'newPullRequestReview', webhook: 'pull_request_review', payload: () => example('pull_request_review', 'submitted'), other: () => example('pull_request_review', 'dismissed') },
	{
		event: 'newCommit',
		webhook: 'push',
		// A real push with its commit, plus a second commit (a copy with another id) to show the split.
		payload: () => {
			const payload = example('push', undefined, (entry) => Array.isArray(entry.commits) && (entry.commits as unknown[]).length > 0);
			const commits = payload.commits as IDataObject[];
			commits.push({ ...commits[0], id: 'f'.repeat(40), message: 'second commit' });
			return payload;
		},
		other: () => ({ ...example('push'), commits: [] }),
	},
	{ event: 'newPush', webhook: 'push', payload: () => example('push') },
	{ event: 'newBranch', webhook: 'create', payload: () => ({ ...example('create'), ref_type: 'branch', ref: 'feature/x' }), other: () => example('create') },
	{ event: 'workflowRunCompleted', webhook: 'workflow_run', payload: () => example('workflow_run', 'completed'), other: () => example('workflow_run', 'requested') },
	{ event: 'workflowJobCompleted', webhook: 'workflow_job', payload: () => example('workflow_job', 'completed'), other: () => example('workflow_job', 'queued') },
	{ event: 'newCollaborator', webhook: 'member', payload: () => example('member', 'added'), other: () => example('member', 'edited') },
	{
		event: 'newMention',
		webhook: 'issue_comment',
		payload: () => {
			const payload = example('issue_comment', 'created');
			(payload.comment as IDataObject).body = 'Could @octocat take a look?';
			return payload;
		},
		other: () => {
			const payload = example('issue_comment', 'created');
			(payload.comment as IDataObject).body = 'mail octocat@example.com, not a mention of @octocatfan';
			return payload;
		},
	},
	{ event: 'projectItemStatusChanged', webhook: 'projects_v2_item', payload: () => example('projects_v2_item', 'edited'), other: () => example('projects_v2_item', 'reordered') },
	{
		event: 'newCardInColumn',
		webhook: 'project_card',
		options: { columnId: '' },
		payload: () => example('project_card', 'created'),
		other: () => example('project_card', 'moved'),
	},
	{ event: 'newRelease', webhook: 'release', payload: () => example('release', 'published'), other: () => example('release', 'created') },
	{ event: 'newDiscussion', webhook: 'discussion', payload: () => example('discussion', 'created'), other: () => example('discussion', 'answered') },
	{ event: 'newDiscussionComment', webhook: 'discussion_comment', payload: () => example('discussion_comment', 'created'), other: () => example('discussion_comment', 'edited') },
	{ event: 'organizationMembershipChanged', webhook: 'organization', payload: () => example('organization', 'member_invited'), other: () => example('organization', 'renamed') },
	// membership has only the actions added and removed, both counted
	{ event: 'teamMembershipChanged', webhook: 'membership', payload: () => example('membership', 'removed') },
	// member has only the actions added, removed and edited, all counted
	{ event: 'repositoryAccessChanged', webhook: 'member', payload: () => example('member', 'edited') },
];

test('the cases cover every webhook event of the trigger', () => {
	expect(cases.map((entry) => entry.event).sort()).toEqual(EVENT_RULES.map((rule) => rule.name).sort());
	expect(EVENT_RULES).toHaveLength(28); // the 29 of product.md less newGist (polling trigger)
});

describe.each(cases)('$event', ({ event, webhook, payload, other, options }) => {
	let harness: TriggerHarness;
	beforeAll(async () => {
		harness = await harnessFor([event], options);
	});
	afterAll(async () => {
		await harness.close();
	});

	test('a signed matching delivery starts the workflow with the event, action, delivery ID and payload', async () => {
		const body = payload();
		const delivery = await deliver(harness, webhook, body);
		expect(delivery.status).toBe(200);
		expect(delivery.items?.length).toBeGreaterThan(0);
		const first = delivery.items![0].json;
		expect(first.event).toBe(event);
		expect(first.webhookEvent).toBe(webhook);
		expect(first.deliveryId).toBe('72d3162e-cc78-11e3-81ab-4c9367dc0958');
		expect(first.action).toBe(body.action ?? null);
		expect(first.repository ?? first.organization ?? first.sender).toBeDefined();
		if (event === 'newCommit') {
			const commits = body.commits as IDataObject[];
			expect(delivery.items).toHaveLength(commits.length);
			expect(delivery.items!.map((item) => (item.json.commit as IDataObject).id)).toEqual(commits.map((commit) => commit.id));
		} else {
			expect(delivery.items).toHaveLength(1);
		}
	});

	if (other) {
		test('a signed delivery that does not match is acknowledged with 200 and starts nothing', async () => {
			const delivery = await deliver(harness, webhook, other());
			expect(delivery.status).toBe(200);
			expect(delivery.items).toBeUndefined();
		});
	}

	test('the same delivery unsigned or wrongly signed: 401, nothing started', async () => {
		const body = payload();
		expect((await deliver(harness, webhook, body, '')).status).toBe(401);
		expect((await deliver(harness, webhook, body, sign(JSON.stringify(body), 'another-secret'))).items).toBeUndefined();
	});
});

describe('signatures and ping', () => {
	let harness: TriggerHarness;
	beforeAll(async () => {
		harness = await harnessFor(['newStar', 'newIssue']);
	});
	afterAll(async () => {
		await harness.close();
	});

	const body = JSON.stringify(example('star', 'created'));
	const send = async (signature: string | undefined, raw = body) =>
		await harness.post(raw, {
			'content-type': 'application/json',
			'x-github-event': 'star',
			'x-github-delivery': 'd1',
			...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
		});

	test.each([
		['missing', undefined],
		['forged with another secret', sign(body, 'not-the-secret')],
		['truncated', sign(body).slice(0, 40)],
		['wrong algorithm (sha1)', `sha1=${createHmac('sha1', SECRET).update(body).digest('hex')}`],
		['right HMAC without prefix', sign(body).slice('sha256='.length)],
		['not hex', 'sha256=zzzz'],
		['empty', ''],
	])('%s signature → 401, no execution', async (_name, signature) => {
		const delivery = await send(signature);
		expect(delivery.status).toBe(401);
		expect(delivery.items).toBeUndefined();
	});

	test('a body changed after signing → 401', async () => {
		const delivery = await send(sign(body), body.replace('"created"', '"deleted"'));
		expect(delivery.status).toBe(401);
	});

	test('a correct signature → 200 and an execution', async () => {
		const delivery = await send(sign(body));
		expect(delivery.status).toBe(200);
		expect(delivery.items).toHaveLength(1);
	});

	test('ping → 200, no execution', async () => {
		const ping = JSON.stringify(example('ping'));
		const delivery = await harness.post(ping, { 'content-type': 'application/json', 'x-github-event': 'ping', 'x-github-delivery': 'p', 'x-hub-signature-256': sign(ping) });
		expect(delivery.status).toBe(200);
		expect(delivery.items).toBeUndefined();
	});

	test('while no secret is stored yet (activation in progress) an unsigned ping gets 200 and starts nothing', async () => {
		delete harness.staticData.webhookSecret;
		const ping = JSON.stringify(example('ping'));
		const delivery = await harness.post(ping, { 'content-type': 'application/json', 'x-github-event': 'ping', 'x-github-delivery': 'p0' });
		expect(delivery.status).toBe(200);
		expect(delivery.items).toBeUndefined();
		harness.staticData.webhookSecret = SECRET;
		const forged = await harness.post(ping, { 'content-type': 'application/json', 'x-github-event': 'ping', 'x-github-delivery': 'p1', 'x-hub-signature-256': sign(ping, 'nope') });
		expect(forged.status).toBe(401);
	});

	test('no secret stored (never activated) → 401 even with a signature', async () => {
		delete harness.staticData.webhookSecret;
		const delivery = await send(sign(body));
		expect(delivery.status).toBe(401);
		harness.staticData.webhookSecret = SECRET;
	});
});

describe('filters', () => {
	test('newCardInColumn with a column filter only fires for that column', async () => {
		const payload = example('project_card', 'created');
		const column = String((payload.project_card as IDataObject).column_id);
		const match = await harnessFor(['newCardInColumn'], { columnId: column });
		const miss = await harnessFor(['newCardInColumn'], { columnId: '999999' });
		expect((await deliver(match, 'project_card', payload)).items).toHaveLength(1);
		expect((await deliver(miss, 'project_card', payload)).items).toBeUndefined();
		await match.close();
		await miss.close();
	});

	test('several events: a delivery matching two gives one item per event', async () => {
		const harness = await harnessFor(['newPullRequest', 'updatedPullRequest', 'newIssue']);
		const delivery = await deliver(harness, 'pull_request', example('pull_request', 'ready_for_review'));
		expect(delivery.items?.map((item) => item.json.event).sort()).toEqual(['newPullRequest', 'updatedPullRequest']);
		await harness.close();
	});
});

describe('access changes (issue 39): every action the events name, and only those', () => {
	// the examples have no organization/member_removed and no member/removed: those are the
	// example of the other action of the same event with its action changed (the same shape: the
	// membership or the member, the organization or the repository, the sender)
	const removedFromOrganization = (): IDataObject => ({ ...example('organization', 'member_added'), action: 'member_removed' });
	const removedFromRepository = (): IDataObject => ({ ...example('member', 'added'), action: 'removed' });

	test.each([
		['organizationMembershipChanged', 'organization', 'member_added', () => example('organization', 'member_added'), 'hacktocat'],
		['organizationMembershipChanged', 'organization', 'member_removed', removedFromOrganization, 'hacktocat'],
		['organizationMembershipChanged', 'organization', 'member_invited', () => example('organization', 'member_invited'), undefined],
		['teamMembershipChanged', 'membership', 'added', () => example('membership', 'added'), undefined],
		['teamMembershipChanged', 'membership', 'removed', () => example('membership', 'removed'), undefined],
		['repositoryAccessChanged', 'member', 'added', () => example('member', 'added'), undefined],
		['repositoryAccessChanged', 'member', 'removed', removedFromRepository, undefined],
		['repositoryAccessChanged', 'member', 'edited', () => example('member', 'edited'), undefined],
	])('%s: %s/%s → one item with the payload', async (event, webhook, action, payload, member) => {
		const harness = await harnessFor([event]);
		const body = payload();
		const delivery = await deliver(harness, webhook, body);
		await harness.close();
		expect(delivery.status).toBe(200);
		expect(delivery.items).toHaveLength(1);
		const item = delivery.items![0].json;
		expect(item).toMatchObject({ event, webhookEvent: webhook, action, recovered: false });
		// the payload as the platform sent it: who changed and where
		for (const key of Object.keys(body).filter((key) => key !== 'action')) expect(item[key]).toEqual(body[key]);
		if (member) expect(((item.membership as IDataObject).user as IDataObject).login).toBe(member);
	});

	test.each([
		['organizationMembershipChanged', 'organization', () => example('organization', 'renamed')],
		['organizationMembershipChanged', 'organization', () => ({ ...example('organization', 'renamed'), action: 'deleted' })],
		['organizationMembershipChanged', 'membership', () => example('membership', 'added')],
		['teamMembershipChanged', 'organization', () => example('organization', 'member_added')],
		['teamMembershipChanged', 'team', () => example('team', 'added_to_repository')],
		['repositoryAccessChanged', 'membership', () => example('membership', 'added')],
		['repositoryAccessChanged', 'organization', () => example('organization', 'member_added')],
	])('%s does not start on %s deliveries it does not name', async (event, webhook, payload) => {
		const harness = await harnessFor([event]);
		const delivery = await deliver(harness, webhook, payload());
		await harness.close();
		expect(delivery.status).toBe(200);
		expect(delivery.items).toBeUndefined();
	});

	test('New Collaborator and Repository Access Changed both chosen: member/added gives one item each, member/edited only the latter', async () => {
		const harness = await harnessFor(['newCollaborator', 'repositoryAccessChanged']);
		const added = await deliver(harness, 'member', example('member', 'added'));
		const edited = await deliver(harness, 'member', example('member', 'edited'));
		await harness.close();
		expect(added.items?.map((item) => item.json.event).sort()).toEqual(['newCollaborator', 'repositoryAccessChanged']);
		expect(edited.items?.map((item) => item.json.event)).toEqual(['repositoryAccessChanged']);
		expect(edited.items![0].json.changes).toEqual({ old_permission: { from: 'write' } });
	});

	test('the three together subscribe to organization, membership and member; a delivery log entry counts only for a named action', () => {
		const chosen = ['organizationMembershipChanged', 'teamMembershipChanged', 'repositoryAccessChanged'];
		expect(subscribedEvents(chosen)).toEqual(['member', 'membership', 'organization']);
		// what recovery asks the platform to redeliver (the log gives event and action only)
		expect(mayMatch(chosen, 'organization', 'member_removed')).toBe(true);
		expect(mayMatch(chosen, 'organization', 'member_invited')).toBe(true);
		expect(mayMatch(chosen, 'organization', 'renamed')).toBe(false);
		expect(mayMatch(chosen, 'membership', 'removed')).toBe(true);
		expect(mayMatch(chosen, 'member', 'edited')).toBe(true);
		expect(mayMatch(chosen, 'team', 'added_to_repository')).toBe(false);
	});
});
