import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { errorText, requireChoice, requireChoices } from '../shared';
import { withProgress } from '../Governance/core/apply';
import { listInvites, listKeys, listMembers } from '../Governance/core/calls';
import { toInvite, toMember } from '../Governance/core/lookup';
import { rolesOf } from '../Governance/core/permissions';
import type { ProjectInfo } from '../Governance/core/project';
import { credentialProjectId, fetchProjects, refusedInProject, requireProjectId } from '../Governance/core/project';
import type { ProjectClient } from '../Governance/transport';
import { inProject } from '../Governance/transport';
import type { AccessRead, AccessSnap, Person, ProjectRead } from './access';
import { ACCESS_EVENTS, diffAccess, KEY_EVENTS, rolesText, snapOf } from './access';

/**
 * One poll of the Governance Trigger: the projects in scope read as Access → Review reads them
 * (members page by page, pending invites, with a key event each member's keys once), compared
 * with what the last poll read (static data) → one item per change. The first poll, and a poll
 * after the scope or the events changed, only records. A poll that fails emits nothing and
 * records nothing: the state is replaced only once everything was read.
 */

interface PollState extends IDataObject {
	/** What was watched when the state was recorded (another scope or events start over). */
	watch?: string;
	snap?: AccessSnap;
}

async function projectsInScope(ctx: IPollFunctions, scope: string): Promise<ProjectInfo[]> {
	if (scope === 'everyProject') return await fetchProjects(ctx, 0);
	const raw = ctx.getNodeParameter('project', { mode: 'credential', value: '' }) as IDataObject | string;
	const mode = typeof raw === 'object' && raw !== null ? String(raw.mode ?? 'credential') : 'id';
	if (mode === 'credential') return [{ id: await credentialProjectId(ctx, 0), name: '' }];
	const value = typeof raw === 'object' && raw !== null ? raw.value : raw;
	return [{ id: requireProjectId(ctx, value, 'Project', 0), name: '' }];
}

/** A read the key may be refused in one project: its answer, or the refusal's text. */
async function orRefusal<T>(read: () => Promise<T>, project: ProjectInfo): Promise<{ value: T } | { refused: string }> {
	try {
		return { value: await read() };
	} catch (error) {
		if (refusedInProject(error)) return { refused: errorText(error) };
		throw withProgress(error, [`The poll stopped in project ${project.name || project.id}; nothing was emitted or recorded, the next poll reads again.`]);
	}
}

async function readProject(client: ProjectClient, project: ProjectInfo): Promise<ProjectRead> {
	const name = project.name ? { name: project.name } : {};
	const members = await orRefusal(async () => await listMembers(client, 0, Infinity), project);
	if ('refused' in members) return { ...name, unreadable: `members: ${members.refused}` };
	const invites = await orRefusal(async () => await listInvites(client, 0), project);
	if ('refused' in invites) return { ...name, unreadable: `invites: ${invites.refused}` };
	const read: ProjectRead = { ...name, members: {}, invites: {} };
	for (const entry of members.value) {
		const member = toMember(entry, project.id);
		read.members[member.userId] = [member.email, rolesText(rolesOf(member.permissions))] as Person;
	}
	for (const entry of invites.value) {
		const invite = toInvite(entry);
		read.invites[invite.inviteCode] = [invite.email, rolesText(rolesOf(invite.permissions))] as Person;
	}
	return read;
}

/** Every project in scope, and with `withKeys` each member's keys (once per user, where the key may read them). */
export async function readAccess(ctx: IPollFunctions, projects: ProjectInfo[], withKeys: boolean): Promise<AccessRead> {
	const credentialProject = await credentialProjectId(ctx, 0);
	const read: AccessRead = { projects: {}, ...(withKeys ? { keys: {} } : {}) };
	for (const project of projects) {
		const client = inProject(ctx, { id: project.id, viaCredential: project.id === credentialProject });
		const state = await readProject(client, project);
		read.projects[project.id] = state;
		if (!withKeys || !('members' in state)) continue;
		for (const userId of Object.keys(state.members)) {
			if (read.keys![userId]) continue;
			const keys = await orRefusal(async () => await listKeys(client, 0, userId), project);
			if ('refused' in keys) break; // not an admin here: another project may let the key read them
			read.keys![userId] = Object.fromEntries(keys.value.map((key) => [String(key._id), typeof key.label === 'string' ? key.label : '']));
		}
	}
	return read;
}

/** The editor's Fetch Test Event: a real current member of the first project, as a sample. */
async function sample(ctx: IPollFunctions, projects: ProjectInfo[]): Promise<INodeExecutionData[][] | null> {
	const credentialProject = await credentialProjectId(ctx, 0);
	for (const project of projects) {
		const client = inProject(ctx, { id: project.id, viaCredential: project.id === credentialProject });
		const [entry] = await listMembers(client, 0, 1);
		if (!entry) continue;
		const member = toMember(entry, project.id);
		const item = {
			event: 'memberAdded',
			sample: true,
			project: project.id,
			...(project.name ? { projectName: project.name } : {}),
			email: member.email,
			userId: member.userId,
			roles: rolesOf(member.permissions),
			seenAt: new Date().toISOString(),
		};
		return [ctx.helpers.returnJsonArray([item])];
	}
	return null;
}

export async function pollAccess(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const scope = requireChoice(this, this.getNodeParameter('scope', 'project'), ['project', 'everyProject'], 'Scope', 0);
	const events = requireChoices(this, this.getNodeParameter('events', []), ACCESS_EVENTS, 'Events', 0);
	const withKeys = events.some((event) => KEY_EVENTS.includes(event));
	const projects = await projectsInScope(this, scope);
	if (this.getMode() === 'manual') return await sample(this, projects);

	const state = this.getWorkflowStaticData('node') as PollState;
	const watch = JSON.stringify({ scope, projects: scope === 'project' ? projects.map((p) => p.id) : 'every', withKeys });
	const read = await readAccess(this, projects, withKeys);
	const before = state.watch === watch ? state.snap : undefined;
	// a project no longer listed (deleted, or the key lost it) is unreadable from now on
	for (const [id, project] of Object.entries(before?.p ?? {})) {
		if (!read.projects[id]) read.projects[id] = { ...(project.n ? { name: project.n } : {}), unreadable: 'no longer among the projects the key reaches' };
	}
	const after = snapOf(read, before);
	const items = before ? diffAccess(before, after, events, new Date().toISOString()) : [];
	// everything was read: only now is the state replaced
	state.watch = watch;
	state.snap = after;
	return items.length ? [this.helpers.returnJsonArray(items)] : null;
}
