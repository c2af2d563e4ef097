import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';

export const description: INodeProperties[] = showFor('project', 'getOrganizationInfo', [
	{ ...projectLocator, description: 'The project whose organization is read' },
]);

/** One output item per input item. */
export const returns = 'item';

/** GET /projects/organization_info: credits, actions, plan, concurrency, default project. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const client = inProject(this, await readProject(this, itemIndex));
	const response = await client.request('GET', '/projects/organization_info', { itemIndex });
	return { project_id: client.project.id, ...response };
}
