/**
 * What the organization-scale suites share (organization, revokeEverywhere, review, sync): the
 * seeded projects other than the credential's, the permissions of the editor and viewer roles,
 * which recorded requests write, and the project a request acts in.
 */
import type { RecordedRequest } from './harness';

export const MARKETING = 'proj-e2e-0002';
export const RESEARCH = 'proj-e2e-0003';
export const SANDBOX = 'proj-e2e-0004';
export const EDITOR = { items: { serviceDefault: { actions: { 'role:editor': true } } } };
export const VIEWER = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };

/** Requests that change something (every call but the lists and GETs). */
export const isWrite = (request: RecordedRequest) => request.method !== 'GET' && !request.path.endsWith('/list');
/** The project in a request's Authorization header (with or without Bearer). */
export const projectOf = (request: RecordedRequest) => /^Bearer ([^:]+):/.exec(request.headers.authorization)?.[1] ?? /^([^:\s]+):/.exec(request.headers.authorization)?.[1];
