import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { partialWriteNotes, showFor } from '../../../shared';
import { applyPlanProperties, approvalOf, checkPlannedBrake, givenPlanLines, itemsOfLines, verifiedPlans } from '../../../shared/planApply';
import { applyChange, withProgress } from '../../core/apply';
import type { AccessSnapshot } from '../../core/bound';
import { changeOf, describeSnapshot, governancePlanKey, PLAN_PLATFORM, PLANNING_OPERATIONS, sameSnapshot, snapshotOf } from '../../core/bound';
import type { ProjectState } from '../../core/lookup';
import { personState, projectState } from '../../core/lookup';
import { credentialProjectId } from '../../core/project';
import type { ProjectClient } from '../../transport';
import { inProject } from '../../transport';
import { changeFields } from './common';

export const description: INodeProperties[] = showFor('access', 'applyPlan', applyPlanProperties('Ensure, Revoke, Remove Grants or Sync', 'Plan Access'));

/** Runs once over the whole input (the plan), not once per item. */
export const returns = 'all';

/** The state of one person now: from the project read once (many lines) or read for them alone. */
class StateNow {
	private readonly projects = new Map<string, Promise<ProjectState>>();
	constructor(private readonly perProject: Map<string, number>) {}

	async of(client: ProjectClient, itemIndex: number, email: string): Promise<AccessSnapshot> {
		const projectId = client.project.id;
		if ((this.perProject.get(projectId) ?? 0) < 5) return snapshotOf(await personState(client, itemIndex, email), email);
		let state = this.projects.get(projectId);
		if (!state) {
			state = projectState(client, itemIndex);
			this.projects.set(projectId, state);
		}
		return snapshotOf(await state, email);
	}
}

/**
 * Applies approved plans exactly: checks every line first (digest, completeness, platform and
 * Max Removals; anything wrong refuses all, before a request), then per line reads the person's
 * access again and applies the line's change only if it is still what the plan was made from;
 * otherwise the line is skipped and says what changed. Each output item is one line.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const { lines: given, empty } = givenPlanLines(this);
	const approval = approvalOf(this);
	if (given.length === 0 && empty) {
		return [{ json: { result: 'nothing to apply', applied: false, ...approval }, pairedItem: { item: 0 } }];
	}
	const plans = verifiedPlans(this, await governancePlanKey(this, 0), PLAN_PLATFORM, PLANNING_OPERATIONS, given);
	for (const plan of plans) checkPlannedBrake(this, plan, (line) => line.change.action === 'revoke', 'members or invites');

	const itemOf = itemsOfLines(given);
	const lines = plans.flatMap((plan) => plan.lines);
	const perProject = new Map<string, number>();
	for (const line of lines) perProject.set(String(line.change.projectId), (perProject.get(String(line.change.projectId)) ?? 0) + 1);
	const now = new StateNow(perProject);
	const credentialProject = await credentialProjectId(this, 0);

	const output: INodeExecutionData[] = [];
	const done: string[] = [];
	// the API keys an approved line was to delete, when that line is skipped: keys are the user's,
	// not the project's, so the plan's next applied removal of the same user deletes them
	const keysOwed = new Map<string, INodeExecutionData>();
	for (const [position, line] of lines.entries()) {
		const change = changeOf(line);
		const itemIndex = itemOf.get(line) ?? 0;
		const client = inProject(this, { id: change.projectId, viaCredential: change.projectId === credentialProject });
		const planned = line.change.from as AccessSnapshot;
		const head = { planId: line.id, line: line.line, lines: line.lines, ...changeFields(change), ...approval };
		try {
			const current = await now.of(client, itemIndex, change.email);
			const ownerOfKeys = `${line.id}\u0000${change.userId ?? ''}`;
			const deleteApiKeys = change.action === 'revoke' && change.userId !== undefined && (line.change.deleteApiKeys === true || keysOwed.has(ownerOfKeys));
			if (!sameSnapshot(current, planned)) {
				const reason = `changed since the plan: planned from ${describeSnapshot(planned)}, now ${describeSnapshot(current)}`;
				const skipped: INodeExecutionData = { json: { ...head, result: 'skipped', applied: false, skipReason: reason }, pairedItem: { item: itemIndex } };
				if (deleteApiKeys) keysOwed.set(ownerOfKeys, skipped);
				output.push(skipped);
				continue;
			}
			const applied = await applyChange(this, client, change, itemIndex, { deleteApiKeys });
			keysOwed.delete(ownerOfKeys);
			done.push(`${change.action} ${change.email} (${change.projectId})`);
			output.push({
				json: {
					...head,
					result: 'applied',
					applied: true,
					...(applied.created ? { inviteId: String(applied.created.invite_code ?? applied.created._id ?? '') } : {}),
					...(applied.deletedInvites.length > 0 ? { deletedInvites: applied.deletedInvites } : {}),
					...(deleteApiKeys ? { keysDeleted: applied.keysDeleted } : {}),
				},
				pairedItem: { item: itemIndex },
			});
		} catch (error) {
			const left = lines.slice(position).map((entry) => `${String(entry.change.action)} ${String(entry.change.email)} (${String(entry.change.projectId)})`);
			throw withProgress(error, partialWriteNotes('Applying the plan', `line ${line.line} of plan ${line.id}: ${change.action} of ${change.email} (${change.projectId})`, done, left));
		}
	}
	// keys no applied line could delete: said on the last skipped line of that user
	for (const skipped of keysOwed.values()) skipped.json.keysNotDeleted = 'The API keys this plan was to delete are kept: no approved removal of this user still held.';
	return output;
}
