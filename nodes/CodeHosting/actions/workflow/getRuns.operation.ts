import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { codeHosting, compact, filtersCollection, readFilters, repoPath, repositoryFields, simplifyRun, workflowLocator, workflowSegment } from '../common';

const filtersField = filtersCollection([
	{ displayName: 'Actor', name: 'actor', type: 'string', default: '' },
	{ displayName: 'Branch', name: 'branch', type: 'string', default: '' },
	{ displayName: 'Event', name: 'event', type: 'string', default: '', placeholder: 'push' },
	{ displayName: 'Head SHA', name: 'head_sha', type: 'string', default: '' },
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Action Required', value: 'action_required' },
			{ name: 'Any', value: '' },
			{ name: 'Cancelled', value: 'cancelled' },
			{ name: 'Completed', value: 'completed' },
			{ name: 'Failure', value: 'failure' },
			{ name: 'In Progress', value: 'in_progress' },
			{ name: 'Queued', value: 'queued' },
			{ name: 'Skipped', value: 'skipped' },
			{ name: 'Success', value: 'success' },
			{ name: 'Timed Out', value: 'timed_out' },
		],
		default: '',
		description: 'Only runs with this status or conclusion (Any: every run, as without the filter)',
	},
]);

export const description: INodeProperties[] = showFor('workflow', 'getRuns', [
	...repositoryFields,
	{
		displayName: 'All Workflows',
		name: 'allWorkflows',
		type: 'boolean',
		default: true,
		description: 'Whether to list the runs of every workflow of the repository, or of one',
	},
	{ ...workflowLocator, displayOptions: { show: { allWorkflows: [false] } } },
	...returnAllOrLimit(),
	filtersField,
	simplifyOptions(),
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const base = repoPath(this, itemIndex);
	const all = this.getNodeParameter('allWorkflows', itemIndex, true) as boolean;
	const endpoint = all ? `${base}/actions/runs` : `${base}/actions/workflows/${workflowSegment(this, itemIndex)}/runs`;
	const qs = compact(readFilters(this, filtersField, itemIndex));
	return simplifiedAll(this, itemIndex, await codeHosting(this).requestAll('GET', endpoint, readLimit(this, itemIndex), { qs, itemIndex, itemsKey: 'workflow_runs' }), simplifyRun);
}
