import type { IDataObject } from 'n8n-workflow';

import type { GovernanceServer } from './harness';
import { MIXED_EMAIL, MIXED_USER_ID, PENDING_INVITE_CODE, PROJECT_ID, runGovernance, startServer } from './harness';
import { MARKETING, RESEARCH, SANDBOX, isWrite } from './orgKit';

// Access → Review's Output (issue 47, item 2): Per Person (the default) and Exceptions Only say
// what Per Person and Project says, grouped by person or reduced to what an auditor flags.

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const FOUR = [PROJECT_ID, MARKETING, RESEARCH, SANDBOX];
const review = (parameters: IDataObject) =>
	runGovernance(srv, { parameters: { resource: 'access', operation: 'review', scope: 'projects', projectIds: FOUR, options: { includeApiKeys: true }, ...parameters } });

/** Per Person and Project of the four projects, the reference both other outputs are checked against. */
async function perProject(): Promise<IDataObject[]> {
	const { output, error } = await review({ output: 'perPersonAndProject', returnAll: true });
	expect(error).toBeUndefined();
	srv.resetRequests();
	return output.map((item) => item.json);
}

test('Per Person is the default: one item per person with every project and role, pending invite and API key of Per Person and Project, and the same reads', async () => {
	const lines = await perProject();
	const { output, error } = await review({});
	expect(error).toBeUndefined();
	const people = output.filter((item) => item.json.kind === 'person').map((item) => item.json);
	const emails = [...new Set(lines.map((line) => String(line.email).toLowerCase()))].sort();
	expect(people.map((person) => String(person.email).toLowerCase())).toEqual(emails);
	for (const person of people) {
		const mine = lines.filter((line) => String(line.email).toLowerCase() === String(person.email).toLowerCase());
		expect(person.projects).toEqual(mine.filter((line) => line.state === 'member').map((line) => ({ project: line.project, projectName: line.projectName, roles: line.roles })));
		expect((person.pendingInvites as IDataObject[]).map((invite) => [invite.project, invite.roles, invite.inviteCode])).toEqual(
			mine.filter((line) => line.state === 'pending').map((line) => [line.project, line.roles, line.inviteCode]),
		);
		expect(person.projectCount).toBe((person.projects as IDataObject[]).length);
	}
	const mixed = people.find((person) => person.userId === MIXED_USER_ID)!;
	expect(mixed).toMatchObject({ email: MIXED_EMAIL, apiKeyCount: 1, apiKeyLabels: ['laptop'] });
	expect(mixed.access).toMatch(/editor in .*Marketing/);
	const pending = people.find((person) => (person.pendingInvites as IDataObject[]).some((invite) => invite.inviteCode === PENDING_INVITE_CODE))!;
	expect(pending.access).toMatch(/pending: editor in Research/);
	expect(output.at(-1)!.json).toEqual({
		kind: 'summary',
		output: 'perPerson',
		complete: true,
		projects: 4,
		people: emails.length,
		memberships: lines.filter((line) => line.state === 'member').length,
		pendingInvites: lines.filter((line) => line.state === 'pending').length,
		admins: people.filter((person) => person.highestRole === 'admin').length,
		notReadable: [],
	});
	expect(people.filter((person) => person.highestRole === 'admin').length).toBeGreaterThan(0);
	expect(JSON.stringify(output)).not.toMatch(/sk-/);
	expect(srv.requests.filter(isWrite)).toEqual([]);
});

test('Exceptions Only: each Admin role, pending invite and API key holder, nothing else; everyone else counted', async () => {
	const lines = await perProject();
	const { output, error } = await review({ output: 'exceptionsOnly' });
	expect(error).toBeUndefined();
	const exceptions = output.filter((item) => item.json.kind === 'exception').map((item) => item.json);
	const key = (reason: string, line: IDataObject) => `${reason} ${String(line.email).toLowerCase()} ${String(line.project ?? '')}`;
	const expected = [
		...lines.filter((line) => line.state === 'member' && (line.roles as string[]).includes('admin')).map((line) => key('admin', line)),
		...lines.filter((line) => line.state === 'pending').map((line) => key('pending invite', line)),
		...[...new Map(lines.filter((line) => Number(line.apiKeyCount) > 0).map((line) => [String(line.email).toLowerCase(), line])).values()].map((line) => key('API keys', { email: line.email })),
	].sort();
	expect(exceptions.map((item) => key(String(item.reason), item)).sort()).toEqual(expected);
	expect(expected.some((entry) => entry.startsWith('admin '))).toBe(true);
	expect(expected.some((entry) => entry.startsWith('pending invite '))).toBe(true);
	expect(expected.some((entry) => entry.startsWith('API keys '))).toBe(true);
	const people = new Set(lines.map((line) => String(line.email).toLowerCase()));
	const flagged = new Set(exceptions.map((item) => String(item.email).toLowerCase()));
	expect(output.at(-1)!.json).toMatchObject({ kind: 'summary', output: 'exceptionsOnly', exceptions: expected.length, peopleFlagged: flagged.size, peopleNotFlagged: people.size - flagged.size });
});

test('an unknown Output: a clear error, nothing sent', async () => {
	const { error } = await review({ output: 'everything' });
	expect(error?.message).toBe('Unknown value for Output: "everything"');
	expect(srv.requests).toEqual([]);
});
