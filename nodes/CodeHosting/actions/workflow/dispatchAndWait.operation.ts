import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { ApiResponse } from '../../../shared';
import { showFor } from '../../../shared';
import { branchLocator, codeHosting, dispatchFields, readDispatch, repoPath, repositoryFields, workflowLocator } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'dispatchAndWait', [
	...repositoryFields,
	workflowLocator,
	...dispatchFields(branchLocator('Ref', 'ref', true, 'Branch or tag to run the workflow on')),
	{
		displayName: 'Options',
		name: 'waitOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
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

function readWaitOptions(ctx: IExecuteFunctions, itemIndex: number): { intervalMs: number; timeoutMs: number } {
	const options = ctx.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const interval = options.pollInterval === undefined ? 10 : Number(options.pollInterval);
	const timeout = options.timeout === undefined ? 600 : Number(options.timeout);
	if (!Number.isFinite(interval) || interval < 0) {
		throw new NodeOperationError(ctx.getNode(), 'Poll Interval must be a number of seconds of at least 0', { itemIndex, description: `Got "${String(options.pollInterval)}".` });
	}
	if (!Number.isFinite(timeout) || timeout <= 0) {
		throw new NodeOperationError(ctx.getNode(), 'Timeout must be a number of seconds above 0', { itemIndex, description: `Got "${String(options.timeout)}".` });
	}
	return { intervalMs: interval * 1000, timeoutMs: timeout * 1000 };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = repoPath(this, itemIndex);
	const { workflow, ref, body } = readDispatch(this, itemIndex);
	const { intervalMs, timeoutMs } = readWaitOptions(this, itemIndex);
	const client = codeHosting(this);
	const started = Date.now();
	const deadline = started + timeoutMs;
	const cancelled = () => this.getExecutionCancelSignal?.()?.aborted === true;

	const dispatched = await client.fullRequest<IDataObject>('POST', `${path}/actions/workflows/${workflow}/dispatches`, {
		body: { ...body, return_run_details: true },
		itemIndex,
	});
	let runId = dispatched.statusCode === 200 ? Number(dispatched.body?.workflow_run_id) : NaN;

	// Servers that answer 204 without run details: the newest dispatch run of this workflow and
	// ref created since the dispatch (with a little clock skew allowed) is the one it started.
	while (!Number.isSafeInteger(runId) || runId < 1) {
		const listed = await client.fullRequest<IDataObject>('GET', `${path}/actions/workflows/${workflow}/runs`, {
			qs: { event: 'workflow_dispatch', branch: ref, per_page: 20 },
			itemIndex,
		});
		const runs = (Array.isArray(listed.body?.workflow_runs) ? listed.body.workflow_runs : []) as IDataObject[];
		const found = runs
			.filter((run) => Date.parse(String(run.created_at)) >= Math.floor(started / 1000) * 1000 - 5000)
			.sort((a, b) => Number(b.id) - Number(a.id))[0];
		if (found) {
			runId = Number(found.id);
			break;
		}
		const wait = nextWait(listed, intervalMs);
		if (Date.now() + wait > deadline || cancelled()) {
			throw new NodeOperationError(this.getNode(), `The run started by dispatching ${decodeURIComponent(workflow)} on ${ref} was not found within ${timeoutMs / 1000} seconds`, {
				itemIndex,
				description: 'The dispatch was accepted. Look for the run with Workflow → Get Runs (event workflow_dispatch).',
			});
		}
		await sleep(wait);
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
				description: `Run ${runId} of ${decodeURIComponent(workflow)} was still "${String(run.status)}"${where}. It keeps running: raise Timeout, or read it later with Workflow → Get Run (Run ID ${runId}).`,
			});
		}
		await sleep(wait);
	}
}
