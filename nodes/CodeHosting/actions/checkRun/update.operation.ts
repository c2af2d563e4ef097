import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import {
	annotationBatches,
	annotationsField,
	checkRunIdField,
	checkStatusOptions,
	codeHosting,
	compact,
	conclusionOptions,
	outputFields,
	outputOf,
	readAnnotations,
	readNumber,
	repoPath,
	repositoryFields,
	requireChanges,
	sendRemainingAnnotations,
} from '../common';

export const description: INodeProperties[] = showFor('checkRun', 'update', [
	...repositoryFields,
	checkRunIdField,
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [{ name: 'Unchanged', value: '' }, ...checkStatusOptions],
		default: '',
		description: 'Where the check stands now',
	},
	{
		displayName: 'Conclusion',
		name: 'conclusion',
		type: 'options',
		options: [{ name: 'Unchanged', value: '' }, ...conclusionOptions],
		default: '',
		description: 'The result (setting one completes the check)',
	},
	...outputFields,
	annotationsField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'A new name of the check' },
			{ displayName: 'Details URL', name: 'details_url', type: 'string', default: '', description: 'A page on your site with the full details' },
			{ displayName: 'External ID', name: 'external_id', type: 'string', default: '', description: 'A reference for the run on your system' },
			{ displayName: 'Completed At', name: 'completed_at', type: 'dateTime', default: '', description: 'When the check completed (ISO 8601)' },
		],
	},
]);

/** One output item per input item: the check run as it stands after the last request. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readNumber(this, 'checkRunId', 'Check Run ID', itemIndex);
	const path = `${repoPath(this, itemIndex)}/check-runs/${id}`;
	const annotations = readAnnotations(this, itemIndex, this.getNodeParameter('annotations', itemIndex, '[]'));
	let title = String(this.getNodeParameter('outputTitle', itemIndex, '') ?? '');
	let summary = String(this.getNodeParameter('outputSummary', itemIndex, '') ?? '');
	const text = String(this.getNodeParameter('outputText', itemIndex, '') ?? '');
	const body: IDataObject = compact({
		status: this.getNodeParameter('status', itemIndex, '') as string,
		conclusion: this.getNodeParameter('conclusion', itemIndex, '') as string,
		...(this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject),
	});
	let output = outputOf({ title, summary, text });
	if ((output || annotations.length > 0) && (title === '' || summary === '')) {
		// the platform wants a title and a summary with every output: keep the run's own
		const current = await codeHosting(this).request('GET', path, { itemIndex });
		const currentOutput = (current.output ?? {}) as IDataObject;
		title = title || String(currentOutput.title ?? '') || String(current.name ?? '');
		summary = summary || String(currentOutput.summary ?? '') || title;
		output = outputOf({ title, summary, text });
	}
	const [first = [], ...rest] = annotationBatches(annotations);
	if (output) body.output = first.length > 0 ? { ...output, annotations: first } : output;
	requireChanges(this, body, itemIndex);
	const run = await codeHosting(this).request('PATCH', path, { body, itemIndex });
	if (rest.length === 0) return run;
	return await sendRemainingAnnotations(this, itemIndex, path, rest, { title, summary }, first.length, run);
}
