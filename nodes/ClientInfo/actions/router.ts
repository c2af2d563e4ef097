import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Operation } from '../../shared';
import { runItemLoop } from '../../shared';
import { clientInfo } from '../transport';
import * as apiCall from './apiCall';
import * as client from './client';
import type { ClientInfoOperations, ClientInfoResource, ClientInfoType } from './node.type';
import * as request from './request';
import * as template from './template';

/** Every operation of every resource: a missing one fails to compile. */
const operations: { [R in ClientInfoResource]: Record<ClientInfoOperations[R], Operation> } = {
	client: { create: client.create, get: client.get, getAll: client.getAll },
	request: { create: request.create, get: request.get, getAll: request.getAll },
	template: { getAll: template.getAll },
	apiCall: { request: apiCall.request },
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as ClientInfoType['resource'];
	const operation = this.getNodeParameter('operation', 0) as ClientInfoType['operation'];
	const forResource = operations[resource] as Record<string, Operation> | undefined;
	const handler = forResource?.[operation];
	if (!handler) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not known for resource "${resource}"`,
		);
	}
	return await runItemLoop.call(this, handler, clientInfo(this).secrets);
}
