import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { parseJsonObject, requireApiPath, showFor } from '../../../shared';
import { API_PATH, clientInfo } from '../../transport';

const METHODS = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'] as const;

export const description: INodeProperties[] = showFor('apiCall', 'request', [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: METHODS.map((method) => ({ name: method, value: method })),
		default: 'GET',
		description: 'The HTTP method of the request',
	},
	{
		displayName: 'Endpoint',
		name: 'endpoint',
		type: 'string',
		default: '',
		required: true,
		placeholder: '/requests',
		description:
			'Path of the partner API under /partner_api/v1, for example /requests or /clients/ID. Authentication is added by the credential.',
	},
	{
		displayName: 'Query Parameters (JSON)',
		name: 'query',
		type: 'json',
		default: '{}',
		description: 'Query parameters as a JSON object, for example {"status": "published", "limit": 20}',
	},
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		displayOptions: { hide: { method: ['GET', 'DELETE'] } },
		description: 'Request body as a JSON object',
	},
	{
		displayName: 'Include Response Headers and Status',
		name: 'fullResponse',
		type: 'boolean',
		default: false,
		description: 'Whether to return {statusCode, headers, body} instead of the response body only',
	},
]);

function isEmpty(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		(typeof value === 'string' && value.trim() === '') ||
		(typeof value === 'object' && Object.keys(value as object).length === 0)
	);
}

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const method = String(this.getNodeParameter('method', itemIndex)).toUpperCase() as IHttpRequestMethods;
	if (!(METHODS as readonly string[]).includes(method)) {
		throw new NodeOperationError(this.getNode(), `Unknown method "${method}"`, {
			itemIndex,
			description: `Allowed: ${METHODS.join(', ')}.`,
		});
	}
	const { path, qs } = requireApiPath(this, this.getNodeParameter('endpoint', itemIndex), 'Endpoint', itemIndex, {
		example: '/requests',
		stripPrefix: API_PATH,
	});
	const query = this.getNodeParameter('query', itemIndex, '{}');
	if (!isEmpty(query)) Object.assign(qs, parseJsonObject(this, query, 'Query Parameters (JSON)', itemIndex));
	let body: IDataObject | undefined;
	if (method !== 'GET' && method !== 'DELETE') {
		const raw = this.getNodeParameter('body', itemIndex, '{}');
		body = isEmpty(raw) ? {} : parseJsonObject(this, raw, 'Body (JSON)', itemIndex);
	}

	const response = await clientInfo(this).fullRequest<unknown>(method, path, { qs, body, itemIndex });
	if (this.getNodeParameter('fullResponse', itemIndex, false) as boolean) {
		return [{ statusCode: response.statusCode, headers: response.headers, body: response.body as IDataObject }];
	}
	const result = response.body;
	if (Array.isArray(result)) {
		return result.map((entry) => (entry && typeof entry === 'object' ? (entry as IDataObject) : { value: entry as string }));
	}
	if (result && typeof result === 'object') return [result as IDataObject];
	if (result === undefined || result === null || result === '') return [{ success: true, statusCode: response.statusCode }];
	return [{ data: String(result) }];
}
