import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlanLine, VerifiedPlan } from './binding';
import { PlanRefused, planLinesIn, verifyPlans } from './binding';
import { requireText } from './validation';

/**
 * Access → Apply Plan on both action nodes (issue 48): where the approved plan comes from, who
 * approved it and when, and the check of every line before any request. What a line does and how
 * it is checked against the platform now is each node's own.
 */

/** The parameters of Apply Plan (`planners`: the operations whose plans it applies, in words). */
export function applyPlanProperties(planners: string, example: string): INodeProperties[] {
	return [
		{
			displayName: `Applies exactly the changes of an approved plan (the \`plan\` field of ${planners} with Mode: Plan Only), each only while what it changes is still what the plan was made from; a plan that was changed, is incomplete or was made with another credential is refused whole, before any write`,
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
				{ name: 'Value', value: 'value', description: `An expression that gives the plan, e.g. the planning step's items after an approval step: {{ $('${example}').all() }}` },
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
			placeholder: `{{ $('${example}').all() }}`,
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
	];
}

/** A line given to Apply, with the input item it came from. */
export interface GivenLine {
	value: unknown;
	itemIndex: number;
}

/**
 * Whether an item is a planning step's output without a line: its `plan` is an empty list, or it
 * has none and says it was planned (`dryRun: true`, e.g. Revoke's `complete` item when there is
 * nothing to remove). Anything else without lines (the wrong field or step) is an error.
 */
function plannedWithoutLines(json: IDataObject | undefined, field: string): boolean {
	const plan = json?.[field];
	if (Array.isArray(plan)) return plan.length === 0;
	return plan === undefined && json?.dryRun === true;
}

/** A value that is a plan without lines: a list of a planning step's items, none with a line. */
function isEmptyPlan(value: unknown): boolean {
	if (!Array.isArray(value) || value.length === 0) return false;
	return value.every((entry) => plannedWithoutLines(((entry as IDataObject)?.json ?? entry) as IDataObject, 'plan'));
}

/**
 * The plan lines given, each with the input item it came from, and whether a plan was given that
 * has no line (a plan that changes nothing: its items' Plan Field is an empty list).
 */
export function givenPlanLines(ctx: IExecuteFunctions): { lines: GivenLine[]; empty: boolean } {
	const source = ctx.getNodeParameter('source', 0, 'inputItems') as string;
	if (source === 'value') {
		let value = ctx.getNodeParameter('planValue', 0, '') as unknown;
		if (typeof value === 'string' && value.trim() !== '') {
			try {
				value = JSON.parse(value);
			} catch {
				throw new NodeOperationError(ctx.getNode(), 'Plan is not JSON', { itemIndex: 0, description: "Give the planning step's items or their `plan` fields. Nothing was changed." });
			}
		}
		return { lines: planLinesIn(value).map((line) => ({ value: line, itemIndex: 0 })), empty: isEmptyPlan(value) };
	}
	const field = requireText(ctx, ctx.getNodeParameter('planField', 0, 'plan'), 'Plan Field', 0);
	const lines: GivenLine[] = [];
	const items = ctx.getInputData();
	for (const [itemIndex, item] of items.entries()) {
		for (const line of planLinesIn(item.json, field)) lines.push({ value: line, itemIndex });
	}
	return { lines, empty: items.length > 0 && items.every((item) => plannedWithoutLines(item.json, field)) };
}

/** Approved By and Approved At, as every output item records them. */
export function approvalOf(ctx: IExecuteFunctions): IDataObject {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const approval: IDataObject = {};
	if (typeof options.approvedBy === 'string' && options.approvedBy.trim() !== '') approval.approvedBy = options.approvedBy.trim();
	if (typeof options.approvedAt === 'string' && options.approvedAt.trim() !== '') approval.approvedAt = options.approvedAt.trim();
	return approval;
}

/** The verified plans, or the node's error that refuses them all (before any request). */
export function verifiedPlans(ctx: IExecuteFunctions, key: Buffer, platform: string, operations: string[], given: GivenLine[]): VerifiedPlan[] {
	try {
		return verifyPlans(key, platform, operations, given.map((entry) => entry.value));
	} catch (error) {
		const refused = error instanceof PlanRefused ? error : new PlanRefused(String(error), 'Nothing was changed.');
		throw new NodeOperationError(ctx.getNode(), refused.message, { itemIndex: 0, description: refused.description });
	}
}

/** Refuses a plan whose removals exceed the Max Removals it was planned with (the brake of Sync and Remove Grants). */
export function checkPlannedBrake(ctx: IExecuteFunctions, plan: VerifiedPlan, isRemoval: (line: PlanLine) => boolean, what: string): void {
	const maxRemovals = plan.rules.maxRemovals;
	if (typeof maxRemovals !== 'number') return;
	const removals = plan.lines.filter(isRemoval).length;
	if (removals > maxRemovals) {
		throw new NodeOperationError(ctx.getNode(), `Plan ${plan.id} removes ${removals} ${what}, more than its Max Removals (${maxRemovals}): nothing was changed`, {
			itemIndex: 0,
			description: 'Raise Max Removals in the step that made the plan and plan again, if its input is complete and what was reviewed.',
		});
	}
}

/** Which input item each verified line came from. */
export function itemsOfLines(given: GivenLine[]): Map<PlanLine, number> {
	const itemOf = new Map<PlanLine, number>();
	for (const entry of given) itemOf.set(entry.value as PlanLine, entry.itemIndex);
	return itemOf;
}
