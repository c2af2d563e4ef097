import type { GovernanceServer } from './harness';
import { PROJECT_ID, byId, runGovernance, startServer } from './harness';

// Invite → Replace and Access → Ensure (when it replaces) put the old invite back when the new
// one cannot be created: the server state is checked after each failure.

let srv: GovernanceServer;
let oldCode: string;
const OLD_PERMISSIONS = { items: { serviceDefault: { actions: { 'role:viewer': true } } } };
const NEW_PERMISSIONS = { items: { serviceDefault: { actions: { 'role:editor': true } } } };

beforeEach(async () => {
	srv = await startServer();
	const created = await runGovernance(srv, {
		parameters: { resource: 'invite', operation: 'create', email: 'swap@example.com', roles: ['viewer'], options: {} },
	});
	oldCode = created.output[0].json.invite_code as string;
	srv.resetRequests();
});
afterEach(async () => {
	await srv.stop();
});

const replace = () =>
	runGovernance(srv, {
		parameters: { resource: 'invite', operation: 'replace', inviteCode: byId(oldCode), email: '', roles: ['editor'], options: {} },
	});
const ensure = () =>
	runGovernance(srv, {
		parameters: { resource: 'access', operation: 'ensure', email: 'swap@example.com', roles: ['editor'], options: {} },
	});

const pendingFor = (email: string) => Object.values(srv.state.invites).filter((invite) => invite.email === email);
const createBodies = () =>
	srv.requests.filter((request) => request.path === '/latest/auth/invite/create').map((request) => JSON.parse(request.body ?? ''));

const failures: Array<[string, { status?: number; body?: unknown; drop?: boolean }, RegExp]> = [
	['422', { status: 422, body: { message: 'permissions rejected' } }, /permissions rejected \(HTTP 422\)/],
	['500', { status: 500, body: { message: 'mail service down' } }, /mail service down \(HTTP 500\)/],
	['a dropped connection', { drop: true }, /Could not reach the service/],
];

describe.each([
	['invite → replace', replace],
	['access → ensure', ensure],
])('%s: the new create fails', (_name, run) => {
	test.each(failures)('%s: the old invite is restored with its previous roles', async (_failure, fault, cause) => {
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/create', ...fault });
		const { error, output } = await run();

		expect(output).toHaveLength(0);
		expect(error?.message).toMatch(cause);
		expect(error?.message).toContain('Creating the new invite for swap@example.com failed');
		expect(error?.message).toContain('The old invite was restored with its previous roles (viewer)');
		expect(error?.context?.itemIndex).toBe(0);

		// Server state: exactly one pending invite for the email, with the old permissions.
		const pending = pendingFor('swap@example.com');
		expect(pending).toHaveLength(1);
		expect(pending[0].permissions).toEqual(OLD_PERMISSIONS);
		expect(srv.state.invites[oldCode]).toBeUndefined();
		expect(error?.description).toContain(`invite code ${String(pending[0]._id)}`);

		// The failed create was not repeated; the restore sent the old email and permissions.
		expect(createBodies()).toEqual([
			{ email: 'swap@example.com', permissions: NEW_PERMISSIONS },
			{ email: 'swap@example.com', permissions: OLD_PERMISSIONS },
		]);
	});

	test('the restore fails too: the error names the email and the old roles', async () => {
		srv.failNext({ method: 'POST', path: '/latest/auth/invite/create', status: 500, body: { message: 'mail service down' }, times: 2 });
		const { error } = await run();

		expect(error?.message).toContain('the old invite could not be restored: no invite is pending for swap@example.com');
		expect(error?.description).toContain('Creating the new invite failed: mail service down (HTTP 500)');
		expect(error?.description).toContain('Restoring the old invite (roles: viewer) failed too');
		expect(error?.description).toContain(JSON.stringify(OLD_PERMISSIONS));
		expect(pendingFor('swap@example.com')).toHaveLength(0);
	});
});

test('a 5xx after the platform made the invite anyway: no restore, the new invite is kept', async () => {
	// The create is answered 500 but applied: the stand-in is told to make it first.
	srv.failNext({ method: 'POST', path: '/latest/auth/invite/create', status: 500, body: { message: 'timeout after commit' } });
	const realCode = 'inv-00000000000000aa';
	const originalPush = srv.requests.push.bind(srv.requests);
	srv.requests.push = (...entries) => {
		for (const entry of entries) {
			if (entry.path === '/latest/auth/invite/create' && !srv.state.invites[realCode]) {
				srv.state.invites[realCode] = { _id: realCode, email: 'swap@example.com', project: PROJECT_ID, permissions: NEW_PERMISSIONS, email_status: 'sent' };
			}
		}
		return originalPush(...entries);
	};
	const { output, error } = await replace();
	expect(error).toBeUndefined();
	expect(output[0].json).toMatchObject({ invite_code: realCode, replaced_invite_code: oldCode });
	expect(pendingFor('swap@example.com').map((invite) => invite.permissions)).toEqual([NEW_PERMISSIONS]);
	expect(createBodies()).toHaveLength(1);
});
