import type { IDataObject } from 'n8n-workflow';

import { PLATFORM_EVENTS } from './platformEvents';

/**
 * Every webhook trigger event (product.md) and how it is recognised in a delivery: the platform
 * event, the actions that count, and for some a further test on the payload.
 */
export interface EventRule {
	name: string;
	description: string;
	/** Platform webhook events to subscribe to. */
	webhookEvents: string[];
	/** Actions that count (any when absent). */
	actions?: string[];
	/** Delivered only to organization webhooks. */
	organizationOnly?: boolean;
	/** Extra condition on the payload. */
	test?: (payload: IDataObject, context: MatchContext) => boolean;
	/** One output item per ... (default: one per delivery). */
	split?: (payload: IDataObject) => IDataObject[];
}

export interface MatchContext {
	/** Login of the connected account, for mentions. */
	login?: string;
	/** Column ID filter for newCardInColumn. */
	columnId?: string;
	/** Name of the project status field. */
	statusField: string;
	/** For otherEvents: the platform events chosen by name, or `*`. */
	platformEvents?: string[];
}

/** The `events` value that subscribes to platform events by name (parameter `platformEvents`). */
export const OTHER_EVENTS = 'otherEvents';
/** The `platformEvents` value for every event of the platform. */
export const ALL_PLATFORM_EVENTS = '*';

/** The choices of `platformEvents`: `*` first, then every webhook event of the platform. */
export const PLATFORM_EVENT_CHOICES: readonly string[] = [ALL_PLATFORM_EVENTS, ...PLATFORM_EVENTS];

/** Chosen platform events that are not events of the platform (from an expression). */
export function unknownPlatformEvents(platformEvents: string[]): string[] {
	return platformEvents.filter((event) => !PLATFORM_EVENT_CHOICES.includes(event));
}

const MENTION_SOURCES: Record<string, string[]> = {
	issues: ['opened', 'edited'],
	issue_comment: ['created', 'edited'],
	pull_request: ['opened', 'edited'],
	pull_request_review: ['submitted', 'edited'],
	pull_request_review_comment: ['created', 'edited'],
	discussion: ['created', 'edited'],
	discussion_comment: ['created', 'edited'],
	commit_comment: ['created'],
};

/** The text of the issue, pull request, review, discussion or comment a delivery is about. */
export function mentionText(payload: IDataObject): string {
	for (const key of ['comment', 'review', 'discussion', 'pull_request', 'issue']) {
		const entry = payload[key] as IDataObject | undefined;
		if (entry && typeof entry === 'object') {
			const parts = [entry.body, key === 'comment' || key === 'review' ? undefined : entry.title];
			return parts.filter((part) => typeof part === 'string').join('\n');
		}
	}
	return '';
}

export function mentions(text: string, login: string | undefined): boolean {
	if (!login) return false;
	const escaped = login.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return new RegExp(`(^|[^\\w@/-])@${escaped}(?![\\w-])`, 'i').test(text);
}

const ref = (payload: IDataObject) => payload.ref_type;

