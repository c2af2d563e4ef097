import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { errorText, requireChoice, requireEmail, showFor } from '../../../shared';
import type { AppliedChange } from '../../core/apply';
import { applyChange, withProgress } from '../../core/apply';
import { snapshotOf } from '../../core/bound';
import { personState } from '../../core/lookup';
import type { AccessChange } from '../../core/plan';
import { planAccess } from '../../core/plan';
import { credentialProjectId, listProjects, projectLocator, readProject, refusedInProject, SCOPE_CHOICES } from '../../core/project';
import type { ProjectClient } from '../../transport';
import { inProject } from '../../transport';
import { append } from '../../../shared/append';
import type { Planned } from './common';
import { changeFields, modeField, ownUserField, planLines, plansOnly, protectedUsers } from './common';

export const description: INodeProperties[] = showFor('access', 'revoke', [
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [SCOPE_CHOICES.project, SCOPE_CHOICES.everyProject],
		default: 'project',
		description:
			'Where the access ends: project (the chosen project) or everyProject (every project the key can list; one output item with a line per project)',
	},
	{ ...projectLocator, displayOptions: { show: { scope: ['project'] } } },
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Email address of the person whose access ends (matched without case)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Delete API Keys',
				name: 'deleteApiKeys',
				type: 'boolean',
				default: false,
				description:
					'Whether to also delete every API key of the user (keys work account-wide, so they would keep working after the removal)',
			},
			ownUserField,
			modeField('revoke', 'Remove the access'),
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

interface ProjectRevoke {
	action: 'removed' | 'uninvited' | 'notFound' | 'kept';
	userId?: string;
	inviteIds: string[];
	keysDeleted: number;
	/** Why a member was left (the API key's own user). */
	kept?: string;
	/** With Mode Plan Only: the changes planned, with what they were computed from. */
	planned: Planned[];
}

/**
 * Removes `email` from one project: the member (keys first, with the option) and their pending
 * invites; with `dryRun`, plans it and writes nothing.
 */
async function revokeIn(
	ctx: IExecuteFunctions,
	client: ProjectClient,
	itemIndex: number,
	email: string,
	deleteApiKeys: boolean,
	dryRun: boolean,
): Promise<ProjectRevoke> {
	const state = await personState(client, itemIndex, email);
	const protectedUserIds = await protectedUsers(ctx, itemIndex, state.members.length > 0);
	const changes = planAccess([], state, { removeOthers: true, protectedUserIds });
	const result: ProjectRevoke = { action: 'notFound', inviteIds: [], keysDeleted: 0, planned: [] };
	const from = snapshotOf(state, email);
	for (const change of changes) {
		if (change.action === 'unchanged') {
			result.kept = change.reason;
			result.userId = change.userId;
			continue;
		}
		if (dryRun) {
			result.planned.push({ change, from, extra: deleteApiKeys && change.userId !== undefined ? { deleteApiKeys: true } : {} });
			if (change.userId !== undefined) result.userId = change.userId;
			append(result.inviteIds, change.dropInvites.map((invite) => invite.inviteCode));
			continue;
		}
		const applied: AppliedChange = await applyChange(ctx, client, change, itemIndex, { deleteApiKeys });
		if (change.userId !== undefined) result.userId = change.userId;
		append(result.inviteIds, applied.deletedInvites);
		result.keysDeleted += applied.keysDeleted;
	}
	const removes = (changes: AccessChange[]) => changes.some((change) => change.action === 'revoke' && change.userId !== undefined);
	result.action = removes(changes) ? 'removed' : result.inviteIds.length > 0 ? 'uninvited' : result.kept ? 'kept' : 'notFound';
	return result;
}

