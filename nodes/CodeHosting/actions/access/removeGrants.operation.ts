import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { dryRunModeField, maxRemovalsField, partialWriteNotes, readMaxRemovals, refuseExecuteOnce, showFor, wantsDryRun, withProgress } from '../../../shared';
import { codeHosting, organizationField, ownLogin, ownLoginField, readLogin } from '../common';
import { signCodeHostingPlan } from './plans/bound';
import type { Grant } from './plans/grantInput';
import { readGrants } from './plans/grantInput';
import type { GrantRemoval } from './plans/grants';
import { describeGrant, GrantReader, grantFields, guardsOwnLogin, same } from './plans/grants';

export const description: INodeProperties[] = showFor('access', 'removeGrants', [
	{
		displayName:
			'Remove Grants reads ALL input items: each is one grant to end, a team membership, a direct grant on a repository, or a pending repository or organization invitation (for example the Exceptions Only items of Access → Review that a reviewer marked Remove). The person keeps everything else. Start with Mode: Plan Only.',
		name: 'removeGrantsNotice',
		type: 'notice',
		default: '',
	},
	{ ...organizationField, description: "The organization of the grants (an item's organization, and a repository's owner, must be this one)" },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			ownLoginField,
			maxRemovalsField('Stop before the first removal when the grants would end more memberships, direct grants and invitations than this (a brake for a list that is not what was reviewed)'),
			dryRunModeField(
				'removal',
				'Remove the grants (Max Removals still stops a list that would remove too many)',
				'Output the plan (one item per grant, each removal with its signed plan line) and change nothing',
			),
		],
	},
]);

/** Runs once over the whole input (the grants), not once per item. */
export const returns = 'all';

/** One grant's part of the plan: its removal now (none: nothing to end), or why it is kept. */
interface GrantPlan {
	grant: Grant;
	removal?: GrantRemoval;
	kept?: string;
}

const REFUSED = 'The credential may not make this change (it needs organization owner, team maintainer or repository admin rights); it was not made.';

/**
 * Ends single grants: each input item names one team membership, direct repository grant or
 * pending invitation of one organization (in the fields Access → Review outputs). Every item is
 * checked before any request; each grant's state is then read (a team membership once, a
 * repository's direct collaborators and invitations once per repository, the organization's
 * invitations once), and the removals are planned together: Max Removals brakes the whole list
 * before any write, the credential's own login keeps its memberships and direct grants unless the
 * option allows it, and with Mode Plan Only each grant's item carries the signed plan line that
 * Access → Apply Plan applies after an approval. One item per grant, in input order, paired with
 * the items that name it. Nothing else is touched: the person's other teams, repositories and
 * membership of the organization stay.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	refuseExecuteOnce(this, 'Remove Grants', 'the first grant', 'the grants to end');
	const organization = decodeURIComponent(readLogin(this, 'owner', 'Organization', 0));
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const maxRemovals = readMaxRemovals(this, options);
	const dryRun = wantsDryRun(this, options.dryRun, 0);
	const includeOwnLogin = options.includeOwnLogin === true;
	const grants = readGrants(this, items, organization);

	const reader = new GrantReader(this);
	const plans: GrantPlan[] = [];
	const byPath = new Map<string, GrantPlan>();
	for (const grant of grants) {
		const removal = await reader.removalOf(grant, grant.items[0]);
		// two items that name one grant differently (an invitation by id and by login): one removal
		const known = removal ? byPath.get(removal.path) : undefined;
		if (known) {
			for (const item of grant.items) known.grant.items.push(item);
			continue;
		}
		const plan: GrantPlan = { grant, removal };
		if (removal && guardsOwnLogin(grant.kind) && !includeOwnLogin && same(await ownLogin(this, grant.items[0]), grant.login)) {
			plan.kept = `${grant.login} is the login this credential acts as: not removed (option Include the Token's Own Login)`;
		}
		if (removal) byPath.set(removal.path, plan);
		plans.push(plan);
	}
	for (const plan of plans) plan.grant.items.sort((a, b) => a - b);

	const removals = plans.filter((plan) => plan.removal && !plan.kept);
	const brake = { plannedRemovals: removals.length, maxRemovals, wouldApply: removals.length <= maxRemovals };
	const outputOf = (plan: GrantPlan, extra: IDataObject): INodeExecutionData => {
		const { removal } = plan;
		const state = removal ? { ...grantFields(plan.grant), ...removal.from, invitationId: removal.invitationId ?? plan.grant.invitationId } : grantFields(plan.grant);
		const action = plan.kept ? 'kept' : removal ? removal.action : 'notFound';
		const json: IDataObject = { ...state, action, ...(plan.kept ? { kept: plan.kept } : {}), ...extra };
		for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
		return { json, pairedItem: plan.grant.items.map((item) => ({ item })) };
	};

	if (dryRun) {
		const bound = removals.map((plan) => plan.removal as IDataObject);
		const lines = await signCodeHostingPlan(this, 0, 'access.removeGrants', bound, { maxRemovals, includeOwnLogin });
		return plans.map((plan) => {
			const position = removals.indexOf(plan);
			return outputOf(plan, { dryRun: true, applied: false, ...brake, plan: position >= 0 ? [lines[position]] : [] });
		});
	}

	if (removals.length > maxRemovals) {
		const first = removals.slice(0, 5).map((plan) => describeGrant(plan.grant)).join(', ');
		throw new NodeOperationError(this.getNode(), `The grants would remove ${removals.length} grants, more than Max Removals (${maxRemovals}): nothing was changed`, {
			itemIndex: 0,
			description: `First removals: ${first}${removals.length > 5 ? ', …' : ''}. If the list is what was reviewed, raise Max Removals; run with Mode: Plan Only to see the whole plan.`,
		});
	}

	const output: INodeExecutionData[] = [];
	const done: string[] = [];
	for (const plan of plans) {
		const { removal } = plan;
		if (!removal || plan.kept) {
			output.push(outputOf(plan, { dryRun: false, applied: false }));
			continue;
		}
		let response;
		try {
			response = await codeHosting(this).fullRequest<IDataObject>('DELETE', removal.path, { itemIndex: plan.grant.items[0], acceptStatuses: [403, 404] });
		} catch (error) {
			const left = removals.slice(removals.indexOf(plan)).map((entry) => describeGrant(entry.grant));
			throw withProgress(error, partialWriteNotes('Removing the grants', describeGrant(plan.grant), done, left));
		}
		if (response.statusCode < 300) {
			done.push(describeGrant(plan.grant));
			output.push(outputOf(plan, { action: removal.action === 'cancel' ? 'cancelled' : 'removed', dryRun: false, applied: true }));
		} else {
			output.push(outputOf(plan, { action: 'refused', dryRun: false, applied: false, error: `HTTP ${response.statusCode}: ${String(response.body?.message ?? 'refused')}`, reason: REFUSED }));
		}
	}
	return output;
}