export const EVENT_RULES: EventRule[] = [
	{ name: 'newRepository', description: 'A repository is created in the organization (organization scope)', webhookEvents: ['repository'], actions: ['created'], organizationOnly: true },
	{ name: 'newFork', description: 'Someone forks the repository', webhookEvents: ['fork'] },
	{ name: 'newStar', description: 'A user stars the repository', webhookEvents: ['star'], actions: ['created'] },
	{ name: 'newWatcher', description: 'A user starts watching the repository', webhookEvents: ['watch'], actions: ['started'] },
	{ name: 'newTag', description: 'A tag is pushed', webhookEvents: ['create'], test: (payload) => ref(payload) === 'tag' },
	{ name: 'newIssue', description: 'An issue is opened', webhookEvents: ['issues'], actions: ['opened'] },
	{ name: 'updatedIssue', description: 'Title, body, labels, assignees or state of an issue change', webhookEvents: ['issues'], actions: ['edited', 'labeled', 'unlabeled', 'assigned', 'unassigned', 'closed', 'reopened'] },
	{ name: 'newPullRequest', description: 'A pull request is opened or marked ready for review', webhookEvents: ['pull_request'], actions: ['opened', 'ready_for_review'] },
	{ name: 'updatedPullRequest', description: 'A pull request is modified or changes state (draft, ready, closed, ...)', webhookEvents: ['pull_request'], actions: ['edited', 'closed', 'reopened', 'converted_to_draft', 'ready_for_review', 'synchronize', 'labeled', 'unlabeled', 'assigned', 'unassigned'] },
	{ name: 'newComment', description: 'A comment is added to an issue or pull request', webhookEvents: ['issue_comment', 'pull_request_review_comment'], actions: ['created'] },
	{ name: 'newLabelOnIssue', description: 'A label is applied to an issue', webhookEvents: ['issues'], actions: ['labeled'] },
	{ name: 'newReviewRequest', description: 'A reviewer is requested on a pull request', webhookEvents: ['pull_request'], actions: ['review_requested'] },
	{ name: 'newPullRequestReview', description: 'A review is submitted (approved, changes requested, commented)', webhookEvents: ['pull_request_review'], actions: ['submitted'] },
	{
		name: 'newCommit',
		description: 'A commit is pushed to any branch (one item per commit)',
		webhookEvents: ['push'],
		test: (payload) => Array.isArray(payload.commits) && payload.commits.length > 0,
		split: (payload) => {
			const { commits, ...push } = payload;
			return (commits as IDataObject[]).map((commit) => ({
				commit,
				ref: push.ref,
				before: push.before,
				after: push.after,
				compare: push.compare,
				pusher: push.pusher,
				repository: push.repository,
				sender: push.sender,
				...(push.organization ? { organization: push.organization } : {}),
			}));
		},
	},
	{ name: 'newPush', description: 'Any push, including several commits', webhookEvents: ['push'] },
	{ name: 'newBranch', description: 'A branch is created', webhookEvents: ['create'], test: (payload) => ref(payload) === 'branch' },
	{ name: 'workflowRunCompleted', description: 'A workflow run finishes: succeeded, failed or cancelled', webhookEvents: ['workflow_run'], actions: ['completed'] },
	{ name: 'workflowJobCompleted', description: 'A job of a workflow run completes', webhookEvents: ['workflow_job'], actions: ['completed'] },
	{ name: 'newCollaborator', description: 'A collaborator is added to the repository', webhookEvents: ['member'], actions: ['added'] },
	{
		name: 'newMention',
		description: 'The connected account is mentioned in an issue, pull request, review, discussion or comment',
		webhookEvents: Object.keys(MENTION_SOURCES),
		test: (payload, context) => mentions(mentionText(payload), context.login),
	},
	{
		name: 'projectItemStatusChanged',
		description: 'The status of an item in a project (V2) changes (organization scope)',
		webhookEvents: ['projects_v2_item'],
		actions: ['edited'],
		organizationOnly: true,
		test: (payload, context) => {
			const change = (payload.changes as IDataObject | undefined)?.field_value as IDataObject | undefined;
			if (!change) return false;
			// Newer payloads name the field; older ones only give its type (status is single-select).
			if (typeof change.field_name === 'string') {
				return change.field_name.toLowerCase() === context.statusField.toLowerCase();
			}
			return change.field_type === 'single_select';
		},
	},
	{
		name: 'newCardInColumn',
		description: 'A card is added to a column of a classic project board',
		webhookEvents: ['project_card'],
		actions: ['created'],
		test: (payload, context) =>
			!context.columnId || String((payload.project_card as IDataObject | undefined)?.column_id ?? '') === context.columnId,
	},
	{ name: 'newRelease', description: 'A release is published', webhookEvents: ['release'], actions: ['published'] },
	{ name: 'newDiscussion', description: 'A discussion is opened', webhookEvents: ['discussion'], actions: ['created'] },
	{ name: 'newDiscussionComment', description: 'A comment is added to a discussion', webhookEvents: ['discussion_comment'], actions: ['created'] },
	// Access changes (issue 39). GitHub sends `organization` and `membership` to organization
	// webhooks only; `member` to repository and organization webhooks. A GitHub App receives all
	// three only with the Members organization permission (read).
	{
		name: 'organizationMembershipChanged',
		description:
			'A person is invited to, added to or removed from the organization (platform event organization: member_invited, member_added, member_removed). Needs Scope: Organization; the webhook needs admin:org_hook (classic token) and, with a GitHub App, the Members organization permission (read).',
		webhookEvents: ['organization'],
		actions: ['member_added', 'member_removed', 'member_invited'],
		organizationOnly: true,
	},
	{
		name: 'teamMembershipChanged',
		description:
			'A person is added to or removed from a team of the organization (platform event membership: added, removed). Needs Scope: Organization; the webhook needs admin:org_hook (classic token) and, with a GitHub App, the Members organization permission (read).',
		webhookEvents: ['membership'],
		actions: ['added', 'removed'],
		organizationOnly: true,
	},
	{
		name: 'repositoryAccessChanged',
		description:
			"A collaborator is added to or removed from a repository, or their permission changes (platform event member: added, removed, edited). Scope Repository: that repository; Scope Organization: every repository of it. The webhook needs admin:repo_hook or admin:org_hook (classic token) and, with a GitHub App, the Members organization permission (read).",
		webhookEvents: ['member'],
		actions: ['added', 'removed', 'edited'],
	},
];

