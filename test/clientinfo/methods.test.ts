/** The Template dropdown and the Client / Request lists, through n8n-core's LoadOptionsContext. */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { ClientInfoOAuth2Api } from '../../credentials/ClientInfoOAuth2Api.credentials';
import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import { loadOptionsContext } from '../helpers/loadOptions';
import type { ClientInfoServer } from './harness';
import { API, SEEDED_CLIENT_ID, TEMPLATES, credentialData, startServer } from './harness';

let srv: ClientInfoServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

function context(): ILoadOptionsFunctions {
	return loadOptionsContext({
		node: new ClientInfo(),
		parameters: { resource: 'request', operation: 'create' },
		credentials: { clientInfoOAuth2Api: credentialData(srv) },
		credentialTypes: [new ClientInfoOAuth2Api()],
		path: 'templateId',
	});
}

const node = new ClientInfo();

test('getTemplates: every template of the account by name, across pages', async () => {
	srv.addTemplates(230);
	const options = await node.methods.loadOptions.getTemplates.call(context());
	expect(options).toHaveLength(233);
	expect(options[0]).toEqual({ name: 'Client onboarding', value: TEMPLATES[0].id });
	expect(srv.apiRequests().map((request) => request.query.offset)).toEqual(['0', '200']);
});

test('searchClients: filtered on the platform, "name <email>", paged with a token', async () => {
	srv.addClients(60, 'paged');
	const first = await node.methods.listSearch.searchClients.call(context(), 'paged');
	expect(first.results).toHaveLength(50);
	expect(first.results[0].name).toBe('paged 0 <paged-0@example.com>');
	expect(first.paginationToken).toBe('50');
	const second = await node.methods.listSearch.searchClients.call(context(), 'paged', first.paginationToken as string);
	expect(second.results).toHaveLength(10);
	expect(second.paginationToken).toBeUndefined();
	expect(srv.apiRequests().map((request) => request.query)).toEqual([
		{ limit: '50', offset: '0', q: 'paged' },
		{ limit: '50', offset: '50', q: 'paged' },
	]);
	const seeded = await node.methods.listSearch.searchClients.call(context(), 'seeded');
	expect(seeded.results).toEqual([{ name: 'Seeded Client <seeded.client@example.com>', value: SEEDED_CLIENT_ID }]);
});

test('searchRequests: name with status', async () => {
	const [id] = srv.addRequests(1, { status: 'waiting', prefix: 'Onboarding' });
	const result = await node.methods.listSearch.searchRequests.call(context(), 'onboard');
	expect(result.results).toEqual([{ name: 'Onboarding 0 (waiting)', value: id }]);
	expect(srv.apiRequests()[0]).toMatchObject({ path: `${API}/requests`, query: { q: 'onboard', limit: '50', offset: '0' } });
});
