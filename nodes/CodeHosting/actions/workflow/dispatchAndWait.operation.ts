import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { ApiResponse, PlatformClient } from '../../../shared';
import { showFor } from '../../../shared';
import { branchLocator, codeHosting, dispatchFields, ownLogin, readDispatch, repoPath, repositoryFields, workflowLocator } from '../common';
import type { DispatchClues } from '../common/dispatchedRun';
import { candidateRuns, chooseDispatchedRun, nameRuns } from '../common/dispatchedRun';
import { maxOf } from '../../../shared/append';

export const description: INodeProperties[] = showFor('workflow', 'dispatchAndWait', [
	...repositoryFields,
	workflowLocator,
	...dispatchFields(branchLocator('Ref', 'ref', true, 'Branch or tag to run the workflow on')),
	{
		displayName: 'Options',
		name: 'waitOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Match Window (Seconds)',
				name: 'matchWindow',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: 10,
				description:
					'Only where the server does not answer the dispatch with the run\'s ID (GitHub Enterprise Server): how long after the dispatch new runs of the workflow are gathered before the one it started is picked',
			},
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollInterval',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: 10,
				description: 'How long to wait between two reads of the run; longer when the rate limit is nearly used up',
			},
			{
				displayName: 'Timeout (Seconds)',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 600,
				description: 'How long to wait in total for the run to complete; after that the item fails with an error that names the run',
			},
		],
	},
]);

/** One output item per input item: the completed run. */
export const returns = 'item';

/** How long to wait before the next read: the poll interval, or until the rate limit resets when it is used up. */
function nextWait(response: ApiResponse<unknown>, intervalMs: number): number {
	const remaining = Number(response.headers['x-ratelimit-remaining']);
	const reset = Number(response.headers['x-ratelimit-reset']);
	if (Number.isFinite(remaining) && remaining <= 1 && Number.isFinite(reset)) {
		return Math.max(intervalMs, reset * 1000 - Date.now());
	}
	return intervalMs;
}

interface WaitOptions {
	intervalMs: number;
	timeoutMs: number;
	matchWindowMs: number;
}

function readWaitOptions(ctx: IExecuteFunctions, itemIndex: number): WaitOptions {
	const options = ctx.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const interval = options.pollInterval === undefined ? 10 : Number(options.pollInterval);
	const timeout = options.timeout === undefined ? 600 : Number(options.timeout);
	const window = options.matchWindow === undefined ? 10 : Number(options.matchWindow);
	if (!Number.isFinite(window) || window < 0) {
		throw new NodeOperationError(ctx.getNode(), 'Match Window must be a number of seconds of at least 0', { itemIndex, description: `Got "${String(options.matchWindow)}".` });
	}
	if (!Number.isFinite(interval) || interval < 0) {
		throw new NodeOperationError(ctx.getNode(), 'Poll Interval must be a number of seconds of at least 0', { itemIndex, description: `Got "${String(options.pollInterval)}".` });
	}
	if (!Number.isFinite(timeout) || timeout <= 0) {
		throw new NodeOperationError(ctx.getNode(), 'Timeout must be a number of seconds above 0', { itemIndex, description: `Got "${String(options.timeout)}".` });
	}
	return { intervalMs: interval * 1000, timeoutMs: timeout * 1000, matchWindowMs: window * 1000 };
}

/**
 * GitHub Enterprise Server (a `/api/v3` server): its descriptions (3.17–3.19) know only `ref` and
 * `inputs` of a dispatch and answer 204, so `return_run_details` is sent only to GitHub.com.
 */
function knowsRunDetails(baseUrl: string): boolean {
	try {
		return !/\/api\/v3$/.test(new URL(baseUrl).pathname.replace(/\/+$/, ''));
	} catch {
		return true;
	}
}

interface FindRun {
	client: PlatformClient;
	itemIndex: number;
	runsPath: string;
	ref: string;
	workflowName: string;
	clues: DispatchClues;
	dispatchedAt: number;
	deadline: number;
	options: WaitOptions;
	cancelled: () => boolean;
}

/** The newest dispatch runs of the workflow on the ref (one page of 20). */
async function recentRuns(find: Pick<FindRun, 'client' | 'itemIndex' | 'runsPath' | 'ref'>): Promise<{ runs: IDataObject[]; response: ApiResponse<IDataObject> }> {
	const response = await find.client.fullRequest<IDataObject>('GET', find.runsPath, {
		qs: { event: 'workflow_dispatch', branch: find.ref, per_page: 20 },
		itemIndex: find.itemIndex,
	});
	const runs = (Array.isArray(response.body?.workflow_runs) ? response.body.workflow_runs : []) as IDataObject[];
	return { runs, response };
}

