import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { errorText, readLimit, requireChoice, returnAllOrLimit, showFor } from '../../../shared';
import { exceptionsOnly, perPerson, REVIEW_OUTPUTS } from '../../core/reviewOutput';
import { withProgress } from '../../core/apply';
import { listInvites, listKeys, listMembers } from '../../core/calls';
import { toInvite, toMember } from '../../core/lookup';
import { rolesOf } from '../../core/permissions';
import type { ProjectInfo } from '../../core/project';
import {
	credentialProjectId,
	knownProjects,
	listProjects,
	projectLocator,
	readProject,
	refusedInProject,
	requireProjectId,
	SCOPE_CHOICES,
} from '../../core/project';
import { inProject } from '../../transport';

export const description: INodeProperties[] = showFor('access', 'review', [
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [SCOPE_CHOICES.project, SCOPE_CHOICES.projects, SCOPE_CHOICES.everyProject],
		default: 'project',
		description: 'Which projects the review covers: project, projects (a list) or everyProject',
	},
	{ ...projectLocator, displayOptions: { show: { scope: ['project'] } } },
	{
		displayName: 'Project Names or IDs',
		name: 'projectIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getProjects' },
		default: [],
		displayOptions: { show: { scope: ['projects'] } },
		description:
			'The projects to review, a list of project IDs (for example ["0a1b…", "9f8e…"]). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Per Person',
				value: 'perPerson',
				description: 'One item per person: their projects with roles, pending invites, highest role and (with Include API Keys) their API keys; a summary last',
			},
			{
				name: 'Exceptions Only',
				value: 'exceptionsOnly',
				description: 'Only what an auditor flags, one item each: an Admin role in a project, a custom role, a pending invite, a member holding API keys; a summary last',
			},
			{
				name: 'Per Person and Project',
				value: 'perPersonAndProject',
				description: 'One item per person per project (members, then pending invites), with Return All or a Limit',
			},
		],
		default: 'perPerson',
		description: 'What the review outputs. Per Person and Exceptions Only read every project in scope in full.',
	},
	...returnAllOrLimit().map((property) => ({ ...property, displayOptions: { show: { ...property.displayOptions?.show, output: ['perPersonAndProject'] } } })),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Include API Keys',
				name: 'includeApiKeys',
				type: 'boolean',
				default: false,
				description: 'Whether to add each member\'s number of API keys and their labels (never the keys themselves)',
			},
		],
	},
]);

/** Any number of output items per input item (per person, per exception, or per person per project). */
export const returns = 'items';

/** The projects the review covers, with their names (one projects list per execution). */
async function projectsInScope(ctx: IExecuteFunctions, itemIndex: number): Promise<ProjectInfo[]> {
	const scope = requireChoice(ctx, ctx.getNodeParameter('scope', itemIndex, 'project'), ['project', 'projects', 'everyProject'], 'Scope', itemIndex);
	if (scope === 'everyProject') return await listProjects(ctx, itemIndex);
	let ids: string[];
	if (scope === 'project') {
		ids = [(await readProject(ctx, itemIndex)).id];
	} else {
		const raw = ctx.getNodeParameter('projectIds', itemIndex, []) as unknown;
		const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
		ids = [...new Set(list.map((entry) => requireProjectId(ctx, entry, 'Project Names or IDs', itemIndex)))];
		if (ids.length === 0) {
			ids = [requireProjectId(ctx, '', 'Project Names or IDs', itemIndex)];
		}
	}
	const known = await knownProjects(ctx, itemIndex, ids.map((id) => ({ id, itemIndex })));
	return ids.map((id) => known.get(id) as ProjectInfo);
}

/**
 * A read the key may be refused in one project (no Admin there): its answer, or the refusal's
 * text. Any other failure stops the review, saying in which project.
 */
async function orRefusal<T>(read: () => Promise<T>, project: ProjectInfo): Promise<{ value: T } | { refused: string }> {
	try {
		return { value: await read() };
	} catch (error) {
		if (refusedInProject(error)) return { refused: errorText(error) };
		throw withProgress(error, [`Reviewing stopped in project ${project.name || project.id}.`]);
	}
}

/**
 * Who has access to what, in the chosen Output: per person, exceptions only, or one item per
 * person per project (members, then pending invites) with roles, and with the option the number
 * and labels of each member's API keys (read once per user). Reads only; per person per project
 * stops reading as soon as Limit items are in hand, the other two read every project in scope.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const output = requireChoice(this, this.getNodeParameter('output', itemIndex, 'perPerson'), REVIEW_OUTPUTS, 'Output', itemIndex);
	const projects = await projectsInScope(this, itemIndex);
	if (output === 'perPersonAndProject') return await reviewLines(this, itemIndex, projects, readLimit(this, itemIndex));
	const lines = await reviewLines(this, itemIndex, projects, Infinity);
	return output === 'perPerson' ? perPerson(lines, projects.length) : exceptionsOnly(lines, projects.length);
}

/** One line per person per project (members, then pending invites) and per list not readable, up to `limit`. */
async function reviewLines(ctx: IExecuteFunctions, itemIndex: number, projects: ProjectInfo[], limit: number): Promise<IDataObject[]> {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const withKeys = options.includeApiKeys === true;
	const credentialProject = await credentialProjectId(ctx, itemIndex);
	// A user's keys are read once, from the first project that lets the key read them.
	const keysOf = new Map<string, IDataObject[]>();

	const output: IDataObject[] = [];
	for (const project of projects) {
		if (output.length >= limit) break;
		const client = inProject(ctx, { id: project.id, viaCredential: project.id === credentialProject });
		const where = { project: project.id, projectName: project.name };
		const refusal = (reading: string, error: string) => ({ ...where, state: 'notReadable', reading, error });
		const members = await orRefusal(async () => await listMembers(client, itemIndex, limit - output.length), project);
		if ('refused' in members) {
			output.push(refusal('members', members.refused));
			continue;
		}
		// Keys refused once in this project (no Admin there) are not asked for again here.
		let keysRefused: string | undefined;
		for (const entry of members.value) {
			const member = toMember(entry, project.id);
			const line: IDataObject = { ...where, email: member.email, userId: member.userId, state: 'member', roles: rolesOf(member.permissions) };
			if (withKeys) {
				let keys = keysOf.get(member.userId);
				if (!keys && keysRefused === undefined) {
					const read = await orRefusal(async () => await listKeys(client, itemIndex, member.userId), project);
					if ('refused' in read) keysRefused = read.refused;
					else keysOf.set(member.userId, (keys = read.value));
				}
				if (keys) {
					line.apiKeyCount = keys.length;
					line.apiKeyLabels = keys.map((key) => (typeof key.label === 'string' ? key.label : '')).filter(Boolean);
				} else {
					line.apiKeysNotReadable = keysRefused;
				}
			}
			output.push(line);
		}
		if (output.length >= limit) break;
		const invites = await orRefusal(async () => await listInvites(client, itemIndex), project);
		if ('refused' in invites) {
			output.push(refusal('invites', invites.refused));
			continue;
		}
		for (const invite of invites.value.map(toInvite).slice(0, limit - output.length)) {
			const sentAt = invite.record.email_sent_at ?? invite.record.created_at;
			output.push({
				...where,
				email: invite.email,
				...(typeof invite.record.user_id === 'string' ? { userId: invite.record.user_id } : {}),
				state: 'pending',
				roles: rolesOf(invite.permissions),
				inviteCode: invite.inviteCode,
				...(typeof sentAt === 'string' ? { invitedAt: sentAt } : {}),
			});
		}
	}
	return output;
}
