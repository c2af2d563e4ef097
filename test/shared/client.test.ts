/** The platform client (nodes/shared/client.ts) over a fake n8n context. */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { PlatformDescription } from '../../nodes/shared/client';
import { createPlatformClient, joinUrl } from '../../nodes/shared/client';
import { linkPaging } from '../../nodes/shared/http/pagination';
import type { RequestContext } from '../../nodes/shared/http/types';

const SECRET = 'token-abcdef';

function fakeContext(answer: (options: IHttpRequestOptions) => { statusCode: number; headers?: IDataObject; body: unknown }, credentials: IDataObject = { server: 'https://api.test', token: SECRET }) {
	const calls: IHttpRequestOptions[] = [];
	const extras: unknown[] = [];
	let credentialLoads = 0;
	const ctx = {
		getInputData: () => [],
		getNode: () => ({ id: '1', name: 'Node', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }),
		getCredentials: async () => {
			credentialLoads++;
			return { ...credentials };
		},
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions, extra?: unknown) => {
				calls.push(options);
				extras.push(extra);
				const { statusCode, headers = {}, body } = answer(options);
				return { statusCode, headers, body: typeof body === 'string' ? body : JSON.stringify(body) };
			},
		},
	} as unknown as RequestContext;
	return { ctx, calls, extras, loads: () => credentialLoads };
}

const platform: PlatformDescription = {
	label: 'Test',
	credentialType: () => 'testApi',
	connect(credentials, credentialType, invalid) {
		const server = String(credentials.server ?? '');
		if (!server.startsWith('https://')) invalid('No server', 'Enter one.');
		return { credentialType, baseUrl: `${server}/v1`, secrets: [String(credentials.token)] };
	},
	headers: { 'X-Api': '1' },
	describeError: (response) => ({ message: `failed ${response.statusCode}: ${JSON.stringify(response.body)}` }),
	pagination: ({ itemsKey }) => linkPaging({ pageSize: 2, sizeParam: 'per_page', itemsKey }),
	allowsUrl: (connection, url) => url.startsWith(connection.baseUrl),
};

test('the credential is loaded once per context, whatever the number of calls', async () => {
	const { ctx, calls, loads } = fakeContext(() => ({ statusCode: 200, body: { ok: true } }));
	const client = createPlatformClient(ctx, platform);
	expect(createPlatformClient(ctx, platform)).toBe(client);
	for (let index = 0; index < 5; index++) expect(await client.request('GET', '/things', { itemIndex: index })).toEqual({ ok: true });
	expect(await client.secrets()).toEqual([SECRET]);
	expect(loads()).toBe(1);
	expect(calls[0]).toMatchObject({ method: 'GET', url: 'https://api.test/v1/things', headers: { Accept: 'application/json', 'X-Api': '1' } });
});

test('n8n gets the loaded credential with each request instead of loading it again', async () => {
	const { ctx, extras } = fakeContext(() => ({ statusCode: 200, body: {} }));
	const client = createPlatformClient(ctx, platform);
	await client.request('GET', '/a');
	await client.request('GET', '/b');
	expect(extras).toEqual([
		{ credentialsDecrypted: { id: '', name: '', type: 'testApi', data: { server: 'https://api.test', token: SECRET } } },
		{ credentialsDecrypted: { id: '', name: '', type: 'testApi', data: { server: 'https://api.test', token: SECRET } } },
	]);
});

test('an empty body reads as {}; fullRequest keeps status and headers', async () => {
	const { ctx } = fakeContext(() => ({ statusCode: 204, headers: { etag: 'x' }, body: '' }));
	const client = createPlatformClient(ctx, platform);
	expect(await client.request('DELETE', 'things/1')).toEqual({});
	expect(await client.fullRequest('DELETE', 'things/1')).toEqual({ statusCode: 204, headers: { etag: 'x' }, body: '' });
});

test('errors are NodeApiErrors with the item index and no secret', async () => {
	const { ctx } = fakeContext(() => ({ statusCode: 400, body: { message: `bad ${SECRET}` } }));
	const error = await createPlatformClient(ctx, platform).request('POST', '/things', { body: {}, itemIndex: 3 }).catch((caught: unknown) => caught);
	expect(error).toBeInstanceOf(NodeApiError);
	expect((error as NodeApiError).message).toBe('failed 400: {"message":"bad [redacted]"}');
	expect((error as NodeApiError).context.itemIndex).toBe(3);
});

test('a full URL off the credential\'s server is refused before any request', async () => {
	const { ctx, calls } = fakeContext(() => ({ statusCode: 200, body: {} }));
	const error = await createPlatformClient(ctx, platform).request('GET', '', { url: 'https://evil.test/v1/x', itemIndex: 1 }).catch((caught: unknown) => caught);
	expect(error).toBeInstanceOf(NodeOperationError);
	expect((error as NodeOperationError).message).toBe('Refusing to send the token to https://evil.test');
	expect(calls).toHaveLength(0);
});

test('a bad credential fails each item with its own index (not cached)', async () => {
	const { ctx, loads } = fakeContext(() => ({ statusCode: 200, body: {} }), { server: 'ftp://x' });
	const client = createPlatformClient(ctx, platform);
	for (const itemIndex of [0, 1]) {
		const error = await client.request('GET', '/x', { itemIndex }).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).context.itemIndex).toBe(itemIndex);
	}
	expect(loads()).toBe(2);
	expect(await client.secrets()).toEqual([]);
});

test('requestAll pages through the platform\'s style and stops at the limit', async () => {
	const { ctx, calls } = fakeContext((options) => {
		const url = new URL(options.url);
		const page = Number(url.searchParams.get('page') ?? 1);
		return {
			statusCode: 200,
			headers: page < 3 ? { link: `<https://api.test/v1/list?page=${page + 1}>; rel="next"` } : {},
			body: { items: [{ n: page * 2 - 1 }, { n: page * 2 }] },
		};
	});
	const items = await createPlatformClient(ctx, platform).requestAll('GET', '/list', 3, { itemsKey: 'items' });
	expect(items).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
	expect(calls.map((call) => [call.url, call.qs])).toEqual([
		['https://api.test/v1/list', { per_page: 2 }],
		['https://api.test/v1/list?page=2', undefined],
	]);
});

test('joinUrl puts one slash between root and path', () => {
	expect(joinUrl('https://a/v1', '/x')).toBe('https://a/v1/x');
	expect(joinUrl('https://a/v1', 'x')).toBe('https://a/v1/x');
	expect(joinUrl('https://a/v1', '')).toBe('https://a/v1/');
});
