import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { dryRunModeField, errorText, partialWriteNotes, requireEmail, requirePathSegment, requireText, showFor, wantsDryRun, withProgress } from '../../../shared';
import { codeHosting, organizationField, readLogin, SamlLogins } from '../common';

export const description: INodeProperties[] = showFor('access', 'revoke', [
	{ ...organizationField, description: 'The organization whose access ends for the person' },
	{
		displayName: 'Person',
		name: 'person',
		type: 'string',
		placeholder: 'octocat or name@example.com',
		default: '',
		required: true,
		description:
			'Login of the person, or their email where the organization\'s SAML single sign-on maps it to a login (an email without such an identity is an error asking for the login)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			dryRunModeField('revoke', 'Make the changes', 'Output the changes it would make (one item each) and change nothing'),
		],
	},
]);

/** Any number of output items per input item: one per change, then one `complete`. */
export const returns = 'items';

type Action = 'removedMember' | 'cancelledInvitation' | 'cancelledRepositoryInvitation' | 'removedOutsideCollaborator';

interface Change {
	action: Action;
	method: 'DELETE';
	path: string;
	/** What the change is about, in the output item. */
	fields: IDataObject;
}

/** A list the credential could not read: named in the output, and the revoke is incomplete. */
interface NotChecked {
	what: string;
	reason: string;
}

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The HTTP status of a refusal the revoke names instead of failing on (403, 404), or undefined. */
function refusal(error: unknown): string | undefined {
	if (error instanceof NodeApiError && (error.httpCode === '403' || error.httpCode === '404')) return error.httpCode;
	return undefined;
}

/** A list read in full; a refusal is recorded in `notChecked` and answers undefined. */
async function readList(ctx: IExecuteFunctions, path: string, what: string, notChecked: NotChecked[], itemIndex: number, qs: IDataObject = {}) {
	return await codeHosting(ctx)
		.requestAll('GET', path, Infinity, { qs, itemIndex })
		.catch((error: unknown) => {
			const status = refusal(error);
			// anything but a refusal (a network failure, a 5xx after the retries) stops the revoke
			if (status === undefined) throw error;
			notChecked.push({ what, reason: `HTTP ${status}: ${errorText(error)}` });
			return undefined;
		});
}

/** A change in words, for the error of a revoke that stopped part-way. */
function describeChange(change: Change): string {
	const { fields } = change;
	switch (change.action) {
		case 'removedMember':
			return `remove the membership (${String(fields.role ?? 'member')})`;
		case 'cancelledInvitation':
			return `cancel invitation ${String(fields.invitationId)}${fields.invitedEmail ? ` (${String(fields.invitedEmail)})` : ''}`;
		case 'cancelledRepositoryInvitation':
			return `cancel the invitation to ${String(fields.repository)}`;
		case 'removedOutsideCollaborator':
			return 'remove the outside-collaborator access';
	}
}

/** Everything that gives `login` (or `email`) access to the organization: the changes that end it. */
async function plan(ctx: IExecuteFunctions, org: string, login: string, email: string | undefined, itemIndex: number) {
	const client = codeHosting(ctx);
	const orgPath = `/orgs/${encodeURIComponent(org)}`;
	const user = encodeURIComponent(login);
	const changes: Change[] = [];
	const notChecked: NotChecked[] = [];

	const membership = await client.fullRequest<IDataObject>('GET', `${orgPath}/memberships/${user}`, { itemIndex, acceptStatuses: [403, 404] });
	if (membership.statusCode === 403) {
		notChecked.push({ what: `membership of ${login} in ${org}`, reason: `HTTP 403: ${String(membership.body?.message ?? 'forbidden')}` });
	} else if (membership.statusCode < 300 && membership.body?.state === 'active') {
		changes.push({ action: 'removedMember', method: 'DELETE', path: `${orgPath}/members/${user}`, fields: { role: membership.body.role } });
	}

	const invitations = await readList(ctx, `${orgPath}/invitations`, `pending invitations to ${org}`, notChecked, itemIndex);
	for (const invitation of invitations ?? []) {
		if (!same(invitation.login, login) && !(email !== undefined && same(invitation.email, email))) continue;
		changes.push({
			action: 'cancelledInvitation',
			method: 'DELETE',
			path: `${orgPath}/invitations/${encodeURIComponent(String(invitation.id))}`,
			fields: { invitationId: invitation.id, ...(invitation.email ? { invitedEmail: invitation.email } : {}), role: invitation.role },
		});
	}

	const repositories = await readList(ctx, `${orgPath}/repos`, `repositories of ${org}`, notChecked, itemIndex, { type: 'all' });
	for (const repository of repositories ?? []) {
		const fullName = String(repository.full_name);
		const [owner, name] = fullName.split('/');
		const repoPath = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
		const pending = await readList(ctx, `${repoPath}/invitations`, `pending invitations to ${fullName}`, notChecked, itemIndex);
		for (const invitation of pending ?? []) {
			if (!same((invitation.invitee as IDataObject | null)?.login, login)) continue;
			changes.push({
				action: 'cancelledRepositoryInvitation',
				method: 'DELETE',
				path: `${repoPath}/invitations/${encodeURIComponent(String(invitation.id))}`,
				fields: { repository: fullName, invitationId: invitation.id, permission: invitation.permissions },
			});
		}
	}

	const outside = await readList(ctx, `${orgPath}/outside_collaborators`, `outside collaborators of ${org}`, notChecked, itemIndex);
	if ((outside ?? []).some((collaborator) => same(collaborator.login, login))) {
		changes.push({ action: 'removedOutsideCollaborator', method: 'DELETE', path: `${orgPath}/outside_collaborators/${user}`, fields: {} });
	}
	return { changes, notChecked };
}

