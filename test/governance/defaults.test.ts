import type { IDataObject } from 'n8n-workflow';

import { Governance } from '../../nodes/Governance/Governance.node';
import type { Operation } from '../helpers/defaults';
import { collectionOptionsOf, hasEmptyDefault, openingOperations, operationsOf, outputShape, seen } from '../helpers/defaults';
import type { GovernanceServer } from './harness';
import { ADMIN_KEY, MIXED_USER_ID, PENDING_INVITE_CODE, PROJECT_ID, PROJECT_IDS, VIEWER_USER_ID, byId, runGovernance, startServer } from './harness';

// Safe by default (issue 37), for every operation of the Governance node, each run against a fresh
// stand-in server: (a) adding any option of its collections at its shown default sends the same
// requests and gives the same output as not adding it; (b) with only what an operation needs
// filled in (no default overridden), nothing is removed, demoted or promoted.

const { description } = new Governance();
const operations = operationsOf(description);

/** What each operation needs to do anything: only parameters whose default is empty. */
const FILLS: Record<string, { parameters?: IDataObject; items?: IDataObject[] }> = {
	'access.ensure': { parameters: { email: 'new.person@example.com', roles: ['editor'] } },
	'access.revoke': { parameters: { email: 'viewer@example.com' } },
	'access.removeGrants': { items: [{ email: 'viewer@example.com', project: PROJECT_ID }] },
	'access.sync': { items: [{ email: 'admin@example.com', roles: 'admin' }, { email: 'viewer@example.com', roles: 'editor' }, { email: 'new.person@example.com', roles: 'viewer' }] },
	'apiKey.create': { parameters: { userId: byId(VIEWER_USER_ID) } },
	'apiKey.delete': { parameters: { userId: byId(VIEWER_USER_ID), keyId: 'key-viewer' } },
	'apiKey.getAll': { parameters: { userId: byId(VIEWER_USER_ID) } },
	'invite.create': { parameters: { email: 'new.person@example.com', roles: ['viewer'] } },
	// the seeded pending invite is in the third project
	'invite.delete': { parameters: { project: byId(PROJECT_IDS[2]), inviteCode: byId(PENDING_INVITE_CODE) } },
	'invite.getAll': { parameters: { project: byId(PROJECT_IDS[2]) } },
	'invite.replace': { parameters: { project: byId(PROJECT_IDS[2]), inviteCode: byId(PENDING_INVITE_CODE), roles: ['viewer'] } },
	'invite.resend': { parameters: { project: byId(PROJECT_IDS[2]), inviteCode: byId(PENDING_INVITE_CODE) } },
	'project.create': { parameters: { name: 'Defaults project', description: 'made by the defaults test', organizationId: 'org-e2e-0001' } },
	'project.delete': { parameters: { projectId: PROJECT_ID } },
	'user.get': { parameters: { userId: byId(VIEWER_USER_ID) } },
	'user.remove': { parameters: { userId: byId(VIEWER_USER_ID) } },
	'user.updateOrganizationRole': { parameters: { organizationId: byId('org-e2e-0001'), userId: byId(MIXED_USER_ID) } },
	'user.updateRole': { parameters: { userId: byId(VIEWER_USER_ID), roles: ['editor'] } },
};

/** Choices a run needs beyond the fills, where the node deliberately has no default. */
const CHOSEN: Record<string, IDataObject> = { 'user.updateOrganizationRole': { admin: false } };

/** Operations whose own work is a removal (their action says destructive), and Replace (delete + create of one invite). */
const REMOVES = ['access.applyPlan', 'access.removeGrants', 'access.revoke', 'access.sync', 'apiKey.delete', 'invite.delete', 'invite.replace', 'project.delete', 'user.remove'];

/** Apply Plan's input: the plan Revoke made (Mode Plan Only) on the same server, with the same key. */
async function planOf(srv: GovernanceServer): Promise<IDataObject[]> {
	const planned = await runGovernance(srv, {
		parameters: { resource: 'access', operation: 'revoke', email: 'viewer@example.com', options: { dryRun: true } },
		apiKey: ADMIN_KEY,
	});
	expect(planned.error).toBeUndefined();
	srv.requests.length = 0;
	return planned.output.map((item) => item.json);
}

async function observe(operation: Operation, extra: IDataObject = {}, asTool = false) {
	const srv: GovernanceServer = await startServer();
	try {
		const fill = FILLS[operation.key] ?? {};
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: operation.resource, operation: operation.operation, ...fill.parameters, ...extra },
			items: operation.key === 'access.applyPlan' ? await planOf(srv) : fill.items,
			apiKey: ADMIN_KEY,
			asTool,
		});
		return { requests: seen(srv.requests), output: outputShape(output), error: error ? `${error.message} | ${error.description ?? ''}` : undefined };
	} finally {
		await srv.stop();
	}
}

const baselines = new Map<string, ReturnType<typeof observe>>();
const baseline = (operation: Operation) => {
	if (!baselines.has(operation.key)) baselines.set(operation.key, observe(operation, CHOSEN[operation.key] ?? {}));
	return baselines.get(operation.key)!;
};

test('the walk covers every operation, and each fill sets only parameters with an empty default', () => {
	expect(operations.map((operation) => operation.key)).toEqual(expect.arrayContaining(['access.ensure', 'access.sync', 'user.updateOrganizationRole', 'project.getAll']));
	expect(operations.length).toBeGreaterThanOrEqual(21);
	for (const [key, fill] of Object.entries(FILLS)) {
		const operation = operations.find((entry) => entry.key === key);
		expect(operation).toBeDefined();
		for (const name of Object.keys(fill.parameters ?? {})) {
			const property = operation!.properties.find((entry) => entry.name === name);
			expect([key, name, property && hasEmptyDefault(property)]).toEqual([key, name, true]);
		}
	}
});

