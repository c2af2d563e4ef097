import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fieldOf, maxRemovalsField, partialWriteNotes, readMaxRemovals, refuseExecuteOnce, requireEmail, requireText, showFor } from '../../../shared';
import { applyChange, withProgress } from '../../core/apply';
import { snapshotOf } from '../../core/bound';
import type { ProjectState } from '../../core/lookup';
import { personState, projectState } from '../../core/lookup';
import { sameEmail } from '../../core/permissions';
import type { AccessChange } from '../../core/plan';
import { planAccess } from '../../core/plan';
import type { ProjectInfo } from '../../core/project';
import { credentialProjectId, knownProjects, ownUserId, projectLocator, readProject, requireProjectId } from '../../core/project';
import { inProject } from '../../transport';
import type { Planned } from './common';
import { changeFields, modeField, ownUserField, planLines, plansOnly } from './common';

export const description: INodeProperties[] = showFor('access', 'removeGrants', [
	{
		displayName:
			"Remove Grants reads ALL input items: each is one grant to end, one person's membership and pending invites in one project (for example the lines of Access → Review that a reviewer marked Remove). Their other projects and their API keys are left as they are. Start with Mode: Plan Only.",
		name: 'removeGrantsNotice',
		type: 'notice',
		default: '',
	},
	{ ...projectLocator, description: 'The project of grants whose item names no project (see Project Field)' },
	{
		displayName: 'Email Field',
		name: 'emailField',
		type: 'string',
		default: 'email',
		required: true,
		description: "Name of the input field that holds the person's email address (a dotted path such as person.email works too)",
	},
	{
		displayName: 'Project Field',
		name: 'projectField',
		type: 'string',
		default: 'project',
		description: 'Name of the input field that holds the project ID of the grant (as Access → Review outputs it). Items without it are grants in the Project above.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			ownUserField,
			maxRemovalsField('Stop before the first removal when the grants would remove more members and invites than this (a brake for a list that is not what was reviewed)'),
			modeField('remove these grants', 'Remove the grants (Max Removals still stops a list that would remove too many)'),
		],
	},
]);

/** Runs once over the whole input (the grants), not once per item. */
export const returns = 'all';

/** One grant to end: an email in a project, with the input items that name it. */
interface Grant {
	email: string;
	projectId: string;
	items: number[];
}

/** The grants of the input, one per email and project (an item naming a grant twice is paired with it); nothing is sent before all are read. */
function readGrants(ctx: IExecuteFunctions, items: INodeExecutionData[], defaultProject: string): Grant[] {
	const emailField = requireText(ctx, ctx.getNodeParameter('emailField', 0, 'email'), 'Email Field', 0);
	const projectField = String(ctx.getNodeParameter('projectField', 0, 'project') ?? '').trim();
	const grants = new Map<string, Grant>();
	for (const [itemIndex, item] of items.entries()) {
		const json = item.json ?? {};
		const rawEmail = fieldOf(json, emailField);
		if (rawEmail === undefined || rawEmail === null || rawEmail === '') {
			throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex} has no email in field "${emailField}"`, {
				itemIndex,
				description: `Nothing was changed. Every grant needs the person's email; the item has the fields: ${Object.keys(json).join(', ') || 'none'}. Set "Email Field" to the field that holds it.`,
			});
		}
		const email = requireEmail(ctx, rawEmail, `Email of item ${itemIndex}`, itemIndex);
		const rawProject = projectField ? fieldOf(json, projectField) : undefined;
		const projectId =
			rawProject === undefined || rawProject === null || rawProject === ''
				? defaultProject
				: requireProjectId(ctx, rawProject, `Project of ${email} (item ${itemIndex}, field "${projectField}")`, itemIndex);
		const key = `${projectId}\u0000${email.toLowerCase()}`;
		const grant = grants.get(key);
		if (grant) grant.items.push(itemIndex);
		else grants.set(key, { email, projectId, items: [itemIndex] });
	}
	return [...grants.values()];
}

/** One person's part of a project's state. */
function personIn(state: ProjectState, email: string): ProjectState {
	return {
		projectId: state.projectId,
		members: state.members.filter((member) => sameEmail(member.email, email)),
		invites: state.invites.filter((invite) => sameEmail(invite.email, email)),
	};
}

/** What one grant's removal is: the planned change (none: nothing to remove, or kept) and what it was computed from. */
interface GrantPlan {
	grant: Grant;
	change?: AccessChange;
	kept?: AccessChange;
	from: ReturnType<typeof snapshotOf>;
}

const describeGrant = (grant: Grant) => `${grant.email} (${grant.projectId})`;

