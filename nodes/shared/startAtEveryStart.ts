import type { ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';

/*
 * Why the pack's webhook triggers (Code Hosting Trigger, Client Info Trigger) also have `trigger()`
 * and `execute()`.
 *
 * Their recovery and catch-up passes run when n8n calls the webhook methods (checkExists / create)
 * at an activation. n8n >= 2.40 activates through its workflow publication service (on by
 * default): at its start, WorkflowPublicationReconciler re-activates only the workflows whose
 * *in-memory* triggers are missing in this process (findMissingActiveWorkflows); a node counts as
 * one when it has `trigger()` or `poll()` (WorkflowTriggerActivator.getTriggerKinds:
 * `workflow.getTriggerNodes()` = nodes with `trigger`), and a webhook-only node is "persisted": no
 * method of it runs at the start, so nothing missed while n8n was down was asked for. With
 * `trigger()` the node is in-memory: at every start the reconciler re-activates it
 * (WorkflowTriggerActivator.activate registers its webhooks, which runs checkExists, and calls
 * `trigger()`), in the leader main only, like n8n < 2.40's ActiveWorkflowManager.init did for
 * every active workflow. `trigger()` itself starts nothing: the webhook methods do it all, in every
 * n8n version.
 *
 * n8n-core's WorkflowExecute.runNode checks `execute`, then `poll`, then `trigger`, then `webhook`:
 * a node with `trigger()` whose execution starts from a webhook call in the editor's test mode
 * ("manual") would have its trigger() run for output and lose the webhook's items. `execute()`
 * is checked first and hands the webhook's items on (each trigger's once.ts: without the deliveries
 * or changes that ran the workflow before), in every mode.
 */

/** The trigger's in-memory half: nothing to start (see above); n8n closes it at deactivation. */
export async function triggerAtEveryStart(this: ITriggerFunctions): Promise<ITriggerResponse> {
	return { closeFunction: async () => {} };
}
