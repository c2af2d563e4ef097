import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { countOf, dryRunModeField, fieldOf, listValue, maxRemovalsField, partialWriteNotes, readMaxRemovals, refuseExecuteOnce, requireEmail, requireText, showFor, wantsDryRun, withProgress } from '../../../shared';
import { organizationField, ownLogin, ownLoginField, readLogin, SamlLogins } from '../common';
import { signCodeHostingPlan } from './plans/bound';
import type { TeamChange } from './plans/teams';
import { boundTeamChange, key, teamRefusal, teamState, writeTeamChange } from './plans/teams';

export const description: INodeProperties[] = showFor('access', 'sync', [
	{
		displayName:
			'Sync reads ALL input items as the desired roster (one item per person with the team slugs they should be in) and makes those teams match it: adds who is missing and removes members the roster does not list for a team (team maintainers are kept unless Manage Maintainers is on). Start with Mode: Plan Only. Leave the node setting Execute Once off (it would hand over only the first person).',
		name: 'syncNotice',
		type: 'notice',
		default: '',
	},
	{ ...organizationField, description: 'The organization whose teams are synced' },
	{
		displayName: 'Person Field',
		name: 'personField',
		type: 'string',
		default: 'login',
		required: true,
		description:
			'Name of the input field that holds each person: their login, or their email where the organization\'s SAML single sign-on maps it to a login (a dotted path such as person.login works too)',
	},
	{
		displayName: 'Teams Field',
		name: 'teamsField',
		type: 'string',
		default: 'teams',
		required: true,
		description:
			'Name of the input field that holds the slugs of the teams the person should be in: a list such as ["developers"] or text such as "developers, reviewers"',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			ownLoginField,
			dryRunModeField(
				'sync',
				'Make the changes (Max Removals still stops a sync that would remove too many)',
				'Output the plan (one item per change, then a summary) and change nothing',
			),
			{
				displayName: 'Manage Maintainers',
				name: 'manageMaintainers',
				type: 'boolean',
				default: false,
				description:
					'Whether the sync may remove team maintainers the roster does not list for their team. Off: maintainers are kept (the summary names them).',
			},
			maxRemovalsField('Stop the whole sync, before its first change, when it would remove more team memberships than this (a brake for an empty or cut-off roster export)'),
			{
				displayName: 'Teams to Sync',
				name: 'teams',
				type: 'string',
				default: '',
				placeholder: 'developers, reviewers',
				description:
					'Slugs of the teams to sync, comma-separated; a listed team nobody in the roster names is emptied (down to its kept maintainers). Empty: the teams the roster names. Other teams are never read or changed.',
			},
		],
	},
]);

/** Runs once over the whole input (the roster), not once per item. */
export const returns = 'all';

/** A GitHub team slug: letters, digits, '-', '_' and '.' (lowercase in URLs). */
const SLUG = /^[a-z0-9][a-z0-9._-]*$/i;
/** A GitHub login: letters, digits and single hyphens, at most 39 characters. */
const LOGIN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38}$/i;

interface SyncOptions {
	dryRun: boolean;
	includeOwnLogin: boolean;
	manageMaintainers: boolean;
	maxRemovals: number;
	teams: string[];
}

/** One person of the roster: the teams they should be in, and the input items that say so. */
interface Person {
	login: string;
	email?: string;
	teams: Set<string>;
	items: number[];
}

interface Change extends TeamChange {
	items: number[];
}


function fail(ctx: IExecuteFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description: `${description} Nothing was changed.` });
}

/** A team slug as the URL takes it (lowercase), or an error naming where it came from. */
function readSlug(ctx: IExecuteFunctions, value: unknown, where: string, itemIndex: number): string {
	const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
	if (!text || !SLUG.test(text)) {
		fail(ctx, itemIndex, `${where} has a team that is not a team slug: "${String(value)}"`, 'A slug is the team\'s name in URLs, such as developers or release-managers.');
	}
	return text.toLowerCase();
}

