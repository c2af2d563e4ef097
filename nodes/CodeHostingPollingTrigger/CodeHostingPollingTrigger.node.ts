import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { ownerLocator, repositoryLocator, repositoryPath } from '../CodeHosting/actions/common';
import { searchOwners, searchRepositories } from '../CodeHosting/methods/listSearch';
import { codeHosting } from '../CodeHosting/transport';
import { authenticationProperty, codeHostingCredentials } from '../CodeHosting/descriptions';

/** Repository events feed types and the trigger event each one is. */
export const FEED_EVENTS: Record<string, { type: string; test?: (event: IDataObject) => boolean }> = {
	newStar: { type: 'WatchEvent' },
	newFork: { type: 'ForkEvent' },
	newIssue: { type: 'IssuesEvent', test: (event) => (event.payload as IDataObject)?.action === 'opened' },
	newPullRequest: { type: 'PullRequestEvent', test: (event) => (event.payload as IDataObject)?.action === 'opened' },
	newPush: { type: 'PushEvent' },
	newRelease: { type: 'ReleaseEvent', test: (event) => (event.payload as IDataObject)?.action === 'published' },
	newBranch: { type: 'CreateEvent', test: (event) => (event.payload as IDataObject)?.ref_type === 'branch' },
	newTag: { type: 'CreateEvent', test: (event) => (event.payload as IDataObject)?.ref_type === 'tag' },
};

/** How many seen IDs are remembered (the feeds return at most a few hundred recent entries). */
const SEEN_LIMIT = 1000;

/**
 * A poll up to this much earlier than `X-Poll-Interval` allows still goes ahead: n8n's schedule
 * fires a few milliseconds late or early, and with an interval equal to the schedule's (60 s)
 * a strict check would skip every other poll.
 */
const POLL_INTERVAL_SLACK_MS = 1000;

interface PollState extends IDataObject {
	seen?: string[];
	etag?: string;
	endpoint?: string;
	event?: string;
	nextPollAt?: number;
}

