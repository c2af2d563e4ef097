/**
 * Catch-up of the Client Info Trigger, the pure part (nodes/ClientInfoTrigger/catchUp.ts): two
 * list states → the changes; a delivery entered into the state; what is put back when sending fails.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CatchUpState } from '../../nodes/ClientInfoTrigger/catchUp';
import { baseline, catchUpStateOf, diff, enterDelivery, listsFor, subjectOf, withoutChanges } from '../../nodes/ClientInfoTrigger/catchUp';

const AT = '2026-11-26T00:00:00.000Z';
const request = (id: string, status: string): IDataObject => ({ id, name: `Request ${id}`, status });
const client = (id: string): IDataObject => ({ id, email: `${id}@example.com` });
const ALL = ['request_created', 'request_published', 'request_completed', 'request_archived', 'client_created'];

function seen(requests: IDataObject[], clients: IDataObject[] = []): CatchUpState {
	return baseline(requests, clients, AT);
}

describe('listsFor', () => {
	test('reads requests for request events a list shows, clients for client_created only', () => {
		expect(listsFor(['request_completed'])).toEqual({ requests: true, clients: false });
		expect(listsFor(['client_created'])).toEqual({ requests: false, clients: true });
		expect(listsFor(['request_viewed', 'comment_created', 'client_updated'])).toEqual({ requests: false, clients: false });
	});
});

describe('diff', () => {
	test('the same lists: no change', () => {
		const before = seen([request('r1', 'published')], [client('c1')]);
		const { changes, next } = diff(before, { requests: [request('r1', 'published')], clients: [client('c1')] }, ALL, AT);
		expect(changes).toEqual([]);
		expect(next.requests).toEqual({ r1: { s: 'published' } });
	});

	test('status changes become their events, in list order; statuses without an event adopt silently', () => {
		const before = seen([request('r1', 'published'), request('r2', 'draft'), request('r3', 'published'), request('r4', 'published')]);
		const lists = { requests: [request('r1', 'completed'), request('r2', 'published'), request('r3', 'archived'), request('r4', 'waiting')] };
		const { changes, next } = diff(before, lists, ALL, AT);
		expect(changes.map((change) => [change.event, change.id])).toEqual([
			['request_completed', 'r1'],
			['request_published', 'r2'],
			['request_archived', 'r3'],
		]);
		expect(changes[0].record).toEqual(request('r1', 'completed'));
		expect(next.requests.r4).toEqual({ s: 'waiting' });
		expect(next.requests.r1).toEqual({ s: 'completed', r: ['request_completed'] });
	});

	test('only the chosen events: a change to an event not chosen is taken as seen', () => {
		const before = seen([request('r1', 'draft'), request('r2', 'published')]);
		const { changes, next } = diff(before, { requests: [request('r1', 'published'), request('r2', 'completed'), request('r3', 'published')] }, ['request_completed'], AT);
		expect(changes.map((change) => change.event)).toEqual(['request_completed']);
		expect(next.requests.r1).toEqual({ s: 'published' });
		expect(next.requests.r3).toEqual({ s: 'published' });
	});

	test('a new request is request_created and its listed status event; a new client is client_created', () => {
		const { changes } = diff(seen([], []), { requests: [request('r9', 'published'), request('r8', 'draft')], clients: [client('c9')] }, ALL, AT);
		expect(changes.map((change) => [change.event, change.kind, change.id])).toEqual([
			['request_created', 'request', 'r9'],
			['request_published', 'request', 'r9'],
			['request_created', 'request', 'r8'],
			['client_created', 'client', 'c9'],
		]);
	});

	test('a list not read keeps what was seen of it; a record gone from a read list is forgotten', () => {
		const before = seen([request('r1', 'published'), request('r2', 'published')], [client('c1')]);
		const { next } = diff(before, { requests: [request('r1', 'published')] }, ['request_completed'], AT);
		expect(Object.keys(next.requests)).toEqual(['r1']);
		expect(next.clients).toEqual({ c1: { s: '' } });
	});

	test('a record a delivery entered while the lists were read keeps what the delivery said', () => {
		const before = seen([request('r1', 'completed')]);
		const { changes, next } = diff(before, { requests: [request('r1', 'published')] }, ALL, AT, new Set(['request:r1']));
		expect(changes).toEqual([]);
		expect(next.requests.r1).toEqual({ s: 'completed' });
	});

	test('an unknown status (a delivery without one) is adopted from the list without an event', () => {
		const before: CatchUpState = { requests: { r1: { s: '?' } }, clients: {}, at: AT };
		const { changes, next } = diff(before, { requests: [request('r1', 'published')] }, ALL, AT);
		expect(changes).toEqual([]);
		expect(next.requests.r1).toEqual({ s: 'published' });
	});
});

describe('deliveries and catch-up: one execution per change', () => {
	test('the platform\'s copy of a change catch-up sent is a duplicate, once; a later change is not', () => {
		const { next } = diff(seen([request('r1', 'published')]), { requests: [request('r1', 'completed')] }, ALL, AT);
		expect(enterDelivery(next, 'request_completed', { request: request('r1', 'completed') })).toBe(true);
		expect(next.requests.r1).toEqual({ s: 'completed' });
		expect(enterDelivery(next, 'request_completed', { request: request('r1', 'completed') })).toBe(false);
		expect(enterDelivery(next, 'request_archived', { request: request('r1', 'archived') })).toBe(false);
		expect(next.requests.r1).toEqual({ s: 'archived' });
	});

	test('a delivery makes the next pass find nothing for its change', () => {
		const state = seen([request('r1', 'published')]);
		expect(enterDelivery(state, 'request_completed', { request: { id: 'r1' } })).toBe(false);
		expect(diff(state, { requests: [request('r1', 'completed')] }, ALL, AT).changes).toEqual([]);
	});

	test('an unrelated delivery keeps what catch-up sent pending; request_created of a new request is remembered', () => {
		const { next } = diff(seen([]), { requests: [request('r1', 'published')] }, ALL, AT);
		expect(enterDelivery(next, 'request_updated', { request: request('r1', 'published') })).toBe(false);
		expect(enterDelivery(next, 'request_created', { request: request('r1', 'published') })).toBe(true);
		expect(enterDelivery(next, 'request_published', { request: request('r1', 'published') })).toBe(true);
		expect(next.requests.r1).toEqual({ s: 'published' });
		const state = seen([]);
		enterDelivery(state, 'request_created', { id: 'r2' });
		enterDelivery(state, 'client_created', { client: client('c2') });
		expect(state.requests.r2).toEqual({ s: '?' });
		expect(state.clients.c2).toEqual({ s: '' });
	});

	test('subjectOf reads {request}/{client}, a bare record or a *_id; other events have none', () => {
		expect(subjectOf('request_completed', { request: { id: 'r1', status: 'completed' } })).toEqual({ kind: 'request', id: 'r1', status: 'completed' });
		expect(subjectOf('client_updated', { id: 42 })).toEqual({ kind: 'client', id: '42', status: undefined });
		expect(subjectOf('request_viewed', { request_id: 'r3' })).toEqual({ kind: 'request', id: 'r3', status: undefined });
		expect(subjectOf('comment_created', { id: 'x' })).toBeUndefined();
		expect(subjectOf('request_completed', 'text')).toBeUndefined();
	});
});

describe('state', () => {
	test('withoutChanges puts back what was not sent, so the next pass finds it again', () => {
		const before = seen([request('r1', 'published'), request('r2', 'published')]);
		const lists = { requests: [request('r1', 'completed'), request('r2', 'completed'), request('r3', 'published')] };
		const { changes, next } = diff(before, lists, ALL, AT);
		const kept = withoutChanges(before, next, changes.slice(1));
		expect(kept.requests).toEqual({ r1: { s: 'completed', r: ['request_completed'] }, r2: { s: 'published' } });
		expect(diff(kept, lists, ALL, AT).changes.map((change) => [change.event, change.id])).toEqual([
			['request_completed', 'r2'],
			['request_created', 'r3'],
			['request_published', 'r3'],
		]);
	});

	test('catchUpStateOf reads static data and refuses anything else', () => {
		expect(catchUpStateOf({ requests: { r1: { s: 'draft' } }, clients: {}, at: AT })).toEqual({ requests: { r1: { s: 'draft' } }, clients: {}, at: AT });
		expect(catchUpStateOf(undefined)).toBeUndefined();
		expect(catchUpStateOf({ requests: 'x', clients: {} })).toBeUndefined();
	});
});
