/** Names that workflows store (product.md): node types, credential, resources and operations. */
import type { INodeProperties } from 'n8n-workflow';

import { ClientInfo } from '../../nodes/ClientInfo/ClientInfo.node';
import { ClientInfoTrigger } from '../../nodes/ClientInfoTrigger/ClientInfoTrigger.node';
import { EVENTS } from './harness';

const { description } = new ClientInfo();

function optionValues(property: INodeProperties | undefined): string[] {
	return (property?.options ?? []).map((option) => String((option as { value: string }).value));
}

test('clientInfo / Client Info, usable as an AI tool, with the clientInfoOAuth2Api credential', () => {
	expect(description.name).toBe('clientInfo');
	expect(description.displayName).toBe('Client Info');
	expect(description.usableAsTool).toBe(true);
	expect(description.credentials).toEqual([{ name: 'clientInfoOAuth2Api', required: true }]);
});

test('resources and operations exactly as product.md names them', () => {
	const resource = description.properties.find((property) => property.name === 'resource');
	expect(optionValues(resource).sort()).toEqual(['apiCall', 'client', 'request', 'template']);
	const operations = (name: string) =>
		optionValues(description.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === name)).sort();
	expect(operations('client')).toEqual(['create', 'get', 'getAll']);
	expect(operations('request')).toEqual(['create', 'get', 'getAll']);
	expect(operations('template')).toEqual(['getAll']);
	expect(operations('apiCall')).toEqual(['request']);
});

test('every list has Return All / Limit', () => {
	for (const [resource, operation] of [['client', 'getAll'], ['request', 'getAll'], ['template', 'getAll']]) {
		const shown = description.properties.filter(
			(property) => property.displayOptions?.show?.resource?.[0] === resource && property.displayOptions?.show?.operation?.[0] === operation,
		);
		expect(shown.map((property) => property.name)).toEqual(expect.arrayContaining(['returnAll', 'limit']));
	}
});

test('clientInfoTrigger / Client Info Trigger: a webhook trigger over every platform subscription', () => {
	const trigger = new ClientInfoTrigger();
	expect(trigger.description.name).toBe('clientInfoTrigger');
	expect(trigger.description.displayName).toBe('Client Info Trigger');
	expect(trigger.description.inputs).toEqual([]);
	expect(trigger.description.credentials).toEqual([{ name: 'clientInfoOAuth2Api', required: true }]);
	expect(trigger.description.webhooks?.[0]).toMatchObject({ name: 'default', httpMethod: 'POST', path: 'webhook' });
	const events = trigger.description.properties.find((property) => property.name === 'events');
	expect(optionValues(events).sort()).toEqual([...EVENTS].sort());
	expect(Object.keys(trigger.webhookMethods.default).sort()).toEqual(['checkExists', 'create', 'delete']);
});

test('Request → Get Many picks its client as Request → Create does: the same Client locator, optional, outside Filters', () => {
	const shownFor = (operation: string) =>
		description.properties.filter((property) => property.displayOptions?.show?.resource?.[0] === 'request' && property.displayOptions?.show?.operation?.[0] === operation);
	const onCreate = shownFor('create').find((property) => property.name === 'clientId');
	const onGetAll = shownFor('getAll').find((property) => property.name === 'clientId');
	expect(onGetAll?.type).toBe('resourceLocator');
	expect(onGetAll?.displayName).toBe('Client');
	expect(onGetAll?.displayName).toBe(onCreate?.displayName);
	expect(onGetAll?.modes).toEqual(onCreate?.modes);
	expect(onGetAll?.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod).toBe('searchClients');
	expect(onGetAll?.default).toEqual({ mode: 'list', value: '' });
	// empty means every client: not required, and the description says so
	expect(onGetAll?.required).toBe(false);
	expect(onGetAll?.description).toMatch(/empty for every client/);
	const filters = shownFor('getAll').find((property) => property.name === 'filters');
	expect((filters?.options ?? []).map((option) => option.name)).not.toContain('clientId');
});