export class CodeHostingPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Code Hosting Polling Trigger',
		name: 'codeHostingPollingTrigger',
		icon: { light: 'file:codeHosting.svg', dark: 'file:codeHosting.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["event"] }}',
		description: 'Starts the workflow on new GitHub gists, new repositories of a personal account, or repository events read from the events feed (no webhook needed)',
		defaults: { name: 'GitHub Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: codeHostingCredentials,
		properties: [
			authenticationProperty,
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				options: [
					{ name: 'New Branch (Events Feed)', value: 'newBranch', description: 'A branch is created in the repository (read from its events feed)' },
					{ name: 'New Fork (Events Feed)', value: 'newFork', description: 'Someone forks the repository (read from its events feed)' },
					{ name: 'New Gist', value: 'newGist', description: 'A gist is created in the connected account (or by a user)' },
					{ name: 'New Issue (Events Feed)', value: 'newIssue', description: 'An issue is opened in the repository (read from its events feed)' },
					{ name: 'New Pull Request (Events Feed)', value: 'newPullRequest', description: 'A pull request is opened in the repository (read from its events feed)' },
					{ name: 'New Push (Events Feed)', value: 'newPush', description: 'Any push to the repository, including several commits (read from its events feed)' },
					{ name: 'New Release (Events Feed)', value: 'newRelease', description: 'A release is published in the repository (read from its events feed)' },
					{ name: 'New Repository', value: 'newRepository', description: 'A repository is created in the connected personal account' },
					{ name: 'New Star (Events Feed)', value: 'newStar', description: 'A user stars the repository (read from its events feed)' },
					{ name: 'New Tag (Events Feed)', value: 'newTag', description: 'A tag is created in the repository (read from its events feed)' },
				],
				default: 'newGist',
				description: 'The event that starts the workflow, found at each poll (one event per trigger node)',
			},
			{
				displayName: 'Username',
				name: 'username',
				type: 'string',
				default: '',
				displayOptions: { show: { event: ['newGist'] } },
				description: 'Watch this user\'s public gists. Leave empty for the connected account\'s gists.',
			},
			{
				...ownerLocator,
				displayOptions: { show: { event: Object.keys(FEED_EVENTS) } },
			},
			{
				...repositoryLocator,
				displayOptions: { show: { event: Object.keys(FEED_EVENTS) } },
			},
		],
	};

	methods = {
		listSearch: { searchOwners, searchRepositories },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as string;
		const state = this.getWorkflowStaticData('node') as PollState;
		const manual = this.getMode() === 'manual';

		let endpoint: string;
		let qs: IDataObject = { per_page: 100 };
		if (event === 'newGist') {
			const username = String(this.getNodeParameter('username', '') ?? '').trim();
			if (username.includes('/')) throw new NodeOperationError(this.getNode(), 'Username must not contain "/"');
			endpoint = username ? `/users/${encodeURIComponent(username)}/gists` : '/gists';
		} else if (event === 'newRepository') {
			endpoint = '/user/repos';
			qs = { per_page: 100, affiliation: 'owner', sort: 'created', direction: 'desc' };
		} else {
			const owner = String(this.getNodeParameter('owner', '', { extractValue: true }) ?? '').trim();
			const repo = String(this.getNodeParameter('repository', '', { extractValue: true }) ?? '').trim();
			if (!owner || !repo || owner.includes('/') || repo.includes('/')) {
				throw new NodeOperationError(this.getNode(), 'Repository Owner and Repository Name are required');
			}
			endpoint = `${repositoryPath(owner, repo)}/events`;
		}

		if (state.endpoint !== endpoint || state.event !== event) {
			// Another watch target or event: start over (the seen IDs are those of one event's
			// entries only, so another event's history would otherwise be emitted as new).
			state.endpoint = endpoint;
			state.event = event;
			delete state.seen;
			delete state.etag;
			delete state.nextPollAt;
		}
		if (!manual && state.nextPollAt && Date.now() + POLL_INTERVAL_SLACK_MS < state.nextPollAt) return null;
		// The interval counts from when this poll was made, not from when its answer came.
		const startedAt = Date.now();

		// With an ETag from the last poll, an unchanged list answers 304, which costs no rate limit.
		const response = await codeHosting(this).fullRequest<IDataObject[]>('GET', endpoint, {
			qs,
			headers: !manual && state.etag ? { 'If-None-Match': state.etag } : {},
			acceptStatuses: [304],
		});
		const pollInterval = Number(response.headers['x-poll-interval']);
		if (Number.isFinite(pollInterval) && pollInterval > 0) state.nextPollAt = startedAt + pollInterval * 1000;
		if (response.statusCode === 304) return null;
		if (typeof response.headers.etag === 'string') state.etag = response.headers.etag;

		const entries = (Array.isArray(response.body) ? response.body : []).filter((entry) => {
			if (event === 'newGist' || event === 'newRepository') return true;
			const rule = FEED_EVENTS[event];
			return entry.type === rule.type && (!rule.test || rule.test(entry));
		});

		const firstRun = state.seen === undefined;
		const seen = new Set(state.seen ?? []);
		const fresh = entries.filter((entry) => !seen.has(String(entry.id)));
		state.seen = [...entries.map((entry) => String(entry.id)), ...(state.seen ?? [])]
			.filter((id, index, all) => all.indexOf(id) === index)
			.slice(0, SEEN_LIMIT);

		if (manual) {
			// "Fetch test event": show the newest one even if it was seen before.
			const sample = entries.slice(0, 1);
			return sample.length ? [this.helpers.returnJsonArray(sample.map((entry) => ({ event, ...entry })))] : null;
		}
		// The first poll only learns what exists, so activation does not replay history.
		if (firstRun || fresh.length === 0) return null;
		return [this.helpers.returnJsonArray(fresh.reverse().map((entry) => ({ event, ...entry })))];
	}
}
