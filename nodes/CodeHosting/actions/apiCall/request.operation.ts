import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { parseJsonObject, readLimit, requireApiPath, returnAllOrLimit, showFor } from '../../../shared';
import { codeHosting } from '../common';

export const description: INodeProperties[] = showFor('apiCall', 'request', [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: [
			{ name: 'DELETE', value: 'DELETE' },
			{ name: 'GET', value: 'GET' },
			{ name: 'PATCH', value: 'PATCH' },
			{ name: 'POST', value: 'POST' },
			{ name: 'PUT', value: 'PUT' },
		],
		default: 'GET',
		description: 'The HTTP method of the request',
	},
	{
		displayName: 'Endpoint',
		name: 'endpoint',
		type: 'string',
		default: '',
		required: true,
		placeholder: '/repos/{owner}/{repo}/issues',
		description: 'Path of the REST API on the credential\'s server. Authentication is added by the credential.',
	},
	{
		displayName: 'Query Parameters',
		name: 'query',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: {},
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Headers',
		name: 'headers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Header',
		default: {},
		description: 'Accept defaults to the platform\'s JSON media type, and the API version header is always sent',
		options: [
			{
				displayName: 'Header',
				name: 'header',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		default: '',
		displayOptions: { hide: { method: ['GET'] } },
		description: 'Request body as a JSON object or array',
	},
	{
		displayName: 'Paginate',
		name: 'paginate',
		type: 'boolean',
		default: false,
		displayOptions: { show: { method: ['GET'] } },
		description: 'Whether to follow the Link header through the pages of a list',
	},
	...returnAllOrLimit().map((property) => ({
		...property,
		displayOptions: { show: { method: ['GET'], paginate: [true], ...(property.displayOptions?.show ?? {}) } },
	})),
	{
		displayName: 'Include Response Headers and Status',
		name: 'fullResponse',
		type: 'boolean',
		default: false,
		description: 'Whether to return {statusCode, headers, body} instead of the response body only (not with Paginate)',
		displayOptions: { hide: { paginate: [true] } },
	},
]);

const FORBIDDEN_HEADERS = new Set(['authorization', 'host', 'cookie', 'proxy-authorization']);

/** Any number of output items per input item (one per entry). */
export const returns = 'items';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const method = this.getNodeParameter('method', itemIndex) as IHttpRequestMethods;
	const { path, qs } = requireApiPath(this, this.getNodeParameter('endpoint', itemIndex), 'Endpoint', itemIndex, {
		example: '/repos/OWNER/REPO/issues',
	});
	for (const { name, value } of this.getNodeParameter('query.parameter', itemIndex, []) as Array<{ name: string; value: string }>) {
		if (name) qs[name] = value;
	}
	const headers: IDataObject = {};
	for (const { name, value } of this.getNodeParameter('headers.header', itemIndex, []) as Array<{ name: string; value: string }>) {
		if (!name) continue;
		if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
			throw new NodeOperationError(this.getNode(), `The header "${name}" cannot be set here`, {
				itemIndex,
				description: 'Authentication is added by the credential; never type a token into the node.',
			});
		}
		// Keep one Accept: the user's replaces the default.
		headers[name.toLowerCase() === 'accept' ? 'Accept' : name] = value;
	}

	let body: IDataObject | IDataObject[] | undefined;
	if (method !== 'GET') {
		const raw = this.getNodeParameter('body', itemIndex, '');
		if (raw !== '' && raw !== undefined && raw !== null) {
			if (typeof raw === 'string') {
				try {
					body = JSON.parse(raw) as IDataObject | IDataObject[];
				} catch (error) {
					throw new NodeOperationError(this.getNode(), 'Body (JSON) is not valid JSON', { itemIndex, description: (error as Error).message });
				}
			} else {
				body = Array.isArray(raw) ? (raw as IDataObject[]) : parseJsonObject(this, raw, 'Body (JSON)', itemIndex);
			}
		}
	}

	if (method === 'GET' && (this.getNodeParameter('paginate', itemIndex, false) as boolean)) {
		return await codeHosting(this).requestAll('GET', path, readLimit(this, itemIndex), { qs, headers, itemIndex, itemsKey: 'auto' });
	}

	const response = await codeHosting(this).fullRequest<IDataObject | IDataObject[] | string>(method, path, {
		qs,
		headers,
		body,
		itemIndex,
	});
	if (this.getNodeParameter('fullResponse', itemIndex, false) as boolean) {
		return [{ statusCode: response.statusCode, headers: response.headers, body: response.body as IDataObject }];
	}
	const result = response.body;
	if (Array.isArray(result)) return result;
	if (result === '' || result === undefined || result === null) return [{ success: true, statusCode: response.statusCode }];
	if (typeof result === 'string') return [{ data: result, statusCode: response.statusCode }];
	return [result];
}