/**
 * Ends a person's access to an organization: removes the membership (the teams go with it),
 * cancels pending organization and repository invitations, removes outside-collaborator access.
 * One item per change, then one `complete` item. What was already gone is not a change, so a
 * second run writes nothing; what the credential may not read or do (403, 404) is named in an
 * item and makes `complete` false. Mode Plan Only (and Automatic as an AI tool) writes nothing.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = decodeURIComponent(readLogin(this, 'owner', 'Organization', itemIndex));
	const person = requireText(this, this.getNodeParameter('person', itemIndex), 'Person', itemIndex).trim();
	const email = person.includes('@') ? requireEmail(this, person, 'Person', itemIndex) : undefined;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const dryRun = wantsDryRun(this, options.dryRun, itemIndex);
	const login = email !== undefined ? await new SamlLogins(this, org, 'in Person').loginOf(email, itemIndex) : requirePathSegment(this, person, 'Person', itemIndex);

	const { changes, notChecked } = await plan(this, org, login, email, itemIndex);
	const subject = { organization: org, login, ...(email !== undefined ? { email } : {}) };
	const output: IDataObject[] = notChecked.map((entry) => ({
		...subject,
		action: 'notChecked',
		dryRun,
		applied: false,
		notChecked: entry.what,
		reason: entry.reason,
	}));
	let applied = 0;
	let refused = 0;
	const done: string[] = [];
	for (const [position, change] of changes.entries()) {
		const item: IDataObject = { ...subject, action: change.action, ...change.fields, dryRun, applied: false };
		if (!dryRun) {
			let response;
			try {
				response = await codeHosting(this).fullRequest<IDataObject>(change.method, change.path, { itemIndex, acceptStatuses: [403, 404] });
			} catch (error) {
				// a failure that is not a refusal (a 5xx after the retries, the network): say what is done and left
				throw withProgress(error, partialWriteNotes(`Revoking ${login}'s access to ${org}`, describeChange(change), done, changes.slice(position).map(describeChange)));
			}
			if (response.statusCode < 300) {
				item.applied = true;
				applied++;
				done.push(describeChange(change));
			} else {
				refused++;
				item.error = `HTTP ${response.statusCode}: ${String(response.body?.message ?? 'refused')}`;
				item.reason = 'The credential may not make this change (it needs organization owner or repository admin rights); it was not made.';
			}
		}
		output.push(item);
	}
	const complete = notChecked.length === 0 && refused === 0;
	output.push({
		...subject,
		action: 'complete',
		dryRun,
		complete,
		changes: changes.length,
		changesApplied: applied,
		changesNotApplied: dryRun ? changes.length : refused,
		notChecked: notChecked.map((entry) => entry.what),
		summary: complete
			? dryRun
				? `${changes.length} change(s) planned for ${login} in ${org}; nothing was changed (Plan Only)`
				: `${login}'s access to ${org} is revoked (${applied} change(s) made)`
			: `Incomplete: ${refused} change(s) refused and ${notChecked.length} list(s) not readable; see the items above`,
	});
	return output;
}