function readOptions(ctx: IExecuteFunctions): SyncOptions {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const maxRemovals = readMaxRemovals(ctx, options);
	return {
		// Automatic: as an AI tool a sync only plans; the builder chooses Apply to let a tool apply it
		dryRun: wantsDryRun(ctx, options.dryRun, 0),
		includeOwnLogin: options.includeOwnLogin === true,
		manageMaintainers: options.manageMaintainers === true,
		maxRemovals,
		teams: [...new Set(listValue(options.teams).map((slug) => readSlug(ctx, slug, 'Teams to Sync', 0)))],
	};
}

/**
 * The roster, checked whole before any request: per item a person (login or email) and the team
 * slugs they should be in. The same person in several items is one person with every team named.
 */
function readRoster(ctx: IExecuteFunctions, items: INodeExecutionData[], personField: string, teamsField: string) {
	if (items.every((item) => Object.keys(item.json ?? {}).length === 0)) {
		fail(ctx, 0, 'The roster is empty: no input item has any field', 'A sync needs the whole desired roster, one item per person with a login (or email) and team slugs.');
	}
	const entries: Array<{ person: string; email?: string; teams: string[]; itemIndex: number }> = [];
	for (const [itemIndex, item] of items.entries()) {
		const json = item.json ?? {};
		const raw = fieldOf(json, personField);
		if (typeof raw !== 'string' || raw.trim() === '') {
			fail(ctx, itemIndex, `Item ${itemIndex} has no login or email in field "${personField}"`, `Every roster item needs the person's login (or SAML email) in "${personField}" (Person Field).`);
		}
		const person = raw.trim();
		const email = person.includes('@') ? requireEmail(ctx, person, `Item ${itemIndex}'s "${personField}"`, itemIndex) : undefined;
		if (email === undefined && !LOGIN.test(person)) {
			fail(ctx, itemIndex, `Item ${itemIndex} has no valid login in field "${personField}": "${person}"`, 'A GitHub login has letters, digits and single hyphens (at most 39 characters); an email needs an "@".');
		}
		const rawTeams = fieldOf(json, teamsField);
		if (rawTeams !== undefined && rawTeams !== null && typeof rawTeams !== 'string' && !Array.isArray(rawTeams)) {
			fail(ctx, itemIndex, `Item ${itemIndex}'s field "${teamsField}" is not a list of team slugs`, 'Give a list such as ["developers"] or text such as "developers, reviewers" (Teams Field).');
		}
		const teams = listValue(rawTeams).map((slug) => readSlug(ctx, slug, `Item ${itemIndex}'s field "${teamsField}"`, itemIndex));
		entries.push({ person, email, teams, itemIndex });
	}
	return entries;
}

