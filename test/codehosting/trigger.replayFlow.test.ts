/**
 * A redelivery that the receiving process did not ask for (another n8n process's pass: queue
 * mode's webhook processes; GitHub's Redeliver button; a script) is marked all the same, from the
 * hook's delivery log (nodes/CodeHostingTrigger/replay.ts, issue 50), against the local GitHub-like
 * server: `recovered: true` with the time of the first attempt; live deliveries `recovered: false`;
 * the log asked once per delivery, conditionally (304 while nothing failed meanwhile).
 */
import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer, Hook } from '../servers/codehosting/server';
import { TOKEN } from '../servers/codehosting/server';
import type { Trigger } from './triggerKit';
import { pause, useRecoveryKit } from './recoveryKit';

const recovery = useRecoveryKit();
const { openIssues, redeliveryRequests } = recovery;
let srv: CodeHostingServer;

beforeAll(() => {
	srv = recovery.srv;
});

const itemsOf = (t: Trigger, guid: string) => t.harness.deliveries.filter((d) => d.items?.[0]?.json.deliveryId === guid).map((d) => d.items![0].json);
const failureReads = () => srv.requests.filter((request) => request.method === 'GET' && /\/deliveries$/.test(request.path) && request.query.status === 'failure');

/** Asks the platform to redeliver the latest attempt of `guid`, as a person or another process would. */
async function redeliverFromOutside(hook: Hook, guid: string): Promise<void> {
	const attempt = hook.deliveries.filter((d) => d.guid === guid).at(-1)!;
	const response = await fetch(`${srv.url}/repos/octo-user/hello-world/hooks/${hook.id}/deliveries/${attempt.id}/attempts`, {
		method: 'POST',
		headers: { authorization: `Bearer ${TOKEN}`, 'user-agent': 'replay-test', accept: 'application/vnd.github+json' },
	});
	expect(response.status).toBe(202);
}

async function handled(t: Trigger, guid: string): Promise<IDataObject> {
	const until = Date.now() + 10_000;
	while (itemsOf(t, guid).length === 0 && Date.now() < until) await pause(20);
	await t.harness.settle();
	expect(itemsOf(t, guid)).toHaveLength(1);
	return itemsOf(t, guid)[0];
}

test('redeliveries this process did not ask for carry recovered: true and the first attempt\'s time; live deliveries recovered: false', async () => {
	const { t, hook } = await recovery.activeTrigger({ recoveryInterval: 0 });
	await t.harness.pause();
	await openIssues(2);
	const missed = [...new Set(hook.deliveries.filter((d) => d.event === 'issues').map((d) => d.guid))];
	expect(missed).toHaveLength(2);
	await t.harness.resume();
	srv.resetRequests();

	// a live delivery: the failure log read once (200), the delivery live
	await openIssues(1, 'live');
	const [live] = hook.deliveries.filter((d) => d.event === 'issues' && !missed.includes(d.guid)).map((d) => d.guid);
	expect(await handled(t, live)).toMatchObject({ recovered: false, deliveryId: live });
	expect(failureReads().map((request) => request.status)).toEqual([200]);

	// the missed ones, redelivered by someone else: their failures are known from that read, no request
	for (const guid of missed) {
		await redeliverFromOutside(hook, guid);
		const first = hook.deliveries.find((d) => d.guid === guid)!.delivered_at;
		expect(await handled(t, guid)).toMatchObject({ recovered: true, deliveredAt: new Date(Date.parse(first)).toISOString(), deliveryId: guid });
	}
	// this process asked for none of them: the only redelivery requests are the test's
	expect(redeliveryRequests()).toHaveLength(missed.length);

	// another live delivery: the failure log has not changed, 304
	await openIssues(1, 'live again');
	const second = hook.deliveries.filter((d) => d.event === 'issues').at(-1)!.guid;
	expect(await handled(t, second)).toMatchObject({ recovered: false });
	expect(failureReads().map((request) => request.status)).toEqual([200, 304]);
	expect(failureReads().every((request) => request.query.per_page === '100')).toBe(true);
});

test('a log that cannot be read leaves the delivery live, with one warning', async () => {
	const { t, hook } = await recovery.activeTrigger({ recoveryInterval: 0 });
	const warn = jest.spyOn(t.harness.logger, 'warn');
	srv.failNext({ method: 'GET', path: /\/deliveries$/, status: 403, body: { message: 'Resource not accessible by personal access token' }, times: 1 });
	await openIssues(1, 'unreadable');
	const guid = hook.deliveries.filter((d) => d.event === 'issues').at(-1)!.guid;
	expect(await handled(t, guid)).toMatchObject({ recovered: false });
	expect(warn.mock.calls.filter(([message]) => /could not tell from the delivery log/.test(String(message)))).toHaveLength(1);
});
