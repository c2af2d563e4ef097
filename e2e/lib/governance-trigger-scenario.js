'use strict';
/*
 * Governance Trigger (a polling trigger, every project, every event) in a running n8n, with the
 * "alert when access changes" recipe after it (a Set node that writes the message). Its poll
 * reads every project the key reaches, so the scenario activates the workflow itself (through the
 * REST API, as the editor's toggle) and deactivates it at the end: other scenarios' requests to
 * the stand-in are not mixed with its polls.
 *  1. the activation's poll records what exists and starts one execution: one projectUnreadable
 *     item naming the projects the key cannot read (Finance, proj-e2e-0005, where it is only a
 *     viewer: no pending invites, no keys), never the scenario's own;
 *  2. in a project of its own the stand-in changes: a member added, one made admin, an invite
 *     accepted, an API key deleted, a member removed → exactly those events, once each (other
 *     scenarios' changes in other projects are left out), within a generous deadline;
 *  2b. (every 5 s) a member joins and the stand-in answers the project's member list 12 s late
 *     (beyond the poll interval: n8n starts more polls meanwhile) → memberAdded once: the polls
 *     started meanwhile do nothing (issue 38: one change gave three items);
 *  3. (every 5 s, regular mode) n8n stops; meanwhile an invite is created and a member removed;
 *     n8n starts: its first poll emits those two, once; nothing of 2. again;
 *  4. (every 5 s, regular mode) the next invite list answers 400 (a failing page) while a member
 *     changes role: that poll emits nothing; the next emits the change, once.
 * Polls every 5 s are a cron with a seconds list (n8n refuses a `*` in the seconds field); n8n
 * 2.x refuses any poll interval under a minute, so there the workflow polls every minute and the
 * scenario (governance-trigger-minute) runs steps 1 and 2 on 2.40.7.
 */
const PROJECT = 'proj-e2e-trig';
/** The seeded project where the stand-in's admin key is only a viewer. */
const VIEWER_ONLY_PROJECT = 'proj-e2e-0005';

/** The scenario; `everyFewSeconds`: the workflow polls every 5 s (n8n 1.x), else every minute (the restart and failing-page steps are left out). */
function governanceTriggerScenario({ everyFewSeconds }) {
	return {
	servers: ['governance'],
	// runs on every n8n version it can (e2e/README.md, "What runs where")
	everyVersion: "n8n's polling of a trigger (cron, the poll at activation, what a poll's static data keeps, polls that overlap) differs by version: 2.x refuses intervals under a minute",
	activateInScenario: true,
	// polls a minute apart: regular mode only (queue mode's worker runs the executions of the
	// 5-second variant on 1.x)
	regularOnly: !everyFewSeconds,

	skip(version) {
		const oneDotX = Number(version.split('.')[0]) < 2;
		if (everyFewSeconds && !oneDotX) return 'n8n 2.x refuses a poll interval under a minute ("The polling interval is too short"): governance-trigger-minute runs there';
		if (!everyFewSeconds && version !== '2.40.7') return 'runs on n8n 2.40.7 (its polls come once a minute: ~3 min); governance-trigger (every 5 s) runs on 1.x';
		return undefined;
	},

	async live(ctx) {
		// the scenario's project and people exist only while it runs: the queue-mode checks of the
		// other workflows after it (e.g. governance-project's list of every project) do not see it
		const { server } = ctx.governance;
		seed(server);
		try {
			await scenario({ ...ctx, everyFewSeconds });
		} catch (error) {
			await ctx.deactivate().catch(() => undefined);
			unseed(server);
			throw error;
		}
		await ctx.deactivate();
		unseed(server);
	},
	};
}

/** The project of the scenario, its people (one with an API key) and two pending invites. */
function seed(server) {
	server.addProject(PROJECT, { name: 'Trigger watch', keyRole: 'admin' });
	for (const [id, roles] of [['trig-ann', ['viewer']], ['trig-ben', ['editor']], ['trig-cat', ['viewer']], ['trig-dan', ['viewer']]]) {
		server.addUser({ _id: id, email: `${id}@acme.test` });
		server.addMember(PROJECT, id, roles);
	}
	server.state.keys['trig-ben-key'] = { user_id: 'trig-ben', key_id: 'key-trig-ben', label: 'ci' };
	server.addInvite(PROJECT, 'Joining.Person@acme.test', ['editor']);
	server.addInvite(PROJECT, 'later@acme.test', ['viewer']);
}

