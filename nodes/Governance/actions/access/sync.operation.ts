import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { maxRemovalsField, partialWriteNotes, readMaxRemovals, refuseExecuteOnce, requireText, showFor, wantsDryRun } from '../../../shared';
import { applyChange, withProgress } from '../../core/apply';
import { snapshotOf } from '../../core/bound';
import type { ProjectState } from '../../core/lookup';
import { projectState } from '../../core/lookup';
import type { AccessChange } from '../../core/plan';
import { planAccess } from '../../core/plan';
import type { ProjectInfo } from '../../core/project';
import { credentialProjectId, knownProjects, ownUserId, projectLocator, readProject } from '../../core/project';
import { readRoster } from '../../core/roster';
import { inProject } from '../../transport';
import { DEFAULT_PERMISSION_GROUP_KEY } from '../common';
import { changeFields, modeField, ownUserField, planLines } from './common';

export const description: INodeProperties[] = showFor('access', 'sync', [
	{
		displayName:
			'Sync reads ALL input items as the desired roster (one item per person) and makes each project match it: invites, role updates and removals of everyone not in the roster. Start with Mode: Plan Only. Leave the node setting Execute Once off (it would hand over only the first person).',
		name: 'syncNotice',
		type: 'notice',
		default: '',
	},
	{ ...projectLocator, description: 'The project of roster entries that name no project (see Project Field)' },
	{
		displayName: 'Email Field',
		name: 'emailField',
		type: 'string',
		default: 'email',
		required: true,
		description: 'Name of the input field that holds each person\'s email address (a dotted path such as person.email works too)',
	},
	{
		displayName: 'Roles Field',
		name: 'rolesField',
		type: 'string',
		default: 'roles',
		required: true,
		description:
			'Name of the input field that holds the roles: a list such as ["editor"] or text such as "admin, viewer" (admin, editor, viewer)',
	},
	{
		displayName: 'Project Field',
		name: 'projectField',
		type: 'string',
		default: 'project',
		description:
			'Name of the input field that holds a project ID, for a roster that covers several projects. Items without it belong to the Project above. Every project named is synced in full.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			ownUserField,
			modeField('sync', 'Make the changes (Max Removals still stops a sync that would remove too many)'),
			{
				displayName: 'Manage Admins',
				name: 'manageAdmins',
				type: 'boolean',
				default: false,
				description:
					'Whether the sync may change or remove members who are admins. Off: admins are left as they are. The API key\'s own user is never changed.',
			},
			maxRemovalsField('Stop the whole sync, before its first change, when it would remove more members and invites than this (a brake for an empty or cut-off roster export)'),
			{
				displayName: 'Permission Group Key',
				name: 'permissionGroupKey',
				type: 'string',
				default: DEFAULT_PERMISSION_GROUP_KEY,
				description: 'Text key of the permission group the roles are put under: serviceDefault (default) or the vendor docs\' relevanceDefault',
			},
		],
	},
]);

/** Runs once over the whole input (the roster), not once per item. */
export const returns = 'all';

interface SyncOptions {
	dryRun: boolean;
	includeOwnUser: boolean;
	manageAdmins: boolean;
	maxRemovals: number;
	groupKey: string;
}

function readOptions(ctx: IExecuteFunctions): SyncOptions {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const maxRemovals = readMaxRemovals(ctx, options);
	return {
		// Automatic: as an AI tool a sync only plans; the builder chooses Apply to let a tool apply it
		dryRun: wantsDryRun(ctx, options.dryRun, 0),
		includeOwnUser: options.includeOwnUser === true,
		manageAdmins: options.manageAdmins === true,
		maxRemovals,
		groupKey: requireText(ctx, options.permissionGroupKey ?? DEFAULT_PERMISSION_GROUP_KEY, 'Permission Group Key', 0),
	};
}

/** The output item of a change, paired with its roster items (removals: every roster item of its project). */
function outputOf(change: AccessChange, project: ProjectInfo | undefined, dryRun: boolean, applied: boolean, pairedWith: number[], extra: IDataObject = {}): INodeExecutionData {
	const json: IDataObject = {
		...changeFields(change, project),
		dryRun,
		applied,
		...extra,
	};
	return { json, pairedItem: pairedWith.map((item) => ({ item })) };
}

function describeChange(change: AccessChange): string {
	return `${change.email} (${change.projectId})`;
}

