import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireEmail } from '../../../../shared';
import type { GrantKind, GrantRef } from './grants';
import { GRANT_KINDS, same } from './grants';

/**
 * The grants of Access → Remove Grants' input, every item read and checked before any request.
 * Each item is one grant, in the fields Access → Review outputs: `grant` (the kind, when given),
 * `organization`, `login`, `team`, `repository`, `invitationId`, `email`, and to infer the kind
 * `kind`, `reason` and `scope`.
 */

/** A grant of the input with the items that name it. */
export interface Grant extends GrantRef {
	items: number[];
}

/** A GitHub login: letters, digits and single hyphens, at most 39 characters. */
const LOGIN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38}$/i;
/** A team slug: letters, digits, '-', '_' and '.'. */
const SLUG = /^[a-z0-9][a-z0-9._-]*$/i;
/** A repository's full name: owner/name. */
const REPOSITORY = /^([a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38})\/([a-z0-9._-]{1,100})$/i;

const NOTHING = 'Nothing was changed.';
const KINDS_TEXT =
	'a team membership (login and team), a direct grant on a repository (login and repository, as "owner/name"), a pending repository invitation (repository and invitationId or login) or a pending organization invitation (invitationId, login or email)';

function fail(ctx: IExecuteFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description: `${description} ${NOTHING}` });
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The kind of grant an item names: its `grant` field, else what Access → Review's item shows. */
function kindOf(ctx: IExecuteFunctions, json: IDataObject, itemIndex: number): GrantKind {
	if (given(json.grant)) {
		if (!GRANT_KINDS.includes(json.grant as GrantKind)) {
			fail(ctx, itemIndex, `Item ${itemIndex} has an unknown grant "${String(json.grant)}"`, `The field "grant" is one of ${GRANT_KINDS.join(', ')} (or left out: the kind is read from the item's other fields).`);
		}
		return json.grant as GrantKind;
	}
	const invitation = json.kind === 'invitation' || json.reason === 'pending invitation';
	if (invitation) return json.scope === 'repository' || (json.scope === undefined && given(json.repository)) ? 'repositoryInvitation' : 'organizationInvitation';
	if (given(json.team) && given(json.repository)) {
		fail(ctx, itemIndex, `Item ${itemIndex} names both a team and a repository`, 'Set its field "grant" to team (the team membership) or repository (the direct grant on the repository).');
	}
	if (given(json.team)) return 'team';
	if (given(json.repository)) return 'repository';
	const why =
		json.reason === 'owner' || json.reason === 'two-factor disabled'
			? ` An exception "${String(json.reason)}" is no single grant: change the role with Organization → Set Membership, or end all access with Access → Revoke.`
			: json.kind === 'person'
				? ' A person item sums up all of their access: end it with Access → Revoke, or pass the exception items of their single grants.'
				: '';
	return fail(ctx, itemIndex, `Item ${itemIndex} names no single grant`, `Each item is one grant: ${KINDS_TEXT}.${why}`);
}

function loginOf(ctx: IExecuteFunctions, json: IDataObject, itemIndex: number, required: string | undefined): string | undefined {
	if (!given(json.login)) {
		if (required !== undefined) fail(ctx, itemIndex, `Item ${itemIndex} has no login in field "login"`, `${required} needs the person's login.`);
		return undefined;
	}
	const login = typeof json.login === 'string' ? json.login.trim() : '';
	if (!LOGIN.test(login)) fail(ctx, itemIndex, `Item ${itemIndex} has no valid login in field "login": "${String(json.login)}"`, 'A GitHub login has letters, digits and single hyphens (at most 39 characters).');
	return login;
}

function repositoryOf(ctx: IExecuteFunctions, json: IDataObject, organization: string, itemIndex: number, what: string): string {
	if (!given(json.repository)) fail(ctx, itemIndex, `Item ${itemIndex} has no repository in field "repository"`, `${what} needs the repository, as "owner/name".`);
	const text = typeof json.repository === 'string' ? json.repository.trim() : '';
	const match = REPOSITORY.exec(text);
	if (!match || match[2] === '.' || match[2] === '..') {
		fail(ctx, itemIndex, `Item ${itemIndex} has no valid repository in field "repository": "${String(json.repository)}"`, 'Give the repository as "owner/name", such as acme/web.');
	}
	if (!same(match[1], organization)) {
		fail(ctx, itemIndex, `Item ${itemIndex} names the repository ${text}, which is not ${organization}'s`, `Remove Grants ends grants in the organization of its Organization parameter (${organization}).`);
	}
	return text;
}

