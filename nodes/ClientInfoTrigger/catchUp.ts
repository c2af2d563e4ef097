import type { IDataObject } from 'n8n-workflow';

/**
 * Catch-up of the Client Info Trigger, the pure part: what the platform's lists can show, and the
 * changes between what the trigger last saw and the lists now. The platform keeps no delivery log
 * and does not resend a failed delivery, but it lists requests with their status and clients: a
 * request or client that is new, and a request whose status changed, is an event the trigger can
 * still emit. What only a delivery can tell (a view, a field, a comment, an update without a
 * status change) cannot be caught up.
 */

/** A request status → the event a change to it is. */
export const STATUS_EVENTS: Readonly<Record<string, string>> = {
	published: 'request_published',
	completed: 'request_completed',
	archived: 'request_archived',
};

/** The event → the request status it means. */
export const EVENT_STATUS: Readonly<Record<string, string>> = Object.fromEntries(
	Object.entries(STATUS_EVENTS).map(([status, event]) => [event, status]),
);

/** Events a list can show, so catch-up can emit them. */
export const CATCH_UP_EVENTS = ['request_created', ...Object.values(STATUS_EVENTS), 'client_created'];

/** What the status of a request is while unknown (a delivery named it without its status). */
export const UNKNOWN_STATUS = '?';

/** One request or client as last seen. */
export interface Seen {
	/** The request's status ('' for a client; UNKNOWN_STATUS: adopt the next listed one silently). */
	s: string;
	/** Events emitted by catch-up for it that no delivery from the platform has confirmed yet. */
	r?: string[];
}

export interface CatchUpState extends IDataObject {
	requests: Record<string, Seen>;
	clients: Record<string, Seen>;
	/** When the lists were last read in full. */
	at: string;
}

export interface Change {
	event: string;
	kind: 'request' | 'client';
	id: string;
	/** The record as listed. */
	record: IDataObject;
}

/** The lists a catch-up of these events reads. */
export function listsFor(events: string[]): { requests: boolean; clients: boolean } {
	return {
		requests: events.some((event) => event === 'request_created' || EVENT_STATUS[event] !== undefined),
		clients: events.includes('client_created'),
	};
}

function idOf(record: IDataObject): string | undefined {
	const id = record.id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** Reads a catch-up state from static data; anything else is no state. */
export function catchUpStateOf(value: unknown): CatchUpState | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const state = value as Partial<CatchUpState>;
	if (!state.requests || typeof state.requests !== 'object' || !state.clients || typeof state.clients !== 'object') return undefined;
	return { requests: { ...state.requests }, clients: { ...state.clients }, at: String(state.at ?? '') };
}

/** The state of lists read for the first time: everything seen, nothing to emit. */
export function baseline(requests: IDataObject[] | undefined, clients: IDataObject[] | undefined, at: string): CatchUpState {
	const state: CatchUpState = { requests: {}, clients: {}, at };
	for (const record of requests ?? []) {
		const id = idOf(record);
		if (id !== undefined) state.requests[id] = { s: String(record.status ?? '') };
	}
	for (const record of clients ?? []) {
		const id = idOf(record);
		if (id !== undefined) state.clients[id] = { s: '' };
	}
	return state;
}

/**
 * The changes from `seen` to the lists now, for the chosen events, oldest list entry first, and
 * the state after all of them were emitted. A list not read (undefined) keeps what was seen of it.
 * A record that left a list is forgotten; a new request is `request_created` and, when listed as
 * published, completed or archived, that status's event too.
 */
