import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { countOf, requireText, showFor } from '../../../shared';
import type { PlanLine, VerifiedPlan } from '../../../shared/binding';
import { PlanRefused, planLinesIn, verifyPlans } from '../../../shared/binding';
import { applyChange, withProgress } from '../../core/apply';
import type { AccessSnapshot } from '../../core/bound';
import { changeOf, describeSnapshot, governancePlanKey, PLAN_PLATFORM, PLANNING_OPERATIONS, sameSnapshot, snapshotOf } from '../../core/bound';
import type { ProjectState } from '../../core/lookup';
import { personState, projectState } from '../../core/lookup';
import { credentialProjectId } from '../../core/project';
import type { ProjectClient } from '../../transport';
import { inProject } from '../../transport';
import { changeFields } from './common';

export const description: INodeProperties[] = showFor('access', 'applyPlan', [
	{
		displayName:
			'Applies exactly the changes of an approved plan (the `plan` field of Ensure, Revoke or Sync with Mode: Plan Only), each only while the person\'s access is still what the plan was made from; a plan that was changed, is incomplete or was made with another credential is refused whole, before any write',
		name: 'applyPlanNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Plan Source',
		name: 'source',
		type: 'options',
		options: [
			{ name: 'Input Items', value: 'inputItems', description: 'Each input item carries plan lines in the Plan Field' },
			{
				name: 'Value',
				value: 'value',
				description: "An expression that gives the plan, e.g. the planning step's items after an approval step: {{ $('Plan Access').all() }}",
			},
		],
		default: 'inputItems',
		description: 'Where the approved plan comes from',
	},
	{
		displayName: 'Plan Field',
		name: 'planField',
		type: 'string',
		default: 'plan',
		required: true,
		displayOptions: { show: { source: ['inputItems'] } },
		description: 'Name of the input field that holds the plan lines',
	},
	{
		displayName: 'Plan',
		name: 'planValue',
		type: 'json',
		default: '',
		required: true,
		displayOptions: { show: { source: ['value'] } },
		placeholder: "{{ $('Plan Access').all() }}",
		description: "The plan: the planning step's items, their `plan` fields, or a list of plan lines",
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Approved At',
				name: 'approvedAt',
				type: 'string',
				default: '',
				description: 'When the plan was approved (recorded on every output item), e.g. {{ $now.toISO() }} in the step after the approval',
			},
			{
				displayName: 'Approved By',
				name: 'approvedBy',
				type: 'string',
				default: '',
				description: 'Who approved the plan (recorded on every output item), e.g. the authenticated approver of a Form or Wait step',
			},
		],
	},
]);

/** Runs once over the whole input (the plan), not once per item. */
export const returns = 'all';

interface Given {
	value: unknown;
	itemIndex: number;
}

/**
 * The plan lines given, each with the input item it came from, and whether a plan was given at
 * all (a plan that changes nothing has no line: its items' Plan Field is an empty list).
 */
function givenLines(ctx: IExecuteFunctions): { lines: Given[]; empty: boolean } {
	const source = ctx.getNodeParameter('source', 0, 'inputItems') as string;
	if (source === 'value') {
		let value = ctx.getNodeParameter('planValue', 0, '') as unknown;
		if (typeof value === 'string' && value.trim() !== '') {
			try {
				value = JSON.parse(value);
			} catch {
				throw new NodeOperationError(ctx.getNode(), 'Plan is not JSON', { itemIndex: 0, description: 'Give the planning step\'s items or their `plan` fields. Nothing was changed.' });
			}
		}
		return { lines: planLinesIn(value).map((line) => ({ value: line, itemIndex: 0 })), empty: isEmptyPlan(value) };
	}
	const field = requireText(ctx, ctx.getNodeParameter('planField', 0, 'plan'), 'Plan Field', 0);
	const given: Given[] = [];
	const items = ctx.getInputData();
	for (const [itemIndex, item] of items.entries()) {
		for (const line of planLinesIn(item.json, field)) given.push({ value: line, itemIndex });
	}
	return { lines: given, empty: items.length > 0 && items.every((item) => Array.isArray(item.json[field]) && (item.json[field] as unknown[]).length === 0) };
}

/** A value that is a plan without lines: an empty list, or items whose `plan` fields are all empty lists. */
function isEmptyPlan(value: unknown): boolean {
	if (!Array.isArray(value)) return false;
	return value.every((entry) => {
		const json = (entry as IDataObject)?.json ?? entry;
		return Array.isArray((json as IDataObject)?.plan) && ((json as IDataObject).plan as unknown[]).length === 0;
	});
}