function invitationIdOf(ctx: IExecuteFunctions, json: IDataObject, itemIndex: number): number | undefined {
	if (!given(json.invitationId)) return undefined;
	const id = typeof json.invitationId === 'number' ? json.invitationId : /^\d+$/.test(String(json.invitationId).trim()) ? Number(String(json.invitationId).trim()) : NaN;
	if (!Number.isSafeInteger(id) || id <= 0) fail(ctx, itemIndex, `Item ${itemIndex} has no valid invitation ID in field "invitationId": "${String(json.invitationId)}"`, 'An invitation ID is a whole number, as Access → Review outputs it.');
	return id;
}

/** One item's grant, checked. */
function grantOf(ctx: IExecuteFunctions, json: IDataObject, organization: string, itemIndex: number): GrantRef {
	if (given(json.organization) && !same(json.organization, organization)) {
		fail(ctx, itemIndex, `Item ${itemIndex} is a grant in ${String(json.organization)}, not in ${organization}`, 'Remove Grants ends grants in the organization of its Organization parameter; run it once per organization.');
	}
	const kind = kindOf(ctx, json, itemIndex);
	const ref: GrantRef = { kind, organization };
	if (kind === 'team') {
		ref.login = loginOf(ctx, json, itemIndex, 'A team membership');
		const team = typeof json.team === 'string' ? json.team.trim() : '';
		if (!SLUG.test(team)) fail(ctx, itemIndex, `Item ${itemIndex} has no valid team slug in field "team": "${String(json.team ?? '')}"`, "A slug is the team's name in URLs, such as developers.");
		ref.team = team.toLowerCase();
	} else if (kind === 'repository') {
		ref.login = loginOf(ctx, json, itemIndex, 'A direct grant on a repository');
		ref.repository = repositoryOf(ctx, json, organization, itemIndex, 'A direct grant');
	} else if (kind === 'repositoryInvitation') {
		ref.repository = repositoryOf(ctx, json, organization, itemIndex, 'A repository invitation');
		ref.invitationId = invitationIdOf(ctx, json, itemIndex);
		ref.login = loginOf(ctx, json, itemIndex, ref.invitationId === undefined ? 'A repository invitation without invitationId' : undefined);
	} else {
		ref.invitationId = invitationIdOf(ctx, json, itemIndex);
		ref.login = loginOf(ctx, json, itemIndex, undefined);
		if (given(json.email)) ref.email = requireEmail(ctx, json.email, `Email of item ${itemIndex}`, itemIndex);
		if (ref.invitationId === undefined && ref.login === undefined && ref.email === undefined) {
			fail(ctx, itemIndex, `Item ${itemIndex} names no invitation`, 'An organization invitation is named by its invitationId, or the invitee\'s login or email.');
		}
	}
	return ref;
}

/** What makes two items the same grant. */
function keyOf(ref: GrantRef): string {
	const who = ref.invitationId !== undefined ? `#${ref.invitationId}` : (ref.login ?? ref.email ?? '').toLowerCase();
	return [ref.kind, ref.team ?? '', (ref.repository ?? '').toLowerCase(), who].join('\u0000');
}

/** The grants of the input, one per grant (an item naming a grant again is paired with it), in the order they first appear. */
export function readGrants(ctx: IExecuteFunctions, items: INodeExecutionData[], organization: string): Grant[] {
	const grants = new Map<string, Grant>();
	for (const [itemIndex, item] of items.entries()) {
		const ref = grantOf(ctx, item.json ?? {}, organization, itemIndex);
		const known = grants.get(keyOf(ref));
		if (known) known.items.push(itemIndex);
		else grants.set(keyOf(ref), { ...ref, items: [itemIndex] });
	}
	return [...grants.values()];
}