/** Removes what seed() and the scenario added. */
function unseed(server) {
	server.removeProject(PROJECT);
	for (const id of Object.keys(server.state.users).filter((userId) => userId.startsWith('trig-'))) {
		delete server.state.users[id];
		for (const roles of Object.values(server.state.organizationRoles)) delete roles[id];
	}
	delete server.state.keys['trig-ben-key'];
}

/** Steps 1 to 4 (see the top of this file). */
async function scenario({ assert, queue, governance, activate, lastExecutionId, executions, waitUntil, checkExecution, restart, logs, everyFewSeconds }) {
		const { server } = governance;
		const listed = () => server.requests.filter((r) => r.method === 'GET' && r.path === '/latest/projects/list').length;
		const items = (e) => e.data?.resultData?.runData?.['Governance Trigger']?.[0]?.data?.main?.[0]?.map((item) => item.json) ?? [];
		const finished = (e) => !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt;
		const ours = (list) => list.flatMap(items).filter((item) => item.project === PROJECT);
		const summary = (list) => list.map((item) => `${item.event} ${item.email}`).sort();
		/** Waits until this workflow's executions after `before` hold `expected` (our project), all finished. */
		const eventsAfter = (before, what, expected) =>
			waitUntil(what, async () => executions(before), {
				done: (list) => list.every(finished) && ours(list).length >= expected.length,
				describe: (list) => JSON.stringify(summary(ours(list ?? []))),
			});
		/** One more poll began and (a fence: the next began too, or the executions are read after it) its result is in. */
		const onePoll = async (what) => {
			const at = listed();
			await waitUntil(what, () => listed() >= at + 2, { describe: () => `${listed() - at} poll(s)` });
		};
		/** Two more polls began: the one running when called has ended. */
		const twoPolls = async (what) => {
			const at = listed();
			await waitUntil(what, () => listed() >= at + 2, {
				describe: () => `${listed() - at} poll(s); the stand-in's last requests: ${server.requests.slice(-3).map((r) => `${r.method} ${r.path} ${r.status ?? ''}`).join(', ')}`,
			});
		};

		// 1. the activation's poll records, and names the projects the key cannot read in one item
		let before = await lastExecutionId();
		const beforeActivation = listed();
		await activate();
		await waitUntil('the activation\'s poll and the next', () => listed() >= beforeActivation + 2, { describe: () => `${listed() - beforeActivation} poll(s)` });
		const atStart = await waitUntil('the first poll\'s projectUnreadable', async () => executions(before), {
			done: (list) => list.length >= 1 && list.every(finished),
			describe: (list) => JSON.stringify((list ?? []).flatMap(items)),
		});
		assert.equal(atStart.length, 1, 'the first polls start one execution');
		const [blind, ...others] = items(atStart[0]);
		assert.deepEqual(others, [], 'one item');
		assert.equal(blind.event, 'projectUnreadable');
		assert.equal(blind.atStart, true);
		const named = blind.projects.map((project) => project.project);
		assert.ok(named.includes(VIEWER_ONLY_PROJECT), `names ${VIEWER_ONLY_PROJECT}: ${named.join(', ')}`);
		assert.ok(!named.includes(PROJECT), 'not the project the key administers');
		assert.deepEqual(
			blind.projects.find((project) => project.project === VIEWER_ONLY_PROJECT),
			{ project: VIEWER_ONLY_PROJECT, projectName: 'Finance', reason: 'invites: This action needs the Admin permission in the project (HTTP 403)', unreadablePart: 'invites', needs: 'Admin' },
		);
		checkExecution(atStart[0], ({ items: out }) => {
			assert.equal(out('Alert')[0].text, blind.message, 'the recipe wrote the message');
		});
		before = await lastExecutionId();

		// 2. five changes in our project → exactly those events, once each
		server.addUser({ _id: 'trig-eve', email: 'trig-eve@acme.test' });
		server.addMember(PROJECT, 'trig-eve', ['viewer']);
		server.addMember(PROJECT, 'trig-cat', ['admin', 'viewer']);
		const joining = Object.entries(server.state.invites).find(([, invite]) => invite.email === 'Joining.Person@acme.test')[0];
		delete server.state.invites[joining];
		server.addUser({ _id: 'trig-joiner', email: 'joining.person@acme.test' });
		server.addMember(PROJECT, 'trig-joiner', ['editor']);
		delete server.state.keys['trig-ben-key'];
		delete server.state.memberships[PROJECT]['trig-dan'];
		const expected = [
			'apiKeyDeleted trig-ben@acme.test',
			'becameAdmin trig-cat@acme.test',
			'inviteAccepted joining.person@acme.test',
			'memberAdded trig-eve@acme.test',
			'memberRemoved trig-dan@acme.test',
			'memberRolesChanged trig-cat@acme.test',
		];
		let runs = await eventsAfter(before, 'the five changes as events', expected);
		if (everyFewSeconds) await twoPolls('two more polls (a repeat would show)');
		else await onePoll('one more poll (a repeat would show)');
		runs = await executions(before);
		assert.deepEqual(summary(ours(runs)), expected, 'each change once');
		const admin = ours(runs).find((item) => item.event === 'becameAdmin');
		assert.deepEqual(admin.after.roles, ['admin', 'viewer']);
		assert.equal(admin.projectName, 'Trigger watch');
		const withAdmin = runs.find((e) => items(e).some((item) => item.event === 'becameAdmin' && item.project === PROJECT));
		checkExecution(withAdmin, ({ items: out }) => {
			const alert = out('Alert').find((item) => item.event === 'becameAdmin' && item.project === PROJECT);
			assert.equal(alert.text, 'trig-cat@acme.test became admin in Trigger watch', 'the recipe wrote the alert');
		});
		if (!everyFewSeconds) return;

		// 2b. a project that answers later than the poll interval: the change comes once
		before = await lastExecutionId();
		// answered 12 s late: n8n starts two or three more polls (every 5 s) while it is held
		const late = server.holdNext({ method: 'POST', path: '/latest/auth/users/list', project: PROJECT, ms: 12_000 });
		let held = false;
		late.reached.then(() => (held = true));
		server.addUser({ _id: 'trig-fay', email: 'trig-fay@acme.test' });
		server.addMember(PROJECT, 'trig-fay', ['viewer']);
		// the trigger's guard logs each poll n8n starts while another runs (the main runs the polls, also in queue mode)
		const skipped = () => (logs().main.match(/Governance Trigger: the previous poll still runs; this one does nothing/g) ?? []).length;
		const skippedBefore = skipped();
		await waitUntil('a poll that reads our project (its answer held 12 s)', () => held);
		await eventsAfter(before, 'the late project\'s change', ['memberAdded']);
		await twoPolls('two more polls after the late answer (a repeat would show)');
		assert.deepEqual(summary(ours(await executions(before))), ['memberAdded trig-fay@acme.test'], 'once, though polls overlapped the late answer');
		assert.ok(skipped() > skippedBefore, `n8n started polls while the late one ran, and the guard stopped them (main log lines: ${skippedBefore} before, ${skipped()} after)`);

		// steps 3 and 4 need polls seconds apart, in regular mode (n8n's restart of the main)
		if (queue) return;

		// 3. a restart: what changed while n8n was down comes once, nothing of before again
		before = await lastExecutionId();
		await restart(async () => {
			server.addInvite(PROJECT, 'new.hire@acme.test', ['viewer']);
			delete server.state.memberships[PROJECT]['trig-ann'];
		});
		await eventsAfter(before, 'the changes made while n8n was down', ['inviteCreated', 'memberRemoved']);
		await twoPolls('two more polls after the restart');
		assert.deepEqual(summary(ours(await executions(before))), ['inviteCreated new.hire@acme.test', 'memberRemoved trig-ann@acme.test'], 'each once, nothing of before');

		// 4. a failing page: that poll emits nothing, the next emits the change once
		before = await lastExecutionId();
		server.failNext({ method: 'POST', path: '/latest/auth/invite/list', status: 400, body: { message: 'broken page', error_type: 'bad_request', error_audience: 'user' } });
		server.addMember(PROJECT, 'trig-eve', ['editor']);
		await eventsAfter(before, 'the role change after the failed poll', ['memberRolesChanged']);
		await twoPolls('two more polls after the failed one');
		assert.deepEqual(summary(ours(await executions(before))), ['memberRolesChanged trig-eve@acme.test'], 'once, after the failed poll');

}

module.exports = { governanceTriggerScenario };
