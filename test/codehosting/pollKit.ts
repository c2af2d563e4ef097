/**
 * What the Code Hosting Polling Trigger suites share (pollingTrigger, pollingTrigger.feed): a
 * fresh GitHub-like server per test, a clock (Date.now) the tests move forward, pollers through
 * n8n-core's PollContext, a restart of n8n, calls to the API as a user makes them, and the
 * requests and rate limit counted.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingPollingTrigger } from '../../nodes/CodeHostingPollingTrigger/CodeHostingPollingTrigger.node';
import type { PollHarness } from '../helpers/pollHarness';
import { createPollHarness } from '../helpers/pollHarness';
import type { CodeHostingServer } from '../servers/codehosting/server';
import { createCodeHostingServer, LOGIN, TOKEN } from '../servers/codehosting/server';

export const feed = (event: string, owner = LOGIN, repository = 'hello-world') => ({
	event,
	owner: { __rl: true, mode: 'name', value: owner },
	repository: { __rl: true, mode: 'name', value: repository },
});

/** The JSON of the emitted items (an empty list when poll() returned null). */
export const emitted = (result: INodeExecutionData[][] | null): IDataObject[] => {
	if (result === null) return [];
	expect(result).toHaveLength(1);
	expect(result[0].length).toBeGreaterThan(0);
	return result[0].map((item) => item.json);
};

/**
 * Registers the calling file's per-test server and clock (started and reset before each test,
 * restored and stopped after it). Read `srv` in a test or a later beforeEach.
 */
export function usePollKit() {
	let srv: CodeHostingServer;
	let offsetMs = 0;
	const realNow = Date.now.bind(Date);

	beforeEach(async () => {
		srv = createCodeHostingServer({ autoDeliver: false });
		await srv.start();
		offsetMs = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
	});

	afterEach(async () => {
		jest.restoreAllMocks();
		await srv.stop();
	});

	/** Lets `seconds` pass (for the node's X-Poll-Interval bookkeeping). */
	const later = (seconds: number) => {
		offsetMs += seconds * 1000;
	};

	function poller(parameters: IDataObject, server = srv.url, staticData?: IDataObject): PollHarness {
		return createPollHarness({
			node: new CodeHostingPollingTrigger(),
			parameters: { authentication: 'accessToken', ...parameters },
			credentials: { codeHostingApi: { server, accessToken: TOKEN } },
			credentialTypes: [new CodeHostingApi()],
			staticData,
		});
	}

	/** n8n restarted: a new workflow object with the static data n8n saved (through JSON, as its database keeps it). */
	const restarted = (h: PollHarness, parameters: IDataObject): PollHarness => poller(parameters, srv.url, h.staticData);

	/** A call to the server's API as a user would make it (outside the trigger). */
	async function api(method: string, path: string, body?: unknown, token = TOKEN): Promise<IDataObject> {
		const response = await fetch(`${srv.url}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${token}`,
				'user-agent': 'polling-test',
				accept: 'application/vnd.github+json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		expect(response.status).toBeLessThan(300);
		const text = await response.text();
		return text ? (JSON.parse(text) as IDataObject) : {};
	}

	const coreUsed = () => srv.state.rate.core.used;
	const gets = (path: string) => srv.requests.filter((request) => request.method === 'GET' && request.path === path);

	return {
		get srv(): CodeHostingServer {
			return srv;
		},
		later,
		poller,
		restarted,
		api,
		coreUsed,
		gets,
	};
}