/**
 * Makes each project the roster names match the roster: reads every member and pending invite
 * of those projects, plans the least changes (access core), and, unless it only plans (Mode), applies them.
 * Nothing is written when the roster has a bad entry, names an unknown project, or when the plan
 * removes more than Max Removals.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	refuseExecuteOnce(this, 'Sync', 'the first person of the roster', 'the roster');
	const options = readOptions(this);
	const fields = {
		email: requireText(this, this.getNodeParameter('emailField', 0, 'email'), 'Email Field', 0),
		roles: requireText(this, this.getNodeParameter('rolesField', 0, 'roles'), 'Roles Field', 0),
		project: String(this.getNodeParameter('projectField', 0, '') ?? '').trim(),
	};
	const defaultProject = await readProject(this, 0);
	const roster = readRoster(this, items, fields, defaultProject.id, options.groupKey);

	// Every project named must be one the key reaches (one projects list), before any write.
	const credentialProject = await credentialProjectId(this, 0);
	const named = [...roster.entries()].map(([id, entries]) => ({ id, itemIndex: entries[0].items[0] }));
	const projects = await knownProjects(this, 0, named);

	const self = options.includeOwnUser ? '' : await ownUserId(this, 0);
	const rules = { removeOthers: true, protectedUserIds: new Set(self ? [self] : []), protectAdmins: !options.manageAdmins };

	const plans: Array<{ client: ReturnType<typeof inProject>; changes: AccessChange[]; state: ProjectState; rosterItems: number[] }> = [];
	for (const [projectId, desired] of roster) {
		const client = inProject(this, { id: projectId, viaCredential: projectId === credentialProject });
		const state = await projectState(client, desired[0].items[0]);
		const changes = planAccess(desired, state, rules);
		plans.push({ client, changes, state, rosterItems: desired.flatMap((entry) => entry.items).sort((a, b) => a - b) });
	}

	const pairing = (change: AccessChange, rosterItems: number[]) => (change.items.length > 0 ? change.items : rosterItems);
	const removals = plans.flatMap(({ changes }) => changes.filter((change) => change.action === 'revoke'));
	if (options.dryRun) {
		// What an approver needs to know: whether applying this plan would pass the brake.
		const brake = { plannedRemovals: removals.length, maxRemovals: options.maxRemovals, wouldApply: removals.length <= options.maxRemovals };
		// the plan Access → Apply Plan applies: a line per change that writes, Max Removals with it
		const writing = plans.flatMap(({ changes, state }) => changes.map((change) => ({ change, from: snapshotOf(state, change.email) })));
		const lines = await planLines(this, 0, 'access.sync', writing, { maxRemovals: options.maxRemovals });
		const lineOf = new Map(writing.filter((entry) => entry.change.action !== 'unchanged').map((entry, position) => [entry.change, lines[position]]));
		return plans.flatMap(({ changes, rosterItems }) =>
			changes.map((change) => {
				const line = lineOf.get(change);
				return outputOf(change, projects.get(change.projectId), true, false, pairing(change, rosterItems), line ? { ...brake, plan: line } : brake);
			}),
		);
	}

	if (removals.length > options.maxRemovals) {
		const first = removals.slice(0, 5).map(describeChange).join(', ');
		throw new NodeOperationError(
			this.getNode(),
			`The sync would remove ${removals.length} members or invites, more than Max Removals (${options.maxRemovals}): nothing was changed`,
			{
				itemIndex: 0,
				description: `First removals: ${first}${removals.length > 5 ? ', …' : ''}. If the roster is complete, raise Max Removals; run with Mode: Plan Only to see the whole plan.`,
			},
		);
	}

	const output: INodeExecutionData[] = [];
	const done: string[] = [];
	const steps = plans.flatMap(({ client, changes, rosterItems }) => changes.map((change) => ({ client, change, rosterItems })));
	for (const [position, { client, change, rosterItems }] of steps.entries()) {
		const itemIndex = pairing(change, rosterItems)[0] ?? 0;
		try {
			await applyChange(this, client, change, itemIndex);
		} catch (error) {
			// Left: the change it stopped at and every later one of the plan (all projects).
			const left = steps
				.slice(position)
				.filter((step) => step.change.action !== 'unchanged')
				.map((step) => `${step.change.action} ${describeChange(step.change)}`);
			throw withProgress(error, partialWriteNotes('The sync', `${change.action} of ${describeChange(change)}`, done, left));
		}
		if (change.action !== 'unchanged') done.push(`${change.action} ${describeChange(change)}`);
		output.push(outputOf(change, projects.get(change.projectId), false, change.action !== 'unchanged', pairing(change, rosterItems)));
	}
	return output;
}
