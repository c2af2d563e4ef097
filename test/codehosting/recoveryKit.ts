/**
 * What the Recover Missed Deliveries suites share (trigger.recoveryFlow, trigger.recoverySchedule):
 * the GitHub-like server delivering as it acts, fast pacing, the hooks of each test deleted after
 * it and RECOVERY_LIMITS restored; issues opened through the API; the requests and executions
 * counted.
 */
import { RECOVERY_LIMITS } from '../../nodes/CodeHostingTrigger/recovery';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { TOKEN } from '../servers/codehosting/server';
import type { Trigger } from './triggerKit';
import { useTriggerKit } from './triggerKit';

/** A real pause (a timer, so that I/O runs meanwhile). */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The GUIDs that started executions, in order. */
export const started = (t: Trigger) => t.harness.deliveries.filter((d) => d.items).map((d) => String(d.items![0].json.deliveryId));

export function useRecoveryKit() {
	const kit = useTriggerKit();
	const defaults = { ...RECOVERY_LIMITS };
	/** Triggers to delete after the test (so that later tests' events do not go to them). */
	const active: Trigger[] = [];
	let srv: CodeHostingServer;

	beforeAll(() => {
		srv = kit.srv;
		srv.setAutoDeliver(true);
	});
	beforeEach(() => {
		// these tests compress the platform's time (5 ms between redeliveries, 130 issues in a
		// second): the content-creating limit (80 a minute) is lifted here, kept in the e2e
		// (codehosting-trigger-backlog) and in the stand-in's own test
		srv.setContentLimit({ perMinute: Infinity, perHour: Infinity });
	});
	beforeEach(() => {
		// fast pacing here; the pacing itself is measured in its own test
		RECOVERY_LIMITS.spacingMs = 5;
		RECOVERY_LIMITS.arrivalWaitMs = 1000;
	});
	afterEach(async () => {
		while (active.length) await active.pop()!.harness.hook('delete');
		Object.assign(RECOVERY_LIMITS, defaults);
		jest.restoreAllMocks();
	});
	afterAll(() => {
		srv.setAutoDeliver(false);
		srv.setContentLimit({});
	});

	/** Opens `n` issues through the API (each sends an `issues` opened delivery to the hook). */
	async function openIssues(n: number, prefix = 'missed'): Promise<void> {
		for (let i = 0; i < n; i++) {
			const response = await fetch(`${srv.url}/repos/octo-user/hello-world/issues`, {
				method: 'POST',
				headers: { authorization: `Bearer ${TOKEN}`, 'user-agent': 'recovery-test', accept: 'application/vnd.github+json', 'content-type': 'application/json' },
				body: JSON.stringify({ title: `${prefix} ${i}` }),
			});
			expect(response.status).toBe(201);
		}
		await srv.settle();
	}

	/**
	 * An active trigger (its hook created, the ping left out) on New Issue, or New Repository for
	 * organization scope, with Recovery Interval `recoveryInterval` minutes.
	 */
	async function activeTrigger(options: { recoverMissedDeliveries?: boolean; scope?: 'organization'; recoveryInterval: number }) {
		const { recoveryInterval, ...rest } = options;
		const t = await kit.trigger({ events: rest.scope ? ['newRepository'] : ['newIssue'], ...rest, options: { recoveryInterval } });
		expect(await t.harness.hook('create')).toBe(true);
		active.push(t);
		await srv.settle();
		const [hook] = t.hooks();
		t.harness.deliveries.length = 0; // the ping
		return { t, hook };
	}

	const redeliveryRequests = () => kit.calls().filter((call) => /^POST .*\/deliveries\/\d+\/attempts$/.test(call));
	const logReads = () => kit.calls().filter((call) => /^GET .*\/deliveries$/.test(call));

	return {
		kit,
		defaults,
		active,
		get srv(): CodeHostingServer {
			return srv;
		},
		openIssues,
		activeTrigger,
		redeliveryRequests,
		logReads,
	};
}
