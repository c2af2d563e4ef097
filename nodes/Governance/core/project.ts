import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { PROJECT_ID_PATTERN } from '../../../credentials/GovernanceApi.credentials';
import type { RequestContext } from '../../shared';
import { pageNumberPaging } from '../../shared';
import type { GovernanceConnection, ProjectRef } from '../transport';
import { governance, inProject, PAGE_SIZE } from '../transport';
import { whoAmI } from './calls';

/**
 * The Project parameter of every project-scoped operation: the credential's project (the
 * default, so workflows saved before it existed act where they did), one picked from the
 * projects the key reaches, or one by ID.
 */
export const projectLocator: INodeProperties = {
	displayName: 'Project',
	name: 'project',
	type: 'resourceLocator',
	default: { mode: 'credential', value: '' },
	description:
		'The project to act in: the project ID written in the credential (default), or any other project the credential\'s API key reaches, picked from the list or given by its ID',
	modes: [
		{
			// the editor's mode list is narrow: a longer name shows cut ("Credenti…")
			displayName: 'Default',
			name: 'credential',
			type: 'string',
			placeholder: "The credential's project (leave empty)",
		},
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchProjects', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 0a1b2c3d-…',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^[^\\s:/\\\\]+$', errorMessage: 'A project ID has no spaces, colons or slashes' },
				},
			],
		},
	],
};

/** The choices of a Scope parameter: this project, (some projects,) every project. */
export const SCOPE_CHOICES = {
	project: { name: 'This Project', value: 'project', description: 'Only the project chosen below' },
	projects: { name: 'Some Projects', value: 'projects', description: 'The projects chosen below' },
	everyProject: { name: 'Every Project', value: 'everyProject', description: 'Every project the credential\'s API key reaches' },
} satisfies Record<string, INodePropertyOptions>;

/**
 * A refusal that concerns one project only (the key lacks Admin there, or may not act in it):
 * an operation over several projects reports it for that project and goes on with the others.
 */
export function refusedInProject(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && (error.httpCode === '403' || error.httpCode === '401');
}

/** One project the key reaches, as projects/list shows it. */
export interface ProjectInfo {
	id: string;
	name: string;
	organizationId?: string;
}

/** The project of the credential (loaded once per execution; sends no request). */
export async function credentialProjectId(ctx: RequestContext, itemIndex: number): Promise<string> {
	return ((await governance(ctx).connection(itemIndex)) as GovernanceConnection).projectId;
}

