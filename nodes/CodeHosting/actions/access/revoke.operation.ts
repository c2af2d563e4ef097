import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { dryRunModeField, partialWriteNotes, requireEmail, requirePathSegment, requireText, showFor, wantsDryRun, withProgress } from '../../../shared';
import { codeHosting, organizationField, ownLogin, ownLoginField, readLogin, SamlLogins } from '../common';
import { signCodeHostingPlan } from './plans/bound';
import { boundRevokeChange, describeChange, revokeChanges, same } from './plans/revoke';

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
			ownLoginField,
			dryRunModeField('revoke', 'Make the changes', 'Output the changes it would make (one item each) and change nothing'),
		],
	},
]);

/** Any number of output items per input item: one per change, then one `complete`. */
export const returns = 'items';

/**
 * Ends a person's access to an organization: removes the membership (the teams go with it),
 * cancels pending organization and repository invitations, removes outside-collaborator access.
 * One item per change, then one `complete` item. What was already gone is not a change, so a
 * second run writes nothing; what the credential may not read or do (403, 404) is named in an
 * item and makes `complete` false. Mode Plan Only (and Automatic as an AI tool) writes nothing.
 * The credential's own login is kept (`kept`) unless Include the Token's Own Login is on.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const org = decodeURIComponent(readLogin(this, 'owner', 'Organization', itemIndex));
	const person = requireText(this, this.getNodeParameter('person', itemIndex), 'Person', itemIndex).trim();
	const email = person.includes('@') ? requireEmail(this, person, 'Person', itemIndex) : undefined;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const dryRun = wantsDryRun(this, options.dryRun, itemIndex);
	const login = email !== undefined ? await new SamlLogins(this, org, 'in Person').loginOf(email, itemIndex) : requirePathSegment(this, person, 'Person', itemIndex);

	const planned = await revokeChanges(this, org, login, email, itemIndex);
	const { notChecked } = planned;
	const subject = { organization: org, login, ...(email !== undefined ? { email } : {}) };
	// the credential's own login is kept unless the option allows it (asked only when there is something to remove)
	let kept: IDataObject | undefined;
	if (planned.changes.length > 0 && options.includeOwnLogin !== true && same(await ownLogin(this, itemIndex), login)) {
		kept = { ...subject, action: 'kept', dryRun, applied: false, reason: `${login} is the login this credential acts as: not removed (option Include the Token's Own Login)` };
	}
	const changes = kept ? [] : planned.changes;
	const output: IDataObject[] = notChecked.map((entry) => ({
		...subject,
		action: 'notChecked',
		dryRun,
		applied: false,
		notChecked: entry.what,
		reason: entry.reason,
	}));
	if (kept) output.push(kept);
	let applied = 0;
	let refused = 0;
	const done: string[] = [];
	// a plan: each change signed, for Access → Apply Plan to apply exactly after an approval
	const lines = dryRun
		? await signCodeHostingPlan(this, itemIndex, 'access.revoke', changes.map((change) => boundRevokeChange(subject, change)), { includeOwnLogin: options.includeOwnLogin === true })
		: [];
	for (const [position, change] of changes.entries()) {
		const item: IDataObject = { ...subject, action: change.action, ...change.fields, dryRun, applied: false, ...(dryRun ? { plan: lines[position] } : {}) };
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
		...(kept ? { kept: kept.reason } : {}),
		summary: kept
			? `${login} is the credential's own login: kept (nothing was changed)`
			: complete
				? dryRun
					? `${changes.length} change(s) planned for ${login} in ${org}; nothing was changed (Plan Only)`
					: `${login}'s access to ${org} is revoked (${applied} change(s) made)`
				: `Incomplete: ${refused} change(s) refused and ${notChecked.length} list(s) not readable; see the items above`,
	});
	return output;
}
