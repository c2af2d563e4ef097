import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireChoice, showFor } from '../../../shared';
import { organizationField, readLogin } from '../common';
import { exceptionsOnly, perPerson } from './review/perPerson';
import { perRepository } from './review/perRepository';
import { readOrganization } from './review/read';

const OUTPUTS = ['perPerson', 'exceptionsOnly', 'perPersonAndRepository'] as const;

export const description: INodeProperties[] = showFor('access', 'review', [
	{ ...organizationField, description: 'The organization whose access to review: every person on every repository' },
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Per Person',
				value: 'perPerson',
				description:
					'One item per person: organization role, two-factor state, teams, how many repositories the base permission reaches, and the repositories reached above it grouped by permission with their sources; one item per team (its members and maintainers) and per pending invitation',
			},
			{
				name: 'Exceptions Only',
				value: 'exceptionsOnly',
				description:
					'Only what an auditor flags, one item each: owners, people without two-factor authentication, write or more above the base through a team, direct and outside grants, pending invitations',
			},
			{
				name: 'Per Person and Repository',
				value: 'perPersonAndRepository',
				description:
					'One item per person per repository with the effective permission and its sources: people × repositories items (with base permission read, every member on every repository); refused above 500,000 items',
			},
		],
		default: 'perPerson',
		description: 'What the review outputs. Per Person fits any organization: the base permission is stated once per person, as a count.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Include Repository Invitations',
				name: 'includeRepositoryInvitations',
				type: 'boolean',
				default: true,
				description:
					'Whether to list pending invitations to single repositories. GitHub has no organization-wide list of them: this adds one request per repository (10,000 repositories: 10,000 requests, two hours of a token\'s hourly budget).',
			},
		],
	},
]);

/** Any number of output items per input item: people, teams, invitations, exceptions or access lines, then a summary. */
export const returns = 'items';

/**
 * Who has access to what in one organization, from lists only (requests grow with repositories
 * and teams, never with people × repositories), in the chosen Output. Each list the credential
 * may not read is named in a `notReadable` item first; a `summary` item comes last. Reads only.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const encoded = readLogin(this, 'owner', 'Organization', itemIndex);
	const output = requireChoice(this, this.getNodeParameter('output', itemIndex, 'perPerson'), OUTPUTS, 'Output', itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const organization = await readOrganization(this, itemIndex, encoded, { repositoryInvitations: options.includeRepositoryInvitations !== false });
	if (output === 'perPerson') return perPerson(organization);
	if (output === 'exceptionsOnly') return exceptionsOnly(organization);
	return perRepository(this, itemIndex, organization);
}
