import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { inTurn } from '../shared/inTurn';
import { EVENT_STATUS, subjectOf } from './catchUp';

/**
 * Each change runs the workflow once, across n8n processes. The change a catch-up pass sends
 * (`recovered: true`) was decided in the process that runs the passes, from what that process
 * saw; with `n8n webhook` processes the platform's deliveries reach those instead, so the pass can
 * send a change a webhook process already ran. The trigger's run in the execution (its
 * `execute()`, on the worker in queue mode) records each change it hands on in n8n's own
 * processed-data store (`helpers.checkProcessedAndRecord`, n8n's database, kept per node) and
 * hands on nothing for a change that ran before: the execution stops at the trigger.
 *
 * A change is a request or client and what happened to it: created, or a status (published,
 * completed, archived). Recording a status forgets the request's other statuses, so a request
 * that comes back to a status later (completed, reopened, completed again) runs again. Events a
 * list cannot show (views, fields, comments) are not catch-up's and are handed on unrecorded.
 */

/** Changes kept in n8n's store per trigger (md5 hashes; the oldest go first). */
export const PROCESSED_CHANGES_KEPT = 1000;

const STATUSES = Object.values(EVENT_STATUS);

/** The change an item is, as a key of n8n's store, and the keys it makes stale; undefined: not a change catch-up can send. */
export function changeOf(json: IDataObject): { key: string; stale: string[] } | undefined {
	const event = [json.event, json.event_type, json.type].find((value) => typeof value === 'string') as string | undefined;
	if (event === undefined) return undefined;
	const subject = subjectOf(event, json.data);
	if (!subject) return undefined;
	if (event === 'request_created' && subject.kind === 'request') return { key: `request:${subject.id}:created`, stale: [] };
	if (event === 'client_created' && subject.kind === 'client') return { key: `client:${subject.id}:created`, stale: [] };
	const status = EVENT_STATUS[event];
	if (status === undefined || subject.kind !== 'request') return undefined;
	return {
		key: `request:${subject.id}:${status}`,
		stale: STATUSES.filter((other) => other !== status).map((other) => `request:${subject.id}:${other}`),
	};
}

function message(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The trigger's items of this execution, without the changes that ran the workflow before. */
export async function runChangesOnce(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	// the editor's test events may repeat; catch-up off: nothing is sent twice, nothing recorded
	if (this.getMode() === 'manual') return [items];
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	if (options.catchUpInterval !== undefined && !(Number(options.catchUpInterval) > 0)) return [items];
	const helpers = this.helpers as Partial<IExecuteFunctions['helpers']>;
	if (typeof helpers.checkProcessedAndRecord !== 'function') return [items];
	const node = this.getNode();
	const turn = `${this.getWorkflow().id ?? ''}\u0000${node.id ?? node.name}`;
	const handedOn: INodeExecutionData[] = [];
	for (const item of items) {
		const change = changeOf(item.json);
		if (!change) {
			handedOn.push(item);
			continue;
		}
		const record = async () =>
			await inTurn(turn, async () => {
				const result = await helpers.checkProcessedAndRecord!([change.key], 'node', { mode: 'entries', maxEntries: PROCESSED_CHANGES_KEPT });
				if (result.new.length > 0 && change.stale.length > 0 && typeof helpers.removeProcessed === 'function') {
					await helpers.removeProcessed(change.stale, 'node', { mode: 'entries' }).catch((error: unknown) => {
						this.logger.warn(`Client Info Trigger "${node.name}": could not forget the earlier statuses of ${change.key} in n8n's processed-data store: ${message(error)}. A later return to them may not run.`);
					});
				}
				return result;
			});
		let result;
		try {
			result = await record();
		} catch (first) {
			// the first record inserts the trigger's row: another process may have inserted it a moment before
			this.logger.debug(`Client Info Trigger "${node.name}": recording ${change.key} failed (${message(first)}); trying once more`);
			try {
				result = await record();
			} catch (error) {
				// never lose an event: when n8n's store cannot be used, the change runs
				this.logger.warn(`Client Info Trigger "${node.name}": could not check ${change.key} against n8n's processed-data store: ${message(error)}. It runs.`);
				handedOn.push(item);
				continue;
			}
		}
		if (result.processed.length > 0) {
			this.logger.info(`Client Info Trigger "${node.name}": ${change.key} ran this workflow before; not handed on`);
			continue;
		}
		handedOn.push(item);
	}
	return [handedOn];
}
