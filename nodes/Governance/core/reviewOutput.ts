import type { IDataObject } from 'n8n-workflow';

import { ROLE_ACTIONS } from './roles';

/** Access → Review's outputs: one item per person (the default), what an auditor flags, or one per person per project. */
export const REVIEW_OUTPUTS = ['perPerson', 'exceptionsOnly', 'perPersonAndProject'] as const;
export type ReviewOutput = (typeof REVIEW_OUTPUTS)[number];

const STANDARD_ROLES = Object.keys(ROLE_ACTIONS);
const ROLE_ORDER = ['admin', 'editor', 'viewer'];
const emailKey = (line: IDataObject) => String(line.email ?? '').toLowerCase();
const rolesOfLine = (line: IDataObject) => (Array.isArray(line.roles) ? (line.roles as string[]) : []);
const where = (line: IDataObject) => ({ project: line.project, projectName: line.projectName });

/** One person's lines of a review (their memberships and pending invites, in the review's order). */
interface Person {
	email: string;
	userId?: string;
	memberships: IDataObject[];
	invites: IDataObject[];
	keys?: IDataObject;
}

function people(lines: IDataObject[]): Person[] {
	const byEmail = new Map<string, Person>();
	for (const line of lines) {
		if (line.state !== 'member' && line.state !== 'pending') continue;
		const key = emailKey(line);
		const person = byEmail.get(key) ?? { email: String(line.email), memberships: [], invites: [] };
		if (typeof line.userId === 'string' && person.userId === undefined) person.userId = line.userId;
		if (line.state === 'member') {
			person.memberships.push(line);
			if (person.keys === undefined && ('apiKeyCount' in line || 'apiKeysNotReadable' in line)) {
				person.keys = 'apiKeyCount' in line ? { apiKeyCount: line.apiKeyCount, apiKeyLabels: line.apiKeyLabels } : { apiKeysNotReadable: line.apiKeysNotReadable };
			}
		} else {
			person.invites.push(line);
		}
		byEmail.set(key, person);
	}
	return [...byEmail.values()].sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()));
}

/** The highest of a person's roles: admin, editor, viewer, else the first other (custom) one. */
function highestRole(person: Person): string {
	const all = new Set(person.memberships.flatMap(rolesOfLine));
	return ROLE_ORDER.find((role) => all.has(role)) ?? [...all].sort()[0] ?? 'none';
}

/** "admin in Sandbox; viewer in Marketing, Research; pending: editor in Support": one line a CSV reader takes in. */
function describe(person: Person): string {
	const byRoles = new Map<string, string[]>();
	for (const line of person.memberships) {
		const roles = rolesOfLine(line).join(', ') || 'no role';
		byRoles.set(roles, [...(byRoles.get(roles) ?? []), String(line.projectName || line.project)]);
	}
	const parts = [...byRoles].map(([roles, projects]) => `${roles} in ${projects.join(', ')}`);
	const pending = person.invites.map((line) => `${rolesOfLine(line).join(', ') || 'no role'} in ${String(line.projectName || line.project)}`);
	if (pending.length > 0) parts.push(`pending: ${pending.join(', ')}`);
	return parts.join('; ');
}

function summary(lines: IDataObject[], output: ReviewOutput, everyone: Person[], projects: number, extra: IDataObject): IDataObject {
	const unreadable = lines.filter((line) => line.state === 'notReadable');
	return {
		kind: 'summary',
		output,
		complete: unreadable.length === 0,
		projects,
		people: everyone.length,
		memberships: everyone.reduce((sum, person) => sum + person.memberships.length, 0),
		pendingInvites: everyone.reduce((sum, person) => sum + person.invites.length, 0),
		admins: everyone.filter((person) => highestRole(person) === 'admin').length,
		...extra,
		notReadable: unreadable.map((line) => `${String(line.reading)} of ${String(line.projectName || line.project)}`),
	};
}

/**
 * Per Person: each list that could not be read first (as in Per Person and Project), then one
 * item per person: their projects with roles, pending invites, highest role, API keys (with
 * Include API Keys) and a one-line description; a summary last.
 */
export function perPerson(lines: IDataObject[], projects: number): IDataObject[] {
	const everyone = people(lines);
	const output = lines.filter((line) => line.state === 'notReadable');
	for (const person of everyone) {
		output.push({
			kind: 'person',
			email: person.email,
			...(person.userId !== undefined ? { userId: person.userId } : {}),
			highestRole: highestRole(person),
			projectCount: person.memberships.length,
			projects: person.memberships.map((line) => ({ ...where(line), roles: rolesOfLine(line) })),
			pendingInvites: person.invites.map((line) => ({ ...where(line), roles: rolesOfLine(line), inviteCode: line.inviteCode ?? null, invitedAt: line.invitedAt ?? null })),
			...(person.keys ?? {}),
			access: describe(person),
		});
	}
	output.push(summary(lines, 'perPerson', everyone, projects, {}));
	return output;
}

/**
 * Exceptions Only: what an auditor flags, one item each: an Admin role in a project, a role
 * other than admin, editor and viewer (custom permissions), a pending invite, a member holding
 * API keys (with Include API Keys); lists that could not be read first; a summary last.
 */
export function exceptionsOnly(lines: IDataObject[], projects: number): IDataObject[] {
	const everyone = people(lines);
	const exceptions: IDataObject[] = [];
	for (const person of everyone) {
		const who = { kind: 'exception', email: person.email, ...(person.userId !== undefined ? { userId: person.userId } : {}) };
		for (const line of person.memberships) {
			const roles = rolesOfLine(line);
			if (roles.includes('admin')) exceptions.push({ ...who, reason: 'admin', ...where(line), roles });
			const custom = roles.filter((role) => !STANDARD_ROLES.includes(role));
			if (custom.length > 0) exceptions.push({ ...who, reason: 'custom role', ...where(line), roles });
		}
		for (const line of person.invites) exceptions.push({ ...who, reason: 'pending invite', ...where(line), roles: rolesOfLine(line), inviteCode: line.inviteCode ?? null, invitedAt: line.invitedAt ?? null });
		if (typeof person.keys?.apiKeyCount === 'number' && person.keys.apiKeyCount > 0) exceptions.push({ ...who, reason: 'API keys', ...person.keys });
	}
	const output = lines.filter((line) => line.state === 'notReadable');
	for (const item of exceptions) output.push(item);
	const flagged = new Set(exceptions.map((item) => String(item.email).toLowerCase()));
	output.push(summary(lines, 'exceptionsOnly', everyone, projects, { exceptions: exceptions.length, peopleFlagged: flagged.size, peopleNotFlagged: everyone.length - flagged.size }));
	return output;
}