/** A project ID given by a user or a roster: checked to be usable in the Authorization header. */
export function requireProjectId(ctx: Pick<IExecuteFunctions, 'getNode'>, value: unknown, label: string, itemIndex: number): string {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (text === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is empty`, {
			itemIndex,
			description: 'Pick a project from the list, enter its ID, or choose "Credential\'s Project".',
		});
	}
	if (!PROJECT_ID_PATTERN.test(text)) {
		throw new NodeOperationError(ctx.getNode(), `${label} is not a valid project ID: "${text}"`, {
			itemIndex,
			description: 'A project ID has no spaces, colons or slashes. Project → Get Many lists the IDs the key reaches.',
		});
	}
	return text;
}

/** The project the item's operation acts in (the Project parameter; missing = the credential's). */
export async function readProject(ctx: IExecuteFunctions, itemIndex: number): Promise<ProjectRef> {
	const raw = ctx.getNodeParameter('project', itemIndex, { mode: 'credential', value: '' }) as
		| IDataObject
		| string
		| undefined;
	const credentialProject = await credentialProjectId(ctx, itemIndex);
	// An AI agent or an expression may hand over the ID as plain text.
	const mode = typeof raw === 'object' && raw !== null ? String(raw.mode ?? 'credential') : 'id';
	const value = typeof raw === 'object' && raw !== null ? raw.value : raw;
	if (mode === 'credential') return { id: credentialProject, viaCredential: true };
	const id = requireProjectId(ctx, value, 'Project', itemIndex);
	return { id, viaCredential: id === credentialProject };
}

const projectLists = new WeakMap<object, Promise<ProjectInfo[]>>();

/** Reads every page of projects/list into project infos (each call reads anew: a poll's context lives as long as its activation). */
export async function fetchProjects(ctx: RequestContext, itemIndex: number): Promise<ProjectInfo[]> {
	const entries = await governance(ctx).requestAll('GET', '/projects/list', Infinity, {
		itemIndex,
		pagination: pageNumberPaging({ pageSize: PAGE_SIZE, in: 'qs', itemsKey: 'projects', total: (body) => body.count }),
	});
	return entries.map((entry) => ({
		id: String(entry.project_id ?? entry._id),
		name: typeof entry.name === 'string' ? entry.name : '',
		...(typeof entry.organization_id === 'string' ? { organizationId: entry.organization_id } : {}),
	}));
}

/**
 * Every project the key reaches (projects/list, every page), read once per execution: a
 * failed read is tried again by the next item.
 */
export async function listProjects(ctx: RequestContext, itemIndex: number): Promise<ProjectInfo[]> {
	let list = projectLists.get(ctx);
	if (!list) {
		list = fetchProjects(ctx, itemIndex);
		projectLists.set(ctx, list);
		list.catch(() => projectLists.delete(ctx));
	}
	return await list;
}

/**
 * The named projects, checked against the projects the key reaches (one projects list per
 * execution): an unknown ID is an error before any write.
 */
export async function knownProjects(
	ctx: IExecuteFunctions,
	itemIndex: number,
	ids: Array<{ id: string; itemIndex: number }>,
): Promise<Map<string, ProjectInfo>> {
	const reachable = new Map((await listProjects(ctx, itemIndex)).map((project) => [project.id, project]));
	const found = new Map<string, ProjectInfo>();
	for (const { id, itemIndex: at } of ids) {
		const project = reachable.get(id);
		if (!project) {
			const some = [...reachable.keys()].slice(0, 5).join(', ');
			throw new NodeOperationError(ctx.getNode(), `Project "${id}" is not among the projects the key reaches`, {
				itemIndex: at,
				description: `Nothing was changed. The key reaches ${reachable.size} project(s)${some ? `, for example ${some}` : ''}. Project → Get Many lists them.`,
			});
		}
		found.set(id, project);
	}
	return found;
}

/** Who the credential's API key is: its user and, where the platform says it, the key's own ID. */
export interface OwnIdentity {
	userId: string;
	/** The `_id` of the key in API Key → Get Many; '' when `/auth/info` does not say it. */
	keyId: string;
}

const ownIdentities = new WeakMap<object, Promise<OwnIdentity>>();

/**
 * The user the credential's API key belongs to and the key's ID (`/auth/info`, in the credential's
 * project), asked once per node run and only when needed: every call of the credential acts as
 * this user with this key, so the operations that remove, demote or delete keep them unless an
 * option allows otherwise.
 */
export async function ownIdentity(ctx: IExecuteFunctions, itemIndex: number): Promise<OwnIdentity> {
	let known = ownIdentities.get(ctx);
	if (!known) {
		known = (async () => {
			const client = inProject(ctx, { id: await credentialProjectId(ctx, itemIndex), viaCredential: true });
			const info = await whoAmI(client, itemIndex);
			return { userId: String(info.user_id ?? ''), keyId: typeof info.key_id === 'string' ? info.key_id : '' };
		})();
		// a failed lookup is asked again by the next item
		known.catch(() => ownIdentities.delete(ctx));
		ownIdentities.set(ctx, known);
	}
	return await known;
}

/** The user the credential's API key belongs to (see ownIdentity: one lookup per node run). */
export async function ownUserId(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	return (await ownIdentity(ctx, itemIndex)).userId;
}
