import type { IDataObject, INodeExecutionData, IPollFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

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
import { ACCESS_EVENTS, diffAccess, INVITE_EVENTS, KEY_EVENTS, NEEDS, partOf, rolesText, snapOf, unreadableAtStart } from './access';

/**
 * One poll of the Governance Trigger: the projects in scope read as Access → Review reads them
 * (members page by page, pending invites, with a key event each member's keys once), compared
 * with what the last poll read (static data) → one item per change. The first poll, and a poll
 * after the scope or the events changed, only records (and names the projects the key cannot
 * read). A poll that fails emits nothing and records nothing: the state is replaced only once
 * everything was read.
 *
 * n8n starts each poll on its timer without waiting for the one before (n8n-core's
 * ScheduledTaskManager: a `cron` job without waitForCompletion, whose tick calls the poll and
 * drops the promise), so a slow poll (a project answering late, a 429 waited out, one request per
 * member with the key events) overlaps the next. Two guards keep each change to one item:
 * - a poll that starts while another of the same activation runs does nothing (in memory, keyed
 *   on the activation's static data object, which all its polls share);
 * - the state carries a sequence number: a poll saves, and emits, only when the sequence is still
 *   the one it started from, so a poll never records a read older than the one stored (and the
 *   number travels with the state wherever n8n stores and reloads it).
 */

interface PollState extends IDataObject {
	/** What was watched when the state was recorded (another scope or events start over). */
	watch?: string;
	snap?: AccessSnap;
	/** How many polls recorded a state: a poll records only over the state it started from. */
	seq?: number;
}

/** The polls running now, by the static data object of their activation → when each started. */
const running = new WeakMap<object, number>();

/**
 * A poll still running after this long is taken as hung: the next one runs (the sequence check
 * still keeps the older of the two from recording).
 */
export const HUNG_POLL_MS = 60 * 60 * 1000;
async function projectsInScope(ctx: IPollFunctions, scope: string): Promise<ProjectInfo[]> {
	if (scope === 'everyProject') return await fetchProjects(ctx, 0);
	const raw = ctx.getNodeParameter('project', { mode: 'credential', value: '' }) as IDataObject | string;
	const mode = typeof raw === 'object' && raw !== null ? String(raw.mode ?? 'credential') : 'id';
	if (mode === 'credential') return [{ id: await credentialProjectId(ctx, 0), name: '' }];
	const value = typeof raw === 'object' && raw !== null ? raw.value : raw;
	return [{ id: requireProjectId(ctx, value, 'Project', 0), name: '' }];
}

/** A read the key may be refused in one project: its answer, or the refusal. */
async function orRefusal<T>(read: () => Promise<T>, project: ProjectInfo): Promise<{ value: T } | { refused: NodeApiError }> {
	try {
		return { value: await read() };
	} catch (error) {
		if (refusedInProject(error)) return { refused: error };
		throw withProgress(error, [`The poll stopped in project ${project.name || project.id}; nothing was emitted or recorded, the next poll reads again.`]);
	}
}

/** What a poll reads: invites are needed for the invite events, keys for the key events. */
interface Wanted {
	invites: boolean;
	keys: boolean;
}

async function readProject(client: ProjectClient, project: ProjectInfo, wanted: Wanted): Promise<ProjectRead> {
	const name = project.name ? { name: project.name } : {};
	const members = await orRefusal(async () => await listMembers(client, 0, Infinity), project);
	if ('refused' in members) return { ...name, unreadable: `members: ${errorText(members.refused)}`, refusal: members.refused };
	const invites = await orRefusal(async () => await listInvites(client, 0), project);
	// without an invite event the invites only name the invite a new member accepted: a key that
	// may not list them (not Admin) still watches the members
	if ('refused' in invites && wanted.invites) return { ...name, unreadable: `invites: ${errorText(invites.refused)}`, refusal: invites.refused };
	const read: ProjectRead = { ...name, members: {}, invites: {}, ...('refused' in invites ? { invitesUnread: true } : {}) };
	for (const entry of members.value) {
		const member = toMember(entry, project.id);
		read.members[member.userId] = [member.email, rolesText(rolesOf(member.permissions))] as Person;
	}
	for (const entry of 'value' in invites ? invites.value : []) {
		const invite = toInvite(entry);
		read.invites[invite.inviteCode] = [invite.email, rolesText(rolesOf(invite.permissions))] as Person;
	}
	return read;
}

/** Every project in scope, and with `wanted.keys` each member's keys (once per user). */
export async function readAccess(ctx: IPollFunctions, projects: ProjectInfo[], wanted: Wanted): Promise<AccessRead> {
	const credentialProject = await credentialProjectId(ctx, 0);
	const read: AccessRead = { projects: {}, ...(wanted.keys ? { keys: {} } : {}) };
	for (const project of projects) {
		const client = inProject(ctx, { id: project.id, viaCredential: project.id === credentialProject });
		const state = await readProject(client, project, wanted);
		read.projects[project.id] = state;
		if (!wanted.keys || !('members' in state)) continue;
		for (const userId of Object.keys(state.members)) {
			if (read.keys![userId]) continue;
			const keys = await orRefusal(async () => await listKeys(client, 0, userId), project);
			if ('refused' in keys) {
				// not an Admin here: the key events cannot be watched in this project
				read.projects[project.id] = { ...(project.name ? { name: project.name } : {}), unreadable: `keys: ${errorText(keys.refused)}`, refusal: keys.refused };
				break;
			}
			read.keys![userId] = Object.fromEntries(keys.value.map((key) => [String(key._id), typeof key.label === 'string' ? key.label : '']));
		}
	}
	return read;
}

/**
 * The error of a project the key cannot read with Scope Project: it names the project and what
 * the key lacks, keeps the platform's message and status (as the action node's refusal does).
 */
function blindError(ctx: IPollFunctions, projectId: string, reason: string, refusal?: NodeApiError): NodeApiError | NodeOperationError {
	const part = partOf(reason);
	const what = part === 'project' ? 'reach' : `read the ${part === 'keys' ? "members' API keys" : part === 'invites' ? 'pending invites' : 'members'} of`;
	const message = `The key cannot ${what} project ${projectId}, so the trigger would watch nothing there: ${reason.replace(/^[a-z]+: /, '')}`;
	const description = NEEDS[part].lacks;
	if (refusal) {
		refusal.message = message;
		refusal.description = description;
		return refusal;
	}
	return new NodeOperationError(ctx.getNode(), message, { description });
}

/**
 * With Scope Project, one request per part the chosen events need (members, invites, a member's
 * keys): the project's error when the key cannot read one (the editor's Fetch Test Event shows it).
 */
async function probeProject(ctx: IPollFunctions, project: ProjectInfo, wanted: Wanted): Promise<void> {
	const credentialProject = await credentialProjectId(ctx, 0);
	const client = inProject(ctx, { id: project.id, viaCredential: project.id === credentialProject });
	const members = await orRefusal(async () => await listMembers(client, 0, 1), project);
	if ('refused' in members) throw blindError(ctx, project.id, `members: ${errorText(members.refused)}`, members.refused);
	if (wanted.invites) {
		const invites = await orRefusal(async () => await listInvites(client, 0), project);
		if ('refused' in invites) throw blindError(ctx, project.id, `invites: ${errorText(invites.refused)}`, invites.refused);
	}
	const [first] = members.value;
	if (wanted.keys && first) {
		const keys = await orRefusal(async () => await listKeys(client, 0, toMember(first, project.id).userId), project);
		if ('refused' in keys) throw blindError(ctx, project.id, `keys: ${errorText(keys.refused)}`, keys.refused);
	}
}

/** The editor's Fetch Test Event: a real current member of the first readable project, as a sample. */
async function sample(ctx: IPollFunctions, projects: ProjectInfo[], scope: string, wanted: Wanted): Promise<INodeExecutionData[][] | null> {
	if (scope === 'project') await probeProject(ctx, projects[0], wanted);
	const credentialProject = await credentialProjectId(ctx, 0);
	for (const project of projects) {
		const client = inProject(ctx, { id: project.id, viaCredential: project.id === credentialProject });
		const members = await orRefusal(async () => await listMembers(client, 0, 1), project);
		if ('refused' in members) continue; // Every Project: another project may show a member
		const [entry] = members.value;
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
	const wanted: Wanted = { invites: events.some((event) => INVITE_EVENTS.includes(event)), keys: events.some((event) => KEY_EVENTS.includes(event)) };
	if (this.getMode() === 'manual') return await sample(this, await projectsInScope(this, scope), scope, wanted);

	const state = this.getWorkflowStaticData('node') as PollState;
	const since = running.get(state);
	if (since !== undefined && Date.now() - since < HUNG_POLL_MS) {
		// info, not debug: a poll interval shorter than a poll takes shows in n8n's log
		this.logger.info('Governance Trigger: the previous poll still runs; this one does nothing', { runningSince: new Date(since).toISOString() });
		return null;
	}
	const started = Date.now();
	running.set(state, started);
	try {
		return await pollOnce(this, state, scope, events, wanted);
	} finally {
		if (running.get(state) === started) running.delete(state);
	}
}

async function pollOnce(ctx: IPollFunctions, state: PollState, scope: string, events: string[], wanted: Wanted): Promise<INodeExecutionData[][] | null> {
	const startedFrom = state.seq ?? 0;
	const projects = await projectsInScope(ctx, scope);
	const watch = JSON.stringify({ scope, projects: scope === 'project' ? projects.map((p) => p.id) : 'every', withKeys: wanted.keys });
	const before = state.watch === watch ? state.snap : undefined;
	const read = await readAccess(ctx, projects, wanted);
	if ((state.seq ?? 0) !== startedFrom) {
		// another poll recorded while this one read: this read may be older than the stored one
		ctx.logger.info('Governance Trigger: a poll that overlapped another recorded first; this one emits and records nothing', { startedFrom, stored: state.seq });
		return null;
	}
	// a project no longer listed (deleted, or the key lost it) is unreadable from now on
	for (const [id, project] of Object.entries(before?.p ?? {})) {
		if (!read.projects[id]) read.projects[id] = { ...(project.n ? { name: project.n } : {}), unreadable: 'no longer among the projects the key reaches' };
	}
	const after = snapOf(read, before);
	const seenAt = new Date().toISOString();
	if (scope === 'project') {
		// one project the key cannot read, never read before: an error, not a trigger watching nothing
		const [id] = projects.map((p) => p.id);
		const now = after.p[id];
		const then = before?.p[id];
		const neverRead = !then || (then.u && Object.keys(then.m).length === 0 && Object.keys(then.i).length === 0);
		const refused = read.projects[id];
		if (now?.u && neverRead) throw blindError(ctx, id, now.u, 'refusal' in refused ? (refused.refusal as NodeApiError | undefined) : undefined);
	}
	let items: IDataObject[] = [];
	if (before) {
		items = diffAccess(before, after, events, seenAt);
		if (!events.includes('projectUnreadable')) {
			for (const blind of diffAccess(before, after, ['projectUnreadable'], seenAt)) {
				ctx.logger.warn(`Governance Trigger: the key cannot read project ${String(blind.projectName ?? blind.project)}, which is not watched from now on: ${String(blind.reason)} (choose the event Project Unreadable to have it as an item)`);
			}
		}
	} else {
		// whatever events are chosen: a trigger that cannot read a project says so once, as an item
		// (a log line alone was easy to miss); later changes of readability are the opt-in event
		const blind = unreadableAtStart(after, seenAt);
		if (blind) items = [blind];
	}
	// everything was read, and nothing newer was recorded meanwhile: only now is the state replaced
	state.watch = watch;
	state.snap = after;
	state.seq = startedFrom + 1;
	return items.length ? [ctx.helpers.returnJsonArray(items)] : null;
}