/** Display name of a trigger event (`newPullRequest` → New Pull Request). */
export function eventDisplayName(name: string): string {
	return name.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());
}

/** The events GitHub sends to organization webhooks only (they need Scope: Organization). */
export const ORGANIZATION_ONLY_EVENTS: readonly string[] = EVENT_RULES.filter((rule) => rule.organizationOnly).map((rule) => rule.name);

/** The mention rule needs the action too: only new or edited text counts. */
export function mentionActionMatches(webhookEvent: string, action: string | undefined): boolean {
	return (MENTION_SOURCES[webhookEvent] ?? []).includes(action ?? '');
}

export const RULES_BY_NAME = new Map(EVENT_RULES.map((rule) => [rule.name, rule]));

/** Platform events a set of trigger events needs, without duplicates, sorted. */
export function webhookEventsFor(names: string[]): string[] {
	const events = new Set<string>();
	for (const name of names) for (const event of RULES_BY_NAME.get(name)?.webhookEvents ?? []) events.add(event);
	return [...events].sort();
}

/**
 * What the webhook subscribes to: the platform events of the named trigger events, plus, with
 * otherEvents, the chosen platform events (`*` alone when all are chosen), sorted.
 */
export function subscribedEvents(names: string[], platformEvents: string[] = []): string[] {
	const events = new Set(webhookEventsFor(names));
	if (names.includes(OTHER_EVENTS)) {
		if (platformEvents.includes(ALL_PLATFORM_EVENTS)) return [ALL_PLATFORM_EVENTS];
		for (const event of platformEvents) events.add(event);
	}
	return [...events].sort();
}

/**
 * Whether a delivery of `webhookEvent` with `action` can start an execution for the chosen trigger
 * events, judged without its payload (as a hook's delivery log lists it): false only when no
 * chosen event takes that platform event and action. A rule that also tests the payload (a
 * mention, a column, a status field) counts as a match: the payload decides once it is redelivered.
 * An action the log does not give (null or absent) counts as any action.
 */
export function mayMatch(chosen: string[], webhookEvent: string, action: string | null | undefined, platformEvents: string[] = []): boolean {
	const known = typeof action === 'string' && action !== '';
	for (const name of chosen) {
		const rule = RULES_BY_NAME.get(name);
		if (!rule || !rule.webhookEvents.includes(webhookEvent)) continue;
		if (!known) return true;
		if (rule.actions && !rule.actions.includes(action)) continue;
		if (rule.name === 'newMention' && !mentionActionMatches(webhookEvent, action)) continue;
		return true;
	}
	return chosen.includes(OTHER_EVENTS) && (platformEvents.includes(ALL_PLATFORM_EVENTS) || platformEvents.includes(webhookEvent));
}

export interface MatchedItem {
	event: string;
	json: IDataObject;
}

/** The output items of one delivery for the chosen trigger events (none when nothing matches). */
export function matchDelivery(
	chosen: string[],
	webhookEvent: string,
	deliveryId: string,
	payload: IDataObject,
	context: MatchContext,
): IDataObject[] {
	const action = typeof payload.action === 'string' ? payload.action : undefined;
	const items: IDataObject[] = [];
	for (const name of chosen) {
		const rule = RULES_BY_NAME.get(name);
		if (!rule || !rule.webhookEvents.includes(webhookEvent)) continue;
		if (rule.actions && !rule.actions.includes(action ?? '')) continue;
		if (rule.name === 'newMention' && !mentionActionMatches(webhookEvent, action)) continue;
		if (rule.test && !rule.test(payload, context)) continue;
		const base = { event: name, webhookEvent, action: action ?? null, deliveryId };
		const parts = rule.split ? rule.split(payload) : [payload];
		for (const part of parts) items.push({ ...part, ...base });
	}
	// otherEvents: a chosen platform event is emitted as it comes, unless a named event above
	// already emitted this delivery.
	const platformEvents = context.platformEvents ?? [];
	if (
		items.length === 0 &&
		chosen.includes(OTHER_EVENTS) &&
		(platformEvents.includes(ALL_PLATFORM_EVENTS) || platformEvents.includes(webhookEvent))
	) {
		items.push({ ...payload, event: OTHER_EVENTS, webhookEvent, action: action ?? null, deliveryId });
	}
	return items;
}
