import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { router } from './actions/router';
import { versionDescription } from './actions/versionDescription';
import { searchInvites, searchUsers } from './methods/listSearch';

export class Governance implements INodeType {
	description: INodeTypeDescription = versionDescription;

	methods = {
		listSearch: { searchInvites, searchUsers },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
