import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { dryRunModeField, wantsDryRun } from '../../../shared';
import type { AccessSnapshot } from '../../core/bound';
import { boundChange, signAccessPlan } from '../../core/bound';
import type { AccessChange } from '../../core/plan';
import { changeSummary } from '../../core/plan';
import type { ProjectInfo } from '../../core/project';
import { ownUserId } from '../../core/project';

export { ownUserField } from '../common';

/**
 * What Ensure, Revoke and Sync share about planning (issue 48): the Mode option, the option that
 * lets a step act on the API key's own user, and the plan item an approver reads and Access →
 * Apply Plan applies.
 */

export function modeField(what: string, apply: string): INodeProperties {
	return dryRunModeField(
		what,
		apply,
		'Output the plan and change nothing; each item\'s `plan` field is what Access → Apply Plan applies after an approval, exactly, where it still holds',
	);
}

/** Whether the step only plans: Mode, Automatic planning as an AI tool. */
export function plansOnly(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return wantsDryRun(ctx, options.dryRun, itemIndex);
}

/** The users this item's step never changes: the API key's own user, unless the option allows it. */
export async function protectedUsers(ctx: IExecuteFunctions, itemIndex: number, found: boolean): Promise<Set<string>> {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.includeOwnUser === true || !found) return new Set();
	const self = await ownUserId(ctx, itemIndex);
	return new Set(self ? [self] : []);
}

/** One change as a person reads it in a plan or a result. */
export function changeFields(change: AccessChange, project?: ProjectInfo): IDataObject {
	return { project: change.projectId, ...(project?.name ? { projectName: project.name } : {}), ...changeSummary(change) };
}

/** A planned change with what it was computed from, ready to sign. */
export interface Planned {
	change: AccessChange;
	from: AccessSnapshot;
	extra?: IDataObject;
}

/** Signed plan lines of these changes (those that write nothing are left out: nothing to apply). */
export async function planLines(ctx: IExecuteFunctions, itemIndex: number, operation: string, planned: Planned[], rules: IDataObject = {}) {
	const writing = planned.filter((entry) => entry.change.action !== 'unchanged');
	return await signAccessPlan(
		ctx,
		itemIndex,
		operation,
		writing.map((entry) => boundChange(entry.change, entry.from, entry.extra)),
		rules,
	);
}
