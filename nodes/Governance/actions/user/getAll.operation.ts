import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLimit, returnAllOrLimit, showFor, simplifiedAll, simplifyOptions } from '../../../shared';
import { listMembers } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { simplifyMember } from '../common';

export const description: INodeProperties[] = showFor('user', 'getAll', [
	projectLocator,
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Email Contains',
				name: 'emailSearch',
				type: 'string',
				default: '',
				description: 'Case-sensitive part of the user\'s email address',
			},
			{
				displayName: 'User Type',
				name: 'type',
				type: 'options',
				options: [
					{ name: 'Agent Embed', value: 'agent-embed' },
					{ name: 'Any Type', value: '' },
					{ name: 'Machine', value: 'machine' },
					{ name: 'User', value: 'user' },
					{ name: 'Workforce Embed', value: 'workforce-embed' },
				],
				// Any Type, as without the filter: added at its default, the filter changes nothing
				default: '',
				description: 'Only users of this type: user, machine, agent-embed or workforce-embed (Any Type: no filter)',
			},
		],
	},
	simplifyOptions(),
]);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const userFilters: IDataObject = {};
	if (typeof filters.emailSearch === 'string' && filters.emailSearch !== '') {
		userFilters.email_search = filters.emailSearch;
	}
	if (typeof filters.type === 'string' && filters.type !== '') userFilters.type = filters.type;

	const project = await readProject(this, itemIndex);
	return simplifiedAll(this, itemIndex, await listMembers(inProject(this, project), itemIndex, limit, userFilters), simplifyMember(project.id));
}