/**
 * After a 204: the run the dispatch started. New runs of this workflow and ref (newer than every
 * run read before the dispatch, by the token's user) are gathered for the match window, then the
 * one that is the dispatch's own is picked; runs that cannot be told apart are an error that names
 * them, never a guess.
 */
async function findDispatchedRun(ctx: IExecuteFunctions, find: FindRun): Promise<number> {
	const windowEnd = find.dispatchedAt + find.options.matchWindowMs;
	for (;;) {
		const { runs, response } = await recentRuns(find);
		const choice = chooseDispatchedRun(candidateRuns(runs, find.clues), find.clues);
		const settled = Date.now() >= windowEnd;
		if (settled && choice.kind === 'one') return Number(choice.run.id);
		if (settled && choice.kind === 'ambiguous') {
			throw new NodeOperationError(ctx.getNode(), `Dispatching ${find.workflowName} on ${find.ref} started a run that cannot be told apart from ${choice.runs.length - 1} other new run(s)`, {
				itemIndex: find.itemIndex,
				description: `The server did not answer with the run's ID, and these runs are alike: ${nameRuns(choice.runs)}. The dispatch was accepted. To make runs distinguishable, give the workflow an input with a unique value (for example {{ $execution.id }}) and put it in its run name (run-name: Deploy \${{ inputs.correlation_id }}); the node then picks the run whose name shows it.`,
			});
		}
		const wait = settled ? nextWait(response, find.options.intervalMs) : Math.min(nextWait(response, find.options.intervalMs), Math.max(0, windowEnd - Date.now()));
		if (Date.now() + wait > find.deadline || find.cancelled()) {
			throw new NodeOperationError(ctx.getNode(), `The run started by dispatching ${find.workflowName} on ${find.ref} was not found within ${find.options.timeoutMs / 1000} seconds`, {
				itemIndex: find.itemIndex,
				description: 'The dispatch was accepted. Look for the run with Workflow → Get Runs (event workflow_dispatch).',
			});
		}
		await sleep(wait);
	}
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const { workflow, ref, inputs, body } = readDispatch(this, itemIndex);
	const options = readWaitOptions(this, itemIndex);
	const { intervalMs, timeoutMs } = options;
	const client = codeHosting(this);
	const started = Date.now();
	const deadline = started + timeoutMs;
	const cancelled = () => this.getExecutionCancelSignal?.()?.aborted === true;
	const runsPath = `${path}/actions/workflows/${workflow}/runs`;
	const workflowName = decodeURIComponent(workflow);

	// Where the answer cannot name the run, what exists before the dispatch is never picked.
	const withDetails = knowsRunDetails((await client.connection(itemIndex)).baseUrl);
	let newestBefore: number | undefined;
	let actor: string | undefined;
	if (!withDetails) {
		const { runs } = await recentRuns({ client, itemIndex, runsPath, ref });
		newestBefore = Math.max(0, maxOf(runs.map((run) => Number(run.id)).filter(Number.isFinite)));
		// the run's actor: the token's user (undefined for a token that is no user's)
		actor = await ownLogin(this, itemIndex);
	}

	const dispatchedAt = Date.now();
	const dispatched = await client.fullRequest<IDataObject>('POST', `${path}/actions/workflows/${workflow}/dispatches`, {
		body: withDetails ? { ...body, return_run_details: true } : body,
		itemIndex,
	});
	let runId = dispatched.statusCode === 200 ? Number(dispatched.body?.workflow_run_id) : NaN;
	if (!Number.isSafeInteger(runId) || runId < 1) {
		const clues: DispatchClues = newestBefore !== undefined ? { newestBefore, actor, inputs } : { createdSince: Math.floor(started / 1000) * 1000 - 5000, inputs };
		runId = await findDispatchedRun(this, { client, itemIndex, runsPath, ref, workflowName, clues, dispatchedAt, deadline, options, cancelled });
	}

	for (;;) {
		const response = await client.fullRequest<IDataObject>('GET', `${path}/actions/runs/${runId}`, { itemIndex });
		const run = response.body ?? {};
		if (run.status === 'completed') return run;
		const wait = nextWait(response, intervalMs);
		if (Date.now() + wait > deadline || cancelled()) {
			const where = typeof run.html_url === 'string' ? ` (${run.html_url})` : '';
			throw new NodeOperationError(this.getNode(), `Workflow run ${runId} did not complete within ${timeoutMs / 1000} seconds`, {
				itemIndex,
				description: `Run ${runId} of ${workflowName} was still "${String(run.status)}"${where}. It keeps running: raise Timeout, or read it later with Workflow → Get Run (Run ID ${runId}).`,
			});
		}
		await sleep(wait);
	}
}
