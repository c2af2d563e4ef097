/**
 * Least privilege: the Client Info credential asks by default for exactly the scopes the Client
 * Info node's operations and the Client Info Trigger use (credentials/ClientInfoOAuth2Api's
 * CLIENT_INFO_OPERATION_SCOPES, shown in docs/permissions.md). Each operation is run against the
 * stand-in, which refuses a call whose token lacks the endpoint's scope (403 insufficient_scope),
 * with a token holding only the scopes the table names: it works; without any one of them it fails.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	ClientInfoOAuth2Api,
	CLIENT_INFO_DEFAULT_SCOPES,
	CLIENT_INFO_OPERATION_SCOPES,
} from '../../credentials/ClientInfoOAuth2Api.credentials';
import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { stopAllCatchUps } from '../../nodes/ClientInfoTrigger/catchUpRun';
import { createTriggerHarness } from '../helpers/triggerHarness';
import type { ClientInfoServer } from './harness';
import { ALL_SCOPES, SEEDED_CLIENT_ID, TEMPLATES, byId, credentialData, runClientInfo, startServer } from './harness';

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	stopAllCatchUps();
	await srv.stop();
});

/** Every `resource.operation` of the Client Info node, from its description. */
function nodeOperations(): string[] {
	const properties = new ClientInfo().description.properties as INodeProperties[];
	return properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) => {
			const resources = (property.displayOptions?.show?.resource ?? []) as string[];
			const values = (property.options ?? []).map((option) => String((option as { value: unknown }).value));
			return resources.flatMap((resource) => values.map((value) => `${resource}.${value}`));
		})
		.sort();
}

const PARAMETERS: Record<string, IDataObject> = {
	'client.create': { resource: 'client', operation: 'create', name: 'Ada Lovelace', email: 'ada@example.com', additionalFields: {} },
	'client.get': { resource: 'client', operation: 'get', clientId: byId(SEEDED_CLIENT_ID) },
	'client.getAll': { resource: 'client', operation: 'getAll', returnAll: false, limit: 5, filters: {} },
	'request.create': {
		resource: 'request',
		operation: 'create',
		clientId: byId(SEEDED_CLIENT_ID),
		templateId: TEMPLATES[1].id,
		name: 'Tax return 2025',
		dueDate: '2026-07-31',
		additionalFields: {},
	},
	'request.get': { resource: 'request', operation: 'get', requestId: byId('REQUEST_ID') },
	'request.getAll': { resource: 'request', operation: 'getAll', returnAll: false, limit: 5, filters: {} },
	'template.getAll': { resource: 'template', operation: 'getAll', returnAll: true },
};

/** Runs an operation with a token holding only `scopes`: the statuses of its API calls. */
async function statusesWith(key: string, scopes: readonly string[]): Promise<number[]> {
	const [requestId] = srv.addRequests(1);
	const parameters = JSON.parse(JSON.stringify(PARAMETERS[key]).replace('REQUEST_ID', requestId)) as IDataObject;
	const tokens = srv.issueTokens({ scopes: [...scopes] });
	srv.resetRequests();
	await runClientInfo(srv, { parameters, tokens, continueOnFail: true });
	return srv.apiRequests().map((request) => request.status ?? 0);
}

describe('Client Info scopes', () => {
	test('the default Scope is exactly the union of what the operations and the trigger need, all scopes the platform knows', () => {
		const needed = new Set(Object.values(CLIENT_INFO_OPERATION_SCOPES).flat());
		expect(CLIENT_INFO_DEFAULT_SCOPES.split(' ').sort()).toEqual([...needed].sort());
		expect([...needed].every((scope) => ALL_SCOPES.includes(scope))).toBe(true);
		const scope = new ClientInfoOAuth2Api().properties.find((property) => property.name === 'scope');
		expect(scope?.default).toBe(CLIENT_INFO_DEFAULT_SCOPES);
		// nothing unused: team members and reviews are not asked for
		for (const unused of ['read_team_members', 'write_team_members', 'review_requests']) expect(CLIENT_INFO_DEFAULT_SCOPES.split(' ')).not.toContain(unused);
	});

	test('the table names every operation of the node, and the trigger', () => {
		expect(Object.keys(CLIENT_INFO_OPERATION_SCOPES).sort()).toEqual([...nodeOperations(), 'trigger'].sort());
		expect(nodeOperations().length).toBeGreaterThanOrEqual(8);
	});

	test.each(Object.keys(PARAMETERS))('%s works with only its scopes and fails without any one of them', async (key) => {
		const scopes = CLIENT_INFO_OPERATION_SCOPES[key];
		expect(scopes.length).toBeGreaterThan(0);
		const statuses = await statusesWith(key, scopes);
		expect(statuses.length).toBeGreaterThan(0);
		expect(statuses.every((status) => status >= 200 && status < 300)).toBe(true);
		for (const missing of scopes) {
			const without = await statusesWith(key, scopes.filter((scope) => scope !== missing));
			expect(without).toContain(403);
		}
	});

	test('the trigger registers its webhook and reads what catch-up needs with only its scopes; without administration it cannot register', async () => {
		const activate = async (scopes: readonly string[]) => {
			const tokens = srv.issueTokens({ scopes: [...scopes] });
			const harness = await createTriggerHarness({
				node: new ClientInfoTrigger(),
				parameters: { events: ['request_completed', 'client_created'], options: {} },
				credentials: { clientInfoOAuth2Api: credentialData(srv, tokens) },
				credentialTypes: [new ClientInfoOAuth2Api()],
			});
			srv.resetRequests();
			const created = await harness.hook('create').catch((error: Error) => error);
			await harness.close();
			stopAllCatchUps();
			return { created, statuses: srv.apiRequests().map((request) => `${request.method} ${request.path.replace(/^.*\/v1/, '')} ${request.status}`) };
		};
		const all = await activate(CLIENT_INFO_OPERATION_SCOPES.trigger);
		expect(all.created).toBe(true);
		expect(all.statuses).toEqual(['POST /webhooks 201', 'GET /requests 200', 'GET /clients 200']);
		const noAdmin = await activate(CLIENT_INFO_OPERATION_SCOPES.trigger.filter((scope) => scope !== 'administration'));
		expect(noAdmin.created).toBeInstanceOf(Error);
		expect(noAdmin.statuses).toEqual(['POST /webhooks 403']);
		for (const list of ['read_requests', 'read_clients']) {
			const without = await activate(CLIENT_INFO_OPERATION_SCOPES.trigger.filter((scope) => scope !== list));
			expect(without.statuses).toContain(list === 'read_requests' ? 'GET /requests 403' : 'GET /clients 403');
		}
	});
});
