import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { codeHosting } from '../../transport';

/** The platform accepts at most this many annotations per check-run request. */
export const ANNOTATIONS_PER_REQUEST = 50;

const LEVELS = ['notice', 'warning', 'failure'];

export const checkRunIdField: INodeProperties = {
	displayName: 'Check Run ID',
	name: 'checkRunId',
	type: 'number',
	// No default: an empty field is refused before any request.
	default: '',
	required: true,
	placeholder: '4',
	description: 'The numeric ID of the check run (the ID of Create or Get Many)',
};

export const checkStatusOptions = [
	{ name: 'Queued', value: 'queued' },
	{ name: 'In Progress', value: 'in_progress' },
	{ name: 'Completed', value: 'completed' },
];

export const conclusionOptions = [
	{ name: 'Action Required', value: 'action_required' },
	{ name: 'Cancelled', value: 'cancelled' },
	{ name: 'Failure', value: 'failure' },
	{ name: 'Neutral', value: 'neutral' },
	{ name: 'Skipped', value: 'skipped' },
	{ name: 'Success', value: 'success' },
	{ name: 'Timed Out', value: 'timed_out' },
];

export const annotationsField: INodeProperties = {
	displayName: 'Annotations (JSON)',
	name: 'annotations',
	type: 'json',
	default: '[]',
	description:
		'Annotations on lines of files: a JSON array of {path, start_line, end_line, annotation_level (notice, warning or failure), message, title?, start_column?, end_column?, raw_details?}. Any number: they are sent 50 per request, as the platform requires.',
};

export const outputFields: INodeProperties[] = [
	{ displayName: 'Output Title', name: 'outputTitle', type: 'string', default: '', description: 'Title of the check run\'s report (needed with a summary or annotations)' },
	{ displayName: 'Output Summary', name: 'outputSummary', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Summary of the report (Markdown; needed with a title or annotations)' },
	{ displayName: 'Output Text', name: 'outputText', type: 'string', typeOptions: { rows: 4 }, default: '', description: 'Details of the report (Markdown)' },
];

function fail(ctx: IExecuteFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/** The annotations of the item, checked before any request. */
export function readAnnotations(ctx: IExecuteFunctions, itemIndex: number, value: unknown): IDataObject[] {
	let parsed: unknown = value;
	if (parsed === undefined || parsed === null || parsed === '') return [];
	if (typeof parsed === 'string') {
		try {
			parsed = JSON.parse(parsed);
		} catch (error) {
			fail(ctx, itemIndex, 'Annotations is not valid JSON', `${(error as Error).message}. Enter a JSON array of annotations.`);
		}
	}
	if (!Array.isArray(parsed)) fail(ctx, itemIndex, 'Annotations must be a JSON array', 'Enter [] or an array of {path, start_line, end_line, annotation_level, message}.');
	return (parsed as unknown[]).map((entry, index) => {
		const annotation = entry as IDataObject;
		const where = `Annotation ${index + 1}`;
		if (!annotation || typeof annotation !== 'object' || Array.isArray(annotation)) fail(ctx, itemIndex, `${where} is not an object`, 'Each annotation is a JSON object.');
		if (typeof annotation.path !== 'string' || annotation.path.trim() === '') fail(ctx, itemIndex, `${where} has no path`, 'Give the file path relative to the repository root, such as src/index.ts.');
		for (const line of ['start_line', 'end_line']) {
			if (!Number.isInteger(annotation[line]) || (annotation[line] as number) < 1) fail(ctx, itemIndex, `${where}: ${line} must be a whole number of at least 1`, `Got ${JSON.stringify(annotation[line])}.`);
		}
		if (!LEVELS.includes(String(annotation.annotation_level))) fail(ctx, itemIndex, `${where}: annotation_level must be notice, warning or failure`, `Got ${JSON.stringify(annotation.annotation_level)}.`);
		if (typeof annotation.message !== 'string' || annotation.message === '') fail(ctx, itemIndex, `${where} has no message`, 'Each annotation needs a message.');
		return annotation;
	});
}

/** The annotations in requests of at most 50. */
export function annotationBatches(annotations: IDataObject[]): IDataObject[][] {
	const batches: IDataObject[][] = [];
	for (let start = 0; start < annotations.length; start += ANNOTATIONS_PER_REQUEST) {
		batches.push(annotations.slice(start, start + ANNOTATIONS_PER_REQUEST));
	}
	return batches;
}

/** The output object of a request: title, summary and text where given. */
export function outputOf(fields: { title?: string; summary?: string; text?: string }): IDataObject | undefined {
	const output: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) if (typeof value === 'string' && value !== '') output[key] = value;
	return Object.keys(output).length > 0 ? output : undefined;
}

/**
 * Sends the annotations that did not fit in the first request, 50 per PATCH, each with the
 * output's title and summary (the platform requires them with annotations). Answers the last
 * check run returned; an error names how many annotations were sent before it.
 */
export async function sendRemainingAnnotations(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	batches: IDataObject[][],
	output: { title: string; summary: string },
	sentBefore: number,
	run: IDataObject,
): Promise<IDataObject> {
	let sent = sentBefore;
	let latest = run;
	const total = sentBefore + batches.reduce((sum, batch) => sum + batch.length, 0);
	for (const batch of batches) {
		try {
			latest = await codeHosting(ctx).request('PATCH', path, {
				body: { output: { title: output.title, summary: output.summary, annotations: batch } },
				itemIndex,
			});
		} catch (error) {
			const progress = `(after ${sent} of ${total} annotations were sent to check run ${String(run.id)})`;
			if (error instanceof NodeApiError) {
				error.message = `${error.message} ${progress}`;
				// n8n answers the same error when given one (status, description and item kept)
				throw new NodeApiError(ctx.getNode(), error as unknown as JsonObject);
			}
			throw new NodeOperationError(ctx.getNode(), `${error instanceof Error ? error.message : String(error)} ${progress}`, { itemIndex });
		}
		sent += batch.length;
	}
	return latest;
}

/** A commit SHA: 40 hexadecimal characters. */
export function readSha(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (!/^[0-9a-fA-F]{40}$/.test(value)) {
		fail(ctx, itemIndex, `${label} must be a full commit SHA (40 hexadecimal characters)`, `Got "${value}". A pull request's head SHA is head.sha of Pull Request → Get.`);
	}
	return value.toLowerCase();
}

/** A branch, tag or commit SHA for a path segment. */
export function readRef(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (value === '' || value.includes('..')) fail(ctx, itemIndex, 'Ref is required', 'Enter a branch, a tag or a commit SHA.');
	return value.split('/').map(encodeURIComponent).join('/');
}

export const refField: INodeProperties = {
	displayName: 'Ref',
	name: 'ref',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'main',
	description: 'A branch, a tag or a commit SHA',
};
