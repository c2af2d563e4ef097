import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor, simplified, simplifyOptions } from '../../../shared';
import { codeHosting, readRequiredId, repoPath, repositoryFields, requiredIdField, simplifyRun } from '../common';

export const description: INodeProperties[] = showFor('workflow', 'getRun', [
	...repositoryFields,
	requiredIdField('Run ID', 'runId', 'The numeric ID of the workflow run (the "id" of Get Runs, or the number in the run\'s URL …/actions/runs/<ID>)', '30433642'),
	simplifyOptions(),
]);

/** One output item per input item. */
export const returns = 'item';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const runId = readRequiredId(this, 'runId', 'Run ID', itemIndex);
	return simplified(this, itemIndex, await codeHosting(this).request('GET', `${repoPath(this, itemIndex)}/actions/runs/${runId}`, { itemIndex }), simplifyRun);
}
