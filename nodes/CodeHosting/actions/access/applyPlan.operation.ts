import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { partialWriteNotes, showFor, withProgress } from '../../../shared';
import type { PlanLine } from '../../../shared/binding';
import { applyPlanProperties, approvalOf, checkPlannedBrake, givenPlanLines, itemsOfLines, verifiedPlans } from '../../../shared/planApply';
import { codeHosting, ownLogin } from '../common';
import { codeHostingPlanKey, PLAN_PLATFORM, PLANNING_OPERATIONS } from './plans/bound';
import { describeGrant, GrantReader, guardsOwnLogin, refOfLine, removalGone } from './plans/grants';
import type { RevokeChange } from './plans/revoke';
import { revokeChanges, same, sameRevokeChange } from './plans/revoke';
import type { TeamChange, TeamState } from './plans/teams';
import { teamChangeGone, teamRefusal, teamState, writeTeamChange } from './plans/teams';

export const description: INodeProperties[] = showFor('access', 'applyPlan', applyPlanProperties('Revoke, Remove Grants or Sync', 'Plan Revoke'));

/** Runs once over the whole input (the plan), not once per item. */
export const returns = 'all';

/** What one line's change is now: undefined when it still holds, else why it is skipped. */
type Check = (line: PlanLine, itemIndex: number) => Promise<string | undefined>;

/** Whether a line ends access of its login that the credential's own login keeps (not an invitation). */
function guardsLogin(line: PlanLine): boolean {
	if (line.operation === 'access.removeGrants') return guardsOwnLogin(refOfLine(line.change).kind);
	return line.operation === 'access.revoke' || line.change.action === 'remove';
}

/** Reads what the lines act on once per person (Revoke), team (Sync), or team membership, repository or organization (Remove Grants), as the plan did. */
function checker(ctx: IExecuteFunctions): Check {
	const revokes = new Map<string, Promise<RevokeChange[]>>();
	const teams = new Map<string, Promise<TeamState>>();
	const grants = new GrantReader(ctx);
	return async (line, itemIndex) => {
		const change = line.change;
		const org = String(change.organization);
		const login = String(change.login);
		if (line.rules.includeOwnLogin !== true && guardsLogin(line) && same(await ownLogin(ctx, itemIndex), login)) {
			return `${login} is the login this credential acts as: not removed (option Include the Token's Own Login was off when it was planned)`;
		}
		if (line.operation === 'access.removeGrants') return removalGone(change, await grants.removalOf(refOfLine(change), itemIndex));
		if (line.operation === 'access.revoke') {
			const key = `${org}\u0000${login.toLowerCase()}`;
			if (!revokes.has(key)) revokes.set(key, revokeChanges(ctx, org, login, typeof change.email === 'string' ? change.email : undefined, itemIndex).then((planned) => planned.changes));
			const now = await revokes.get(key)!;
			return now.some((entry) => sameRevokeChange(change, entry)) ? undefined : 'changed since the plan: this access is no longer there as planned (already removed, or changed)';
		}
		const key = `${org}\u0000${String(change.team)}`;
		if (!teams.has(key)) teams.set(key, teamState(ctx, `/orgs/${encodeURIComponent(org)}`, org, String(change.team), itemIndex));
		return teamChangeGone(change as unknown as TeamChange, await teams.get(key)!);
	};
}

/** Makes one line's change; the platform's answer. */
async function write(ctx: IExecuteFunctions, line: PlanLine, itemIndex: number) {
	const change = line.change;
	if (line.operation === 'access.revoke' || line.operation === 'access.removeGrants') {
		return await codeHosting(ctx).fullRequest<IDataObject>('DELETE', String(change.path), { itemIndex, acceptStatuses: [403, 404] });
	}
	return await writeTeamChange(ctx, `/orgs/${encodeURIComponent(String(change.organization))}`, change as unknown as TeamChange, itemIndex);
}

const describe = (line: PlanLine) => {
	const change = line.change;
	if (line.operation === 'access.removeGrants') return `${String(change.action)} ${describeGrant(refOfLine(change))}`;
	return line.operation === 'access.revoke' ? `${String(change.action)} ${String(change.login)} in ${String(change.organization)}` : `${String(change.action)} ${String(change.login)} ${change.action === 'add' ? 'to' : 'from'} ${String(change.team)}`;
};

/**
 * Applies approved plans of Access → Revoke, Remove Grants and Sync exactly: every line is checked
 * first (digest, completeness, platform, the Max Removals of Sync and Remove Grants; anything wrong
 * refuses all, before a request), then what each line changes is read again (once per person,
 * team, repository or organization) and the change is made only if it still holds; otherwise the
 * line is skipped and says why. The credential's own login is never removed unless the plan was
 * made with Include the Token's Own Login. One output item per line.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const { lines: given, empty } = givenPlanLines(this);
	const approval = approvalOf(this);
	if (given.length === 0 && empty) return [{ json: { result: 'nothing to apply', applied: false, ...approval }, pairedItem: { item: 0 } }];
	const plans = verifiedPlans(this, await codeHostingPlanKey(this, 0), PLAN_PLATFORM, PLANNING_OPERATIONS, given);
	for (const plan of plans) {
		if (plan.operation === 'access.removeGrants') checkPlannedBrake(this, plan, () => true, 'grants');
		else checkPlannedBrake(this, plan, (line) => line.operation === 'access.sync' && line.change.action === 'remove', 'team memberships');
	}

	const itemOf = itemsOfLines(given);
	const lines = plans.flatMap((plan) => plan.lines);
	const check = checker(this);
	const output: INodeExecutionData[] = [];
	const done: string[] = [];
	for (const [position, line] of lines.entries()) {
		const itemIndex = itemOf.get(line) ?? 0;
		// what the line changes, as the plan showed it (the request itself is not repeated)
		const shown = Object.fromEntries(Object.entries(line.change).filter(([key]) => key !== 'method' && key !== 'path'));
		const json: IDataObject = { planId: line.id, line: line.line, lines: line.lines, operation: line.operation, ...shown, ...approval };
		try {
			const gone = await check(line, itemIndex);
			if (gone !== undefined) {
				output.push({ json: { ...json, result: 'skipped', applied: false, skipReason: gone }, pairedItem: { item: itemIndex } });
				continue;
			}
			const response = await write(this, line, itemIndex);
			if (response.statusCode < 300) {
				done.push(describe(line));
				output.push({ json: { ...json, result: 'applied', applied: true }, pairedItem: { item: itemIndex } });
			} else {
				const reason =
					line.operation === 'access.sync'
						? teamRefusal(response.statusCode)
						: `The credential may not make this change (it needs organization owner${line.operation === 'access.removeGrants' ? ', team maintainer' : ''} or repository admin rights); it was not made.`;
				output.push({
					json: { ...json, result: 'refused', applied: false, error: `HTTP ${response.statusCode}: ${String(response.body?.message ?? 'refused')}`, reason },
					pairedItem: { item: itemIndex },
				});
			}
		} catch (error) {
			throw withProgress(error, partialWriteNotes('Applying the plan', `line ${line.line} of plan ${line.id}: ${describe(line)}`, done, lines.slice(position).map(describe)));
		}
	}
	return output;
}