describe('(a) an option added at its shown default changes nothing', () => {
	const cases = operations.flatMap((operation) =>
		collectionOptionsOf(operation).map(({ collection, option }) => [`${operation.key}: ${collection}.${option.name}`, operation, collection, option] as const),
	);

	test('every option of every collection is in the walk', () => {
		expect(cases.map(([name]) => name)).toEqual(
			expect.arrayContaining(['access.sync: options.dryRun', 'access.sync: options.maxRemovals', 'user.updateOrganizationRole: options.role', 'user.updateRole: options.overwrite', 'apiKey.create: options.ttlHours', 'user.getAll: options.simplify']),
		);
	});

	test.each(cases)('%s', async (_name, operation, collection, option) => {
		const base = await baseline(operation);
		const added = await observe(operation, { ...(CHOSEN[operation.key] ?? {}), [collection]: { [option.name]: option.default } });
		expect(added).toEqual(base);
	});

	test('the baselines do real work: most operations send requests and answer without an error', async () => {
		const results: Array<readonly [string, Awaited<ReturnType<typeof observe>>]> = [];
		// one after the other: a run reads ids its fresh server made
		for (const operation of operations.filter((entry) => collectionOptionsOf(entry).length > 0)) results.push([operation.key, await baseline(operation)]);
		const failed = results.filter(([, result]) => result.error !== undefined).map(([key, result]) => `${key}: ${result.error}`);
		expect(failed).toEqual([]);
		for (const [, result] of results) expect(result.requests.length).toBeGreaterThan(0);
	});

	test.each(['access.sync', 'access.ensure', 'access.revoke', 'access.removeGrants', 'user.getAll', 'invite.getAll'])('%s as an AI tool: Automatic added gives what no option gives', async (key) => {
		const operation = operations.find((entry) => entry.key === key)!;
		const plans = key.startsWith('access.');
		const option = collectionOptionsOf(operation).find(({ option: entry }) => entry.name === (plans ? 'dryRun' : 'simplify'))!;
		const without = await observe(operation, {}, true);
		const added = await observe(operation, { options: { [option.option.name]: option.option.default } }, true);
		expect(option.option.default).toBe('auto');
		expect(added).toEqual(without);
		expect(without.error).toBeUndefined();
		// as a tool: Sync, Ensure and Revoke only plan (no write, a signed plan), a list is simplified
		if (plans) {
			expect(without.requests.filter((request) => request.method === 'POST' && !/\/list$/.test(request.path))).toEqual([]);
			expect(without.requests.filter((request) => request.method !== 'GET' && !/\/list$/.test(request.path))).toEqual([]);
			expect(JSON.stringify(without.output)).toContain('"digest":"<digest>"');
		} else expect(without.output.length).toBeGreaterThan(0);
	});
});

/** A request that removes, demotes or promotes someone, or changes an organization role. */
function destructive(request: { method: string; path: string; body?: unknown }): boolean {
	const body = (request.body ?? {}) as IDataObject;
	if (request.method === 'DELETE') return true;
	if (/\/delete$/.test(request.path)) return true;
	if (/\/auth\/organization\/[^/]+\/user\/[^/]+\/update$/.test(request.path)) return true;
	if (/\/auth\/users\/[^/]+\/update$/.test(request.path) && body.overwrite === true) return true;
	if (/\/projects\/update$/.test(request.path)) return true;
	return false;
}

describe('(b) omitted or defaulted parameters: no destructive request', () => {
	const others = operations.filter((operation) => !REMOVES.includes(operation.key));

	test('the removing operations are the ones the node marks, and all others are walked', () => {
		for (const key of REMOVES) expect(operations.map((operation) => operation.key)).toContain(key);
		expect(others.length).toBe(operations.length - REMOVES.length);
	});

	test.each(others.map((operation) => [operation.key, operation] as const))('%s', async (_key, operation) => {
		const { requests } = await observe(operation);
		expect(requests.filter(destructive)).toEqual([]);
	});

	test('Update Organization Role left at its defaults: the error names Organization Admin, 0 requests', async () => {
		const { requests, error } = await observe(operations.find((operation) => operation.key === 'user.updateOrganizationRole')!);
		expect(error).toMatch(/^Choose Organization Admin: Admin or Not Admin/);
		expect(requests).toEqual([]);
	});

	test('Revoke at its defaults keeps the user\'s API keys; Sync at its defaults leaves admins and, as a tool, writes nothing', async () => {
		const revoke = await observe(operations.find((operation) => operation.key === 'access.revoke')!);
		expect(revoke.error).toBeUndefined();
		expect(revoke.requests.filter((request) => /\/keys\/delete$/.test(request.path))).toEqual([]);
		const sync = operations.find((operation) => operation.key === 'access.sync')!;
		const applied = await observe(sync);
		expect(applied.error).toBeUndefined();
		expect((applied.output as Array<{ json: IDataObject }>).find((item) => item.json.email === 'admin@example.com')?.json.action).toBe('unchanged');
		const asTool = await observe(sync, {}, true);
		expect(asTool.requests.filter((request) => request.method === 'POST' && !/\/list$/.test(request.path))).toEqual([]);
	});

	test('the node opens on Access → Ensure; no resource opens on an operation that removes, nor on Invite → Create', () => {
		expect(description.properties.find((property) => property.name === 'resource')?.default).toBe('access');
		const opening = openingOperations(description);
		expect(opening).toEqual({ access: 'ensure', apiKey: 'getAll', invite: 'getAll', project: 'create', user: 'getAll' });
		for (const [resource, operation] of Object.entries(opening)) expect(REMOVES).not.toContain(`${resource}.${operation}`);
	});
});
