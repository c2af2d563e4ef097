import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { inTurn } from '../shared/inTurn';

/**
 * Each delivery GUID runs the workflow once, across n8n processes: the trigger's run in the
 * execution (its `execute()`, where n8n runs the node's webhook items on: the worker in queue
 * mode) records the GUID in n8n's own deduplication store (`helpers.checkProcessedAndRecord`,
 * n8n's database table of processed data, kept per node) and hands on nothing for a GUID that ran
 * before: the execution stops at the trigger and no later node runs.
 *
 * Why not only the GUIDs the webhook remembers in static data: on n8n >= 2.38 (measured on 2.38.7
 * and 2.40.7; 2.8.4 and 1.123.81 save it) a webhook call that starts an execution does not save
 * the static data it changed. WorkflowRunner.run builds a second Workflow over the same static
 * data object for `establishExecutionContext` (n8n dist/workflow-runner.js, `contextWorkflow`), and
 * n8n-workflow's ObservableObject.create resets the object's `__dataChanged` flag to false, so
 * LiveWebhooks' `saveStaticData` after the call finds nothing to save. In one process the
 * trigger's memory still catches a repeated GUID before any execution starts (webhook.ts); a GUID
 * repeated at another process (queue mode's webhook processes behind a load balancer, or after a
 * restart) is caught here.
 *
 * Within one process the records are made one at a time (n8n's store reads and then writes the
 * whole list); two workers recording at the same moment could each miss the other's GUID (n8n
 * offers a node nothing atomic: docs/recovery.md has the measured rate). What a node can do:
 * - only the row's first insert is atomic: a record that loses that race is tried once more;
 * - each record also sends the GUIDs this process recorded last (RECORDED_HERE_KEPT): the store
 *   answers those it holds as processed and writes back any another worker's write lost, so a lost
 *   record lasts until this process's next one instead of for good.
 */

/** GUIDs kept in n8n's store per trigger (md5 hashes, about 27 bytes each; the oldest go first). */
export const PROCESSED_GUIDS_KEPT = 1000;

/** GUIDs this process recorded last, per trigger, sent again with each record (far fewer than PROCESSED_GUIDS_KEPT). */
export const RECORDED_HERE_KEPT = 50;
const recordedHere = new Map<string, string[]>();

/** The trigger's items of this execution, or none when their delivery GUID ran the workflow before. */
export async function runDeliveryOnce(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const guid = items.length > 0 ? (items[0].json as IDataObject).deliveryId : undefined;
	// the editor's test events may repeat; Recover Missed Deliveries off: no GUID is remembered
	if (typeof guid !== 'string' || guid === '' || this.getMode() === 'manual') return [items];
	if (this.getNodeParameter('recoverMissedDeliveries', 0, true) === false) return [items];
	const helpers = this.helpers as Partial<IExecuteFunctions['helpers']>;
	if (typeof helpers.checkProcessedAndRecord !== 'function') return [items];
	const node = this.getNode();
	const key = `${this.getWorkflow().id ?? ''}\u0000${node.id ?? node.name}`;
	const record = async () =>
		await inTurn(key, async () => {
			const earlier = (recordedHere.get(key) ?? []).filter((value) => value !== guid);
			const result = await helpers.checkProcessedAndRecord!([guid, ...earlier], 'node', { mode: 'entries', maxEntries: PROCESSED_GUIDS_KEPT });
			const ranBefore = result.processed.includes(guid);
			const rewritten = result.new.filter((value) => value !== guid);
			if (rewritten.length > 0) {
				this.logger.info(`Code Hosting Trigger "${node.name}": ${rewritten.length} delivery record(s) of this process were lost to another process's write at the same moment; recorded again: ${rewritten.join(', ')}`);
			}
			if (!ranBefore) recordedHere.set(key, [...earlier, guid].slice(-RECORDED_HERE_KEPT));
			return ranBefore;
		});
	let ranBefore;
	try {
		ranBefore = await record();
	} catch (first) {
		// the trigger's first record inserts its row, keyed by (workflow, node): when another process
		// inserted it meanwhile, n8n's insert fails on that key (deduplication-helper.ts
		// handleHashedItems), and a second try reads the row the other made, with its GUID if it was this one
		this.logger.debug(`Code Hosting Trigger "${node.name}": recording delivery ${guid} failed (${first instanceof Error ? first.message : String(first)}); trying once more`);
		try {
			ranBefore = await record();
		} catch (error) {
			// never lose an event: when n8n's store cannot be used, the delivery runs
			this.logger.warn(`Code Hosting Trigger "${node.name}": could not check delivery ${guid} against n8n's processed-data store: ${error instanceof Error ? error.message : String(error)}. It runs.`);
			return [items];
		}
	}
	if (ranBefore) {
		this.logger.info(`Code Hosting Trigger "${node.name}": delivery ${guid} ran this workflow before; this execution stops here`);
		return [[]];
	}
	return [items];
}