/** Refuses a Sync plan whose removals exceed the Max Removals it was planned with. */
function checkBrake(ctx: IExecuteFunctions, plan: VerifiedPlan): void {
	const maxRemovals = plan.rules.maxRemovals;
	if (typeof maxRemovals !== 'number') return;
	const removals = plan.lines.filter((line) => line.change.action === 'revoke').length;
	if (removals > maxRemovals) {
		throw new NodeOperationError(ctx.getNode(), `Plan ${plan.id} removes ${removals} members or invites, more than its Max Removals (${maxRemovals}): nothing was changed`, {
			itemIndex: 0,
			description: 'Raise Max Removals in the Sync step and plan again if the roster is complete.',
		});
	}
}

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
	const { lines: given, empty } = givenLines(this);
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const approval: IDataObject = {};
	if (typeof options.approvedBy === 'string' && options.approvedBy.trim() !== '') approval.approvedBy = options.approvedBy.trim();
	if (typeof options.approvedAt === 'string' && options.approvedAt.trim() !== '') approval.approvedAt = options.approvedAt.trim();

	if (given.length === 0 && empty) {
		return [{ json: { result: 'nothing to apply', applied: false, ...approval }, pairedItem: { item: 0 } }];
	}
	const key = await governancePlanKey(this, 0);
	let plans: VerifiedPlan[];
	try {
		plans = verifyPlans(key, PLAN_PLATFORM, PLANNING_OPERATIONS, given.map((entry) => entry.value));
	} catch (error) {
		const refused = error instanceof PlanRefused ? error : new PlanRefused(String(error), 'Nothing was changed.');
		throw new NodeOperationError(this.getNode(), refused.message, { itemIndex: 0, description: refused.description });
	}
	for (const plan of plans) checkBrake(this, plan);

	const itemOf = new Map<PlanLine, number>();
	for (const entry of given) itemOf.set(entry.value as PlanLine, entry.itemIndex);
	const lines = plans.flatMap((plan) => plan.lines);
	const perProject = new Map<string, number>();
	for (const line of lines) perProject.set(String(line.change.projectId), (perProject.get(String(line.change.projectId)) ?? 0) + 1);
	const now = new StateNow(perProject);
	const credentialProject = await credentialProjectId(this, 0);

	const output: INodeExecutionData[] = [];
	const done: string[] = [];
	for (const [position, line] of lines.entries()) {
		const change = changeOf(line);
		const itemIndex = itemOf.get(line) ?? 0;
		const client = inProject(this, { id: change.projectId, viaCredential: change.projectId === credentialProject });
		const planned = line.change.from as AccessSnapshot;
		const head = { planId: line.id, line: line.line, lines: line.lines, ...changeFields(change), ...approval };
		try {
			const current = await now.of(client, itemIndex, change.email);
			if (!sameSnapshot(current, planned)) {
				const reason = `changed since the plan: planned from ${describeSnapshot(planned)}, now ${describeSnapshot(current)}`;
				output.push({ json: { ...head, result: 'skipped', applied: false, skipReason: reason }, pairedItem: { item: itemIndex } });
				continue;
			}
			const applied = await applyChange(this, client, change, itemIndex, { deleteApiKeys: line.change.deleteApiKeys === true });
			done.push(`${change.action} ${change.email} (${change.projectId})`);
			output.push({
				json: {
					...head,
					result: 'applied',
					applied: true,
					...(applied.created ? { inviteId: String(applied.created.invite_code ?? applied.created._id ?? '') } : {}),
					...(applied.deletedInvites.length > 0 ? { deletedInvites: applied.deletedInvites } : {}),
					...(line.change.deleteApiKeys === true ? { keysDeleted: applied.keysDeleted } : {}),
				},
				pairedItem: { item: itemIndex },
			});
		} catch (error) {
			const left = lines.slice(position).map((entry) => `${String(entry.change.action)} ${String(entry.change.email)} (${String(entry.change.projectId)})`);
			throw withProgress(error, [
				`Applying the plan stopped at line ${line.line} of plan ${line.id}: ${change.action} of ${change.email} (${change.projectId}).`,
				done.length > 0 ? `Applied before: ${done.join(', ')}.` : 'No change was applied before.',
				`Not applied: ${countOf(left.length, 'change')}: ${left.join(', ')}.`,
				'Applying the same plan again is safe: a change already made no longer matches what the plan was made from and is skipped.',
			]);
		}
	}
	return output;
}
