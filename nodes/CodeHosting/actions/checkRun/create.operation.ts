import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText, showFor } from '../../../shared';
import {
	annotationBatches,
	annotationsField,
	checkStatusOptions,
	codeHosting,
	compact,
	conclusionOptions,
	outputFields,
	outputOf,
	readAnnotations,
	readSha,
	repoPath,
	repositoryFields,
	sendRemainingAnnotations,
} from '../common';

export const description: INodeProperties[] = showFor('checkRun', 'create', [
	...repositoryFields,
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'code-coverage', description: 'Name of the check, such as code-coverage' },
	{ displayName: 'Head SHA', name: 'headSha', type: 'string', default: '', required: true, description: 'The commit to report on (40 hexadecimal characters; a pull request\'s head.sha)' },
	{ displayName: 'Status', name: 'status', type: 'options', options: checkStatusOptions, default: 'in_progress', description: 'Where the check stands' },
	// No default: a completed check's result is chosen, never a silent success (which passes a required check).
	{ displayName: 'Conclusion', name: 'conclusion', type: 'options', options: [{ name: 'Choose (Required)', value: '' }, ...conclusionOptions], default: '', displayOptions: { show: { status: ['completed'] } }, description: 'The result of a completed check' },
	...outputFields,
	annotationsField,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Details URL', name: 'details_url', type: 'string', default: '', description: 'A page on your site with the full details' },
			{ displayName: 'External ID', name: 'external_id', type: 'string', default: '', description: 'A reference for the run on your system' },
			{ displayName: 'Started At', name: 'started_at', type: 'dateTime', default: '', description: 'When the check started (ISO 8601)' },
			{ displayName: 'Completed At', name: 'completed_at', type: 'dateTime', default: '', description: 'When the check completed (ISO 8601)' },
		],
	},
]);

/** One output item per input item: the check run as it stands after the last request. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = requireText(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex);
	const headSha = readSha(this, 'headSha', 'Head SHA', itemIndex);
	const status = this.getNodeParameter('status', itemIndex) as string;
	const title = String(this.getNodeParameter('outputTitle', itemIndex, '') ?? '');
	const summary = String(this.getNodeParameter('outputSummary', itemIndex, '') ?? '');
	const text = String(this.getNodeParameter('outputText', itemIndex, '') ?? '');
	const annotations = readAnnotations(this, itemIndex, this.getNodeParameter('annotations', itemIndex, '[]'));
	const output = outputOf({ title, summary, text });
	if ((output || annotations.length > 0) && (title === '' || summary === '')) {
		throw new NodeOperationError(this.getNode(), 'A report needs both Output Title and Output Summary', {
			itemIndex,
			description: 'The platform refuses an output (or annotations) without a title and a summary.',
		});
	}
	const [first = [], ...rest] = annotationBatches(annotations);
	const body: IDataObject = { name, head_sha: headSha, status, ...compact(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject) };
	if (status === 'completed') {
		const conclusion = String(this.getNodeParameter('conclusion', itemIndex, '') ?? '').trim();
		if (conclusion === '') {
			throw new NodeOperationError(this.getNode(), 'Choose a Conclusion for a completed check run', {
				itemIndex,
				description: 'Nothing was sent. A completed check needs its result (success, failure, neutral, …); the node has no default, so it never passes a check by itself.',
			});
		}
		body.conclusion = conclusion;
	}
	if (output) body.output = first.length > 0 ? { ...output, annotations: first } : output;
	const base = `${repoPath(this, itemIndex)}/check-runs`;
	const run = await codeHosting(this).request('POST', base, { body, itemIndex });
	if (rest.length === 0) return run;
	return await sendRemainingAnnotations(this, itemIndex, `${base}/${String(run.id)}`, rest, { title, summary }, first.length, run);
}