/** Every project the key reaches: one output item with a line per project. */
async function revokeEverywhere(ctx: IExecuteFunctions, itemIndex: number, email: string, withKeys: boolean, dryRun: boolean): Promise<IDataObject> {
	const projects = await listProjects(ctx, itemIndex);
	const credentialProject = await credentialProjectId(ctx, itemIndex);
	const lines: IDataObject[] = [];
	const userIds = new Set<string>();
	let keysDeleted = 0;
	let keysDone = !withKeys;
	const planned: Planned[] = [];
	for (const [position, project] of projects.entries()) {
		const client = inProject(ctx, { id: project.id, viaCredential: project.id === credentialProject });
		const line: IDataObject = { projectId: project.id, projectName: project.name };
		try {
			// The keys are the user's, not the project's: deleted once, in the first project that can.
			const done = await revokeIn(ctx, client, itemIndex, email, !keysDone, dryRun);
			append(planned, done.planned);
			if (done.userId !== undefined) {
				userIds.add(done.userId);
				keysDone = true;
			}
			keysDeleted += done.keysDeleted;
			lines.push({
				...line,
				action: done.action,
				...(done.userId !== undefined ? { userId: done.userId } : {}),
				...(done.inviteIds.length > 0 ? { inviteIds: done.inviteIds } : {}),
				...(done.kept ? { kept: done.kept } : {}),
			});
		} catch (error) {
			if (refusedInProject(error)) {
				lines.push({ ...line, action: 'notChecked', error: errorText(error) });
				continue;
			}
			const before = lines.map((entry) => `${String(entry.projectName || entry.projectId)}: ${String(entry.action)}`).join(', ');
			const after = projects.slice(position + 1).map((entry) => entry.name || entry.id).join(', ');
			throw withProgress(error, [
				`Revoking ${email} everywhere stopped in project ${project.name || project.id}.`,
				before ? `Done before: ${before}.` : 'No project was done before.',
				after ? `Not yet checked: ${after}.` : '',
				'Running the step again is safe: it continues where access is left.',
			]);
		}
	}
	const actions = lines.map((line) => line.action);
	const unchecked = actions.filter((action) => action === 'notChecked').length;
	const action = actions.includes('removed')
		? 'removed'
		: actions.includes('uninvited')
			? 'uninvited'
			: unchecked > 0
				? 'notChecked'
				: actions.includes('kept')
					? 'kept'
					: 'notFound';
	return {
		email,
		scope: 'everyProject',
		action,
		complete: unchecked === 0,
		...(userIds.size > 0 ? { userId: [...userIds][0] } : {}),
		...(dryRun ? {} : { keysDeleted }),
		projectsChecked: lines.length - unchecked,
		projectsNotChecked: unchecked,
		projects: lines,
		...(dryRun ? await planFields(ctx, itemIndex, planned) : {}),
	};
}

/** A plan's fields on a Revoke item: what it would do, and the lines Access → Apply Plan applies. */
async function planFields(ctx: IExecuteFunctions, itemIndex: number, planned: Planned[]): Promise<IDataObject> {
	return {
		dryRun: true,
		applied: false,
		changes: planned.map((entry) => ({ ...changeFields(entry.change), ...(entry.extra?.deleteApiKeys ? { deleteApiKeys: true } : {}) })),
		plan: await planLines(ctx, itemIndex, 'access.revoke', planned),
	};
}

/**
 * Ends `email`'s access to the project, or with Scope "Every Project" to every project the key
 * reaches: removes the member (after deleting their API keys, with the option) and deletes their
 * pending invites. Someone with neither is `notFound`, which is not an error, so a second run
 * changes nothing. A project that could not be checked is never reported as `notFound`. The API
 * key's own user is `kept` unless Include the API Key's Own User is on. With Mode Plan Only
 * (Automatic: as an AI tool) the item is the plan (`dryRun`, `changes`, `plan`) and nothing is written.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = requireEmail(this, this.getNodeParameter('email', itemIndex), 'Email', itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const withKeys = options.deleteApiKeys === true;
	const scope = requireChoice(this, this.getNodeParameter('scope', itemIndex, 'project'), ['project', 'everyProject'], 'Scope', itemIndex);
	const dryRun = plansOnly(this, itemIndex);
	if (scope === 'everyProject') return await revokeEverywhere(this, itemIndex, email, withKeys, dryRun);

	const client = inProject(this, await readProject(this, itemIndex));
	const done = await revokeIn(this, client, itemIndex, email, withKeys, dryRun);
	return {
		email,
		action: done.action,
		...(done.userId !== undefined ? { userId: done.userId } : {}),
		...(done.inviteIds.length > 0 ? { inviteIds: done.inviteIds } : {}),
		...(done.kept ? { kept: done.kept } : {}),
		...(dryRun ? await planFields(this, itemIndex, done.planned) : { keysDeleted: done.keysDeleted }),
	};
}