/**
 * Makes the team memberships of one organization match the roster (all input items): each person
 * is added to the roster's teams they are missing from, and each team considered (those the roster
 * names, or Teams to Sync) loses the members the roster does not list for it; maintainers are kept
 * unless Manage Maintainers is on. No other team is read or changed. Reads grow with teams (per team
 * its members, maintainers and pending invitations), not with people × teams. One item per change,
 * then a `complete` summary. Nothing is written when the roster has a bad entry or names an
 * unknown team, or when the plan removes more than Max Removals; a write the platform refuses
 * (403, 404, 422) is named in its item and makes `complete` false. A second run writes nothing.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	refuseExecuteOnce(this, 'Sync', 'the first person of the roster', 'the roster');
	const encoded = readLogin(this, 'owner', 'Organization', 0);
	const org = decodeURIComponent(encoded);
	const orgPath = `/orgs/${encoded}`;
	const options = readOptions(this);
	const personField = requireText(this, this.getNodeParameter('personField', 0, 'login'), 'Person Field', 0);
	const teamsField = requireText(this, this.getNodeParameter('teamsField', 0, 'teams'), 'Teams Field', 0);
	const entries = readRoster(this, items, personField, teamsField);

	// the teams considered: Teams to Sync, else those the roster names (in the order they first appear)
	const named = new Map<string, number>();
	for (const entry of entries) for (const slug of entry.teams) if (!named.has(slug)) named.set(slug, entry.itemIndex);
	if (options.teams.length > 0) {
		for (const [slug, itemIndex] of named) {
			if (!options.teams.includes(slug)) {
				fail(this, itemIndex, `Item ${itemIndex} names the team "${slug}", which is not in Teams to Sync`, `Teams to Sync limits the sync to ${options.teams.join(', ')}. Add the team there, or take it out of the roster.`);
			}
		}
	}
	const teams = options.teams.length > 0 ? options.teams : [...named.keys()];
	if (teams.length === 0) {
		fail(this, 0, 'The roster names no team', `No item has a team slug in "${teamsField}" (Teams Field), and Teams to Sync is empty: there is nothing to sync.`);
	}

	// people: emails through the organization's SAML identities (read once for the whole roster)
	const saml = new SamlLogins(this, org, 'in the roster');
	const people = new Map<string, Person>();
	for (const entry of entries) {
		const login = entry.email !== undefined ? await saml.loginOf(entry.email, entry.itemIndex) : entry.person;
		const person = people.get(key(login)) ?? { login, teams: new Set<string>(), items: [] };
		if (entry.email !== undefined) person.email ??= entry.email;
		for (const slug of entry.teams) person.teams.add(slug);
		person.items.push(entry.itemIndex);
		people.set(key(login), person);
	}

	// plan: per team, who to add and who to remove; maintainers the roster does not list are kept unless managed
	const changes: Change[] = [];
	const maintainersKept: IDataObject[] = [];
	const notReadable: string[] = [];
	const allItems = items.map((_, index) => index);
	for (const slug of teams) {
		const state = await teamState(this, orgPath, org, slug, named.get(slug) ?? 0);
		if (state.invitationsUnreadable) notReadable.push(`pending invitations to team ${slug} (${state.invitationsUnreadable})`);
		const wanted = [...people.values()].filter((person) => person.teams.has(slug));
		const teamItems = wanted.flatMap((person) => person.items).sort((a, b) => a - b);
		for (const person of wanted.sort((a, b) => a.login.localeCompare(b.login))) {
			if (state.members.has(key(person.login)) || state.pending.has(key(person.login))) continue;
			changes.push({ action: 'add', team: slug, login: person.login, role: 'member', items: person.items });
		}
		const current = [
			...[...state.members.values()].map((member) => ({ ...member, pending: false })),
			...[...state.pending.entries()].filter(([lower]) => !state.members.has(lower)).map(([, login]) => ({ login, role: 'member' as const, pending: true })),
		].sort((a, b) => a.login.localeCompare(b.login));
		for (const member of current) {
			if (people.get(key(member.login))?.teams.has(slug)) continue;
			if (member.role === 'maintainer' && !options.manageMaintainers) {
				maintainersKept.push({ team: slug, login: member.login });
				continue;
			}
			// paired with the person's roster items, else with the items that name the team (else all)
			const pairing = people.get(key(member.login))?.items ?? (teamItems.length > 0 ? teamItems : allItems);
			changes.push({ action: 'remove', team: slug, login: member.login, role: member.role, ...(member.pending ? { pending: true } : {}), items: pairing });
		}
	}

	// the credential's own login is never removed from a team unless the option allows it
	const ownLoginKept: IDataObject[] = [];
	if (!options.includeOwnLogin && changes.some((change) => change.action === 'remove')) {
		const self = (await ownLogin(this, 0))?.toLowerCase();
		for (const change of changes.filter((entry) => entry.action === 'remove' && key(entry.login) === self)) {
			ownLoginKept.push({ team: change.team, login: change.login, reason: "the login this credential acts as (option Include the Token's Own Login)" });
			changes.splice(changes.indexOf(change), 1);
		}
	}
	const removals = changes.filter((change) => change.action === 'remove');
	if (!options.dryRun && removals.length > options.maxRemovals) {
		const first = removals.slice(0, 5).map((change) => `${change.login} from ${change.team}`).join(', ');
		fail(
			this,
			0,
			`The sync would remove ${countOf(removals.length, 'team membership')}, more than Max Removals (${options.maxRemovals}): nothing was changed`,
			`First removals: ${first}${removals.length > 5 ? ', …' : ''}. If the roster is complete, raise Max Removals; run with Mode: Plan Only to see the whole plan.`,
		);
	}

	// a plan: each change signed, for Access → Apply Plan to apply exactly after an approval
	const lines = options.dryRun
		? await signCodeHostingPlan(this, 0, 'access.sync', changes.map((change) => boundTeamChange(org, change)), { maxRemovals: options.maxRemovals, includeOwnLogin: options.includeOwnLogin })
		: [];
	const output: INodeExecutionData[] = [];
	let applied = 0;
	let refused = 0;
	const done: string[] = [];
	const describe = (change: (typeof changes)[number]) => `${change.action} ${change.login} ${change.action === 'add' ? 'to' : 'from'} ${change.team}`;
	for (const [position, change] of changes.entries()) {
		const person = people.get(key(change.login));
		const json: IDataObject = {
			organization: org,
			team: change.team,
			login: change.login,
			...(person?.email !== undefined ? { email: person.email } : {}),
			action: change.action,
			role: change.role,
			...(change.pending ? { pending: true } : {}),
			dryRun: options.dryRun,
			applied: false,
		};
		if (!options.dryRun) {
			let response;
			try {
				response = await writeTeamChange(this, orgPath, change, change.items[0] ?? 0);
			} catch (error) {
				// a failure that is not a refusal (a 5xx after the retries, the network): say what is done and left
				throw withProgress(error, partialWriteNotes(`The sync of ${org}'s teams`, describe(change), done, changes.slice(position).map(describe)));
			}
			if (response.statusCode < 300) {
				json.applied = true;
				applied++;
				done.push(describe(change));
				// an addition of someone outside the organization invites them: pending until they accept
				if (change.action === 'add' && typeof response.body?.state === 'string') json.state = response.body.state;
			} else {
				refused++;
				json.error = `HTTP ${response.statusCode}: ${String(response.body?.message ?? 'refused')}`;
				json.reason = teamRefusal(response.statusCode);
			}
		} else {
			json.plan = lines[position];
		}
		output.push({ json, pairedItem: change.items.map((item) => ({ item })) });
	}

	const complete = refused === 0 && notReadable.length === 0;
	const additions = changes.length - removals.length;
	const summary: IDataObject = {
		organization: org,
		action: 'complete',
		dryRun: options.dryRun,
		complete,
		teams,
		people: people.size,
		changes: changes.length,
		additions,
		removals: removals.length,
		changesApplied: applied,
		changesNotApplied: options.dryRun ? changes.length : refused,
		maintainersKept,
		...(ownLoginKept.length > 0 ? { ownLoginKept } : {}),
		notReadable,
		maxRemovals: options.maxRemovals,
		// what an approver needs to know: whether applying this plan would pass the brake
		...(options.dryRun ? { wouldApply: removals.length <= options.maxRemovals } : {}),
		summary: options.dryRun
			? `${countOf(additions, 'addition')} and ${countOf(removals.length, 'removal')} planned in ${countOf(teams.length, 'team')} of ${org}; nothing was changed (Plan Only)`
			: complete
				? `The teams ${teams.join(', ')} of ${org} match the roster (${countOf(applied, 'change')} made)`
				: `Incomplete: ${countOf(refused, 'change')} refused and ${countOf(notReadable.length, 'list')} not readable; see the items above`,
	};
	output.push({ json: summary, pairedItem: allItems.map((item) => ({ item })) });
	return output;
}