/**
 * Ends single grants: each input item names one person in one project. Every grant is read first
 * (a project with 5 or more grants is read once in full, otherwise per person), then the removals
 * are planned together: Max Removals brakes the whole list before any write, the API key's own
 * user is kept unless the option allows it, and with Mode Plan Only each grant's item carries the
 * signed plan line that Access → Apply Plan applies after an approval. Nothing else is touched:
 * their other projects, their API keys, other people.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	refuseExecuteOnce(this, 'Remove Grants', 'the first grant', 'the grants to end');
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const maxRemovals = readMaxRemovals(this, options);
	const dryRun = plansOnly(this, 0);
	const defaultProject = await readProject(this, 0);
	const grants = readGrants(this, items, defaultProject.id);

	// Every project named must be one the key reaches (one projects list), before any read of access.
	const projects = await knownProjects(this, 0, grants.map((grant) => ({ id: grant.projectId, itemIndex: grant.items[0] })));
	const credentialProject = await credentialProjectId(this, 0);
	const clientOf = (projectId: string) => inProject(this, { id: projectId, viaCredential: projectId === credentialProject });
	const perProject = new Map<string, Grant[]>();
	for (const grant of grants) perProject.set(grant.projectId, [...(perProject.get(grant.projectId) ?? []), grant]);

	let self: string | undefined;
	const plans: GrantPlan[] = [];
	for (const [projectId, inProjectGrants] of perProject) {
		const client = clientOf(projectId);
		const whole = inProjectGrants.length >= 5 ? await projectState(client, inProjectGrants[0].items[0]) : undefined;
		for (const grant of inProjectGrants) {
			const state = whole ? personIn(whole, grant.email) : await personState(client, grant.items[0], grant.email);
			if (self === undefined && state.members.length > 0) self = options.includeOwnUser === true ? '' : await ownUserId(this, grant.items[0]);
			const changes = planAccess([], state, { removeOthers: true, protectedUserIds: new Set(self ? [self] : []) });
			plans.push({
				grant,
				change: changes.find((change) => change.action === 'revoke'),
				kept: changes.find((change) => change.action === 'unchanged'),
				from: snapshotOf(state, grant.email),
			});
		}
	}

	// in the order of the input, whatever the project
	plans.sort((a, b) => a.grant.items[0] - b.grant.items[0]);
	const removals = plans.filter((plan) => plan.change !== undefined);
	const brake = { plannedRemovals: removals.length, maxRemovals, wouldApply: removals.length <= maxRemovals };
	const outputOf = (plan: GrantPlan, project: ProjectInfo | undefined, extra: IDataObject): INodeExecutionData => {
		const change = plan.change ?? plan.kept;
		const json: IDataObject = change
			? { ...changeFields(change, project), ...(plan.kept && !plan.change ? { action: 'kept', kept: plan.kept.reason } : {}) }
			: { project: plan.grant.projectId, ...(project?.name ? { projectName: project.name } : {}), email: plan.grant.email, action: 'notFound' };
		return { json: { ...json, ...extra }, pairedItem: plan.grant.items.map((item) => ({ item })) };
	};

	if (dryRun) {
		const planned: Planned[] = removals.map((plan) => ({ change: plan.change!, from: plan.from }));
		const lines = await planLines(this, 0, 'access.removeGrants', planned, { maxRemovals });
		return plans.map((plan) => {
			const position = removals.indexOf(plan);
			return outputOf(plan, projects.get(plan.grant.projectId), { dryRun: true, applied: false, ...brake, ...(position >= 0 ? { plan: [lines[position]] } : { plan: [] }) });
		});
	}

	if (removals.length > maxRemovals) {
		const first = removals.slice(0, 5).map((plan) => describeGrant(plan.grant)).join(', ');
		throw new NodeOperationError(this.getNode(), `The grants would remove ${removals.length} members or invites, more than Max Removals (${maxRemovals}): nothing was changed`, {
			itemIndex: 0,
			description: `First removals: ${first}${removals.length > 5 ? ', …' : ''}. If the list is what was reviewed, raise Max Removals; run with Mode: Plan Only to see the whole plan.`,
		});
	}

	const output: INodeExecutionData[] = [];
	const done: string[] = [];
	for (const [position, plan] of plans.entries()) {
		const project = projects.get(plan.grant.projectId);
		if (!plan.change) {
			output.push(outputOf(plan, project, { dryRun: false, applied: false }));
			continue;
		}
		try {
			const applied = await applyChange(this, clientOf(plan.grant.projectId), plan.change, plan.grant.items[0]);
			done.push(describeGrant(plan.grant));
			const action = plan.change.userId !== undefined ? 'removed' : 'uninvited';
			output.push(outputOf(plan, project, { action, dryRun: false, applied: true, ...(applied.deletedInvites.length > 0 ? { deletedInvites: applied.deletedInvites } : {}) }));
		} catch (error) {
			const left = plans.slice(position).filter((entry) => entry.change !== undefined).map((entry) => describeGrant(entry.grant));
			throw withProgress(error, partialWriteNotes('Removing the grants', describeGrant(plan.grant), done, left));
		}
	}
	return output;
}
