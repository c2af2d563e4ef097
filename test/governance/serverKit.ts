/**
 * What the stand-in's own suites share (server.test, server.routes.test): the server module
 * itself (not through harness.ts, which also loads the node), its seed constants, a fresh
 * server per test, a plain HTTP call, and the checks of a 200 against the platform's output
 * schema and of an error in the platform's shape.
 */
import type { GovernanceServer } from './harness';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const server = require('../servers/governance/server') as {
	createGovernanceServer: () => GovernanceServer;
	[name: string]: unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validators } = require('../servers/governance/schemas') as {
	validators: () => { outputs: Record<string, ((data: unknown) => boolean) & { errors?: unknown }> };
};

export const PROJECT_ID = server.PROJECT_ID as string;
export const PROJECT_IDS = server.PROJECT_IDS as string[];
export const NO_ADMIN_PROJECT_ID = server.NO_ADMIN_PROJECT_ID as string;
export const ORGANIZATION_ID = server.ORGANIZATION_ID as string;
export const SECOND_ORGANIZATION_ID = server.SECOND_ORGANIZATION_ID as string;
export const ADMIN_KEY = server.ADMIN_KEY as string;
export const VIEWER_KEY = server.VIEWER_KEY as string;
export const MIXED_KEY = server.MIXED_KEY as string;
export const MIXED_USER_ID = server.MIXED_USER_ID as string;
export const MIXED_EMAIL = server.MIXED_EMAIL as string;
export const PENDING_INVITE_CODE = server.PENDING_INVITE_CODE as string;

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const bearer = (projectId: string, key: string) => `Bearer ${projectId}:${key}`;

export interface Call {
	auth?: string;
	body?: unknown;
	/** sent as is instead of JSON.stringify(body) */
	raw?: string;
	contentType?: string;
}

/** A 200 whose body matches the output schema `schema`; returns the body. */
export function ok(result: { status: number; body: Json }, schema: string): Json {
	expect({ status: result.status, body: result.body }).toMatchObject({ status: 200 });
	const check = validators().outputs[schema];
	expect(check).toBeDefined();
	const valid = check(result.body);
	expect({ valid, errors: check.errors }).toMatchObject({ valid: true });
	return result.body;
}

/** An error with status `status` in the platform's shape; returns its message. */
export function refused(result: { status: number; body: Json; headers: Headers }, status: number): string {
	expect({ status: result.status, body: result.body }).toMatchObject({ status });
	expect(Object.keys(result.body).sort()).toEqual(['error_audience', 'error_type', 'message']);
	expect(typeof result.body.message).toBe('string');
	expect(result.body.error_audience).toBe('user');
	expect(result.headers.get('x-request-id')).toMatch(/^req-\d+$/);
	return result.body.message as string;
}

export const orgUpdate = (organizationId: string, userId: string) =>
	`/latest/auth/organization/${organizationId}/user/${userId}/update`;

/**
 * A fresh stand-in for each test of the calling file (started before it, stopped after it), and
 * `call`, a request to it over real HTTP. Read `srv` in a test or a later beforeEach.
 */
export function useStandIn() {
	let srv: GovernanceServer;
	beforeEach(async () => {
		srv = server.createGovernanceServer();
		await srv.start();
	});
	afterEach(async () => {
		await srv.stop();
	});

	async function call(method: string, path: string, { auth, body, raw, contentType = 'application/json' }: Call = {}) {
		const headers: Record<string, string> = {};
		if (auth !== undefined) headers.authorization = auth;
		const text = raw ?? (body === undefined ? undefined : JSON.stringify(body));
		if (text !== undefined) headers['content-type'] = contentType;
		const res = await fetch(`${srv.url}${path}`, { method, headers, body: text });
		const answer = await res.text();
		return { status: res.status, body: (answer ? JSON.parse(answer) : undefined) as Json, headers: res.headers };
	}

	return {
		get srv(): GovernanceServer {
			return srv;
		},
		call,
	};
}
