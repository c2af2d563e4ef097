import type { IDataObject } from 'n8n-workflow';

import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import type { Operation } from '../helpers/defaults';
import { baselinesOf, collectionOptionsOf, errorLine, expectSimplifyAutomaticAsNone, hasEmptyDefault, operationsOf, outputShape, seen } from '../helpers/defaults';
import type { ClientInfoServer } from './harness';
import { SEEDED_CLIENT_ID, TEMPLATES, byId, runClientInfo, startServer } from './harness';

// Safe by default (issue 37), for every operation of the Client Info node, each run against a
// fresh stand-in server: (a) adding any option of its collections at its shown default sends the
// same requests and gives the same output as not adding it; (b) with only what an operation needs
// filled in (no default overridden), nothing is deleted.

const { description } = new ClientInfo();
const operations = operationsOf(description);
const made = { requestId: '' };

const fills = (): Record<string, IDataObject> => ({
	'client.create': { name: 'Defaults Client', email: 'defaults.client@example.com' },
	'client.get': { clientId: byId(SEEDED_CLIENT_ID) },
	'client.getAll': {},
	'request.create': { clientId: byId(SEEDED_CLIENT_ID), templateId: TEMPLATES[0].id, name: 'Defaults request' },
	'request.get': { requestId: byId(made.requestId) },
	'request.getAll': {},
	'template.getAll': {},
	'apiCall.request': { endpoint: '/partner_api/v1/requests' },
});

async function observe(operation: Operation, extra: IDataObject = {}, asTool = false) {
	const srv: ClientInfoServer = await startServer();
	try {
		made.requestId = srv.addRequests(1, { clientId: SEEDED_CLIENT_ID })[0];
		srv.resetRequests();
		const { output, error } = await runClientInfo(srv, {
			parameters: { resource: operation.resource, operation: operation.operation, ...fills()[operation.key], ...extra },
			asTool,
		});
		return { requests: seen(srv.apiRequests()), output: outputShape(output), error: errorLine(error) };
	} finally {
		await srv.stop();
	}
}

const baseline = baselinesOf((operation: Operation) => observe(operation));

test('the walk covers every operation, and each fill sets only parameters with an empty default', () => {
	expect(operations.map((operation) => operation.key).sort()).toEqual(Object.keys(fills()).sort());
	for (const [key, fill] of Object.entries(fills())) {
		const operation = operations.find((entry) => entry.key === key)!;
		for (const name of Object.keys(fill)) {
			const property = operation.properties.find((entry) => entry.name === name);
			expect([key, name, property && hasEmptyDefault(property)]).toEqual([key, name, true]);
		}
	}
});

describe('(a) an option added at its shown default changes nothing', () => {
	const cases = operations.flatMap((operation) =>
		collectionOptionsOf(operation).map(({ collection, option }) => [`${operation.key}: ${collection}.${option.name}`, operation, collection, option] as const),
	);

	test('every option of every collection is in the walk', () => {
		expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(['client.get: options.simplify', 'request.getAll: filters.status', 'client.create: additionalFields.otherFields']));
	});

	test.each(cases)('%s', async (_name, operation, collection, option) => {
		const base = await baseline(operation);
		const added = await observe(operation, { [collection]: { [option.name]: option.default } });
		expect(added).toEqual(base);
	});

	test('the baselines do real work: every operation with options sends requests and answers without an error', async () => {
		for (const operation of operations.filter((entry) => collectionOptionsOf(entry).length > 0)) {
			const result = await baseline(operation);
			expect([operation.key, result.error]).toEqual([operation.key, undefined]);
			expect(result.requests.length).toBeGreaterThan(0);
		}
	});

	test('request.getAll: the optional Client picker set at its shown default (nothing picked) changes nothing', async () => {
		const operation = operations.find((entry) => entry.key === 'request.getAll')!;
		const client = operation.properties.find((property) => property.name === 'clientId')!;
		expect([client.type, client.required, hasEmptyDefault(client)]).toEqual(['resourceLocator', false, true]);
		const added = await observe(operation, { clientId: { __rl: true, ...(client.default as IDataObject) } });
		expect(added).toEqual(await baseline(operation));
		expect(added.requests.every((request) => request.query.client_id === undefined)).toBe(true);
	});

	test.each(['client.get', 'request.getAll'])('%s as an AI tool: Simplify added at Automatic gives what no option gives (simplified)', async (key) => {
		await expectSimplifyAutomaticAsNone(operations.find((entry) => entry.key === key)!, observe);
	});
});

describe('(b) omitted or defaulted parameters: no destructive request', () => {
	test.each(operations.map((operation) => [operation.key, operation] as const))('%s', async (_key, operation) => {
		const { requests } = await observe(operation);
		expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
	});

	test('API Call at its defaults reads (GET)', () => {
		expect(operations.find((operation) => operation.key === 'apiCall.request')!.properties.find((property) => property.name === 'method')?.default).toBe('GET');
	});
});
