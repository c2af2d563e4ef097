import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { projectLocator, SCOPE_CHOICES } from '../Governance/core/project';
import { searchProjects } from '../Governance/methods/listSearch';
import { pollAccess } from './poll';

export class GovernanceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Governance Trigger',
		name: 'governanceTrigger',
		icon: { light: 'file:governance.svg', dark: 'file:governance.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).join(", ") }}',
		description:
			'Starts the workflow when access changes in Relevance AI projects: members added or removed, roles changed, someone made admin, invites, API keys (polled)',
		defaults: { name: 'Relevance AI Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'governanceApi', required: true }],
		properties: [
			{
				displayName: 'Scope',
				name: 'scope',
				type: 'options',
				options: [SCOPE_CHOICES.project, SCOPE_CHOICES.everyProject],
				default: 'project',
				description: 'Which projects to watch: project or everyProject',
			},
			{ ...projectLocator, description: 'The project to watch', displayOptions: { show: { scope: ['project'] } } },
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{ name: 'API Key Created', value: 'apiKeyCreated', description: 'A member has a new API key (the keys of every member are read at each poll)' },
					{ name: 'API Key Deleted', value: 'apiKeyDeleted', description: 'An API key of a member is gone' },
					{ name: 'Became Admin', value: 'becameAdmin', description: 'A member gains the Admin role (also a new member who has it)' },
					{ name: 'Invite Accepted', value: 'inviteAccepted', description: 'A pending invite is gone and a member with its email appeared' },
					{ name: 'Invite Created', value: 'inviteCreated', description: 'A pending invite appears (an email is invited to a project)' },
					{ name: 'Invite Deleted', value: 'inviteDeleted', description: 'A pending invite is gone and nobody with its email joined' },
					{ name: 'Member Added', value: 'memberAdded', description: 'Someone is a member who was not (by an accepted invite too, when Invite Accepted is not chosen)' },
					{ name: 'Member Removed', value: 'memberRemoved', description: 'Someone who was a member is no longer one' },
					{ name: 'Member Roles Changed', value: 'memberRolesChanged', description: 'A member\'s roles differ; the item has them before and after' },
					{ name: 'Project Unreadable', value: 'projectUnreadable', description: 'The key cannot read a project for the chosen events, once per project that becomes (or appears) unreadable; what was read before is kept, no removals are emitted. The first poll names every such project in one item whether this is chosen or not.' },
				],
				default: [],
				description: 'The changes that start the workflow, one item per change. The first poll records what exists and emits nothing, except one Project Unreadable item when the key cannot read a project.',
			},
			{
				displayName:
					"API key events cost one request per member per poll: the control API lists API keys only per user (3,000 members: about 3,040 requests per poll instead of 41). Choose a poll interval that leaves time for it; a poll that outlasts it is not doubled.",
				name: 'keyEventsNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { events: ['apiKeyCreated', 'apiKeyDeleted'] } },
			},
			{
				displayName:
					"The control API has no events: each poll reads the members and pending invites of the projects (as Access → Review does) and compares them with the last poll. Member events need the key's user to be a member of a project; invite and API key events need Admin there. Organization roles cannot be read through the API and are not watched.",
				name: 'pollNotice',
				type: 'notice',
				default: '',
			},
		],
	};

	methods = {
		listSearch: { searchProjects },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollAccess.call(this);
	}
}