export function diff(
	seen: CatchUpState,
	lists: { requests?: IDataObject[]; clients?: IDataObject[] },
	events: string[],
	at: string,
	/** Records a delivery entered while the lists were read: what was seen of them stands. */
	skip: ReadonlySet<string> = new Set(),
): { changes: Change[]; next: CatchUpState } {
	const chosen = new Set(events);
	const changes: Change[] = [];
	const next: CatchUpState = { requests: lists.requests ? {} : { ...seen.requests }, clients: lists.clients ? {} : { ...seen.clients }, at };
	for (const record of lists.requests ?? []) {
		const id = idOf(record);
		if (id === undefined) continue;
		const before = seen.requests[id];
		if (skip.has(`request:${id}`)) {
			if (before) next.requests[id] = before;
			continue;
		}
		const status = String(record.status ?? '');
		const emitted: string[] = [];
		if (!before && chosen.has('request_created')) emitted.push('request_created');
		const statusEvent = STATUS_EVENTS[status];
		const statusChanged = !before || (before.s !== status && before.s !== UNKNOWN_STATUS);
		if (statusEvent && statusChanged && chosen.has(statusEvent)) emitted.push(statusEvent);
		for (const event of emitted) changes.push({ event, kind: 'request', id, record });
		const pending = [...(before && before.s === status ? (before.r ?? []) : []), ...emitted];
		next.requests[id] = pending.length ? { s: status, r: pending } : { s: status };
	}
	for (const record of lists.clients ?? []) {
		const id = idOf(record);
		if (id === undefined) continue;
		const before = seen.clients[id];
		if (skip.has(`client:${id}`)) {
			if (before) next.clients[id] = before;
			continue;
		}
		if (!before && chosen.has('client_created')) {
			changes.push({ event: 'client_created', kind: 'client', id, record });
			next.clients[id] = { s: '', r: ['client_created'] };
		} else next.clients[id] = before ?? { s: '' };
	}
	return { changes, next };
}

/** `next` with the changes not emitted put back as they were in `seen` (found again next pass). */
export function withoutChanges(seen: CatchUpState, next: CatchUpState, notEmitted: Change[]): CatchUpState {
	const state: CatchUpState = { requests: { ...next.requests }, clients: { ...next.clients }, at: seen.at };
	for (const change of notEmitted) {
		const table = change.kind === 'request' ? 'requests' : 'clients';
		const before = seen[table][change.id];
		if (before) state[table][change.id] = before;
		else delete state[table][change.id];
	}
	return state;
}

/** The request or client a delivery from the platform is about, and its id. */
export function subjectOf(event: string, data: unknown): { kind: 'request' | 'client'; id: string; status?: string } | undefined {
	if (!data || typeof data !== 'object') return undefined;
	const body = data as IDataObject;
	const kind = event.startsWith('client_') ? 'client' : event.startsWith('request_') ? 'request' : undefined;
	if (!kind) return undefined;
	const record = (body[kind] && typeof body[kind] === 'object' ? body[kind] : body) as IDataObject;
	const id = idOf(record) ?? (typeof body[`${kind}_id`] === 'string' ? String(body[`${kind}_id`]) : undefined);
	if (id === undefined) return undefined;
	return { kind, id, status: typeof record.status === 'string' ? record.status : undefined };
}

/**
 * A delivery from the platform (not a catch-up) entered into the state. Answers whether it is
 * the platform's own copy of a change catch-up already emitted (then it starts nothing).
 */
export function enterDelivery(state: CatchUpState, event: string, data: unknown): boolean {
	const subject = subjectOf(event, data);
	if (!subject) return false;
	const table = subject.kind === 'request' ? state.requests : state.clients;
	const before = table[subject.id];
	if (before?.r?.includes(event)) {
		const left = before.r.filter((other) => other !== event);
		table[subject.id] = left.length ? { s: before.s, r: left } : { s: before.s };
		return true;
	}
	if (subject.kind === 'client') {
		if (event === 'client_created' || !before) table[subject.id] = { s: '' };
		return false;
	}
	const status = EVENT_STATUS[event] ?? subject.status ?? (before ? before.s : UNKNOWN_STATUS);
	// what catch-up emitted stays pending while the status it was about holds
	table[subject.id] = before?.r && before.s === status ? { s: status, r: before.r } : { s: status };
	return false;
}
