/**
 * Shared set-up of the Code Hosting Trigger tests (trigger.lifecycle and trigger.deliveries): the
 * local GitHub-like server without automatic deliveries, triggers run through n8n-core's
 * HookContext / WebhookContext (test/helpers/triggerHarness), and readers of what the server got.
 * `useTriggerKit()` registers the jest hooks; call it once at the top of a test file.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';

import { CodeHostingApi } from '../../credentials/CodeHostingApi.credentials';
import { CodeHostingTrigger } from '../../nodes/CodeHostingTrigger/CodeHostingTrigger.node';
import type { TriggerHarness } from '../helpers/triggerHarness';
import { createTriggerHarness } from '../helpers/triggerHarness';
import type { CodeHostingServer, Hook } from '../servers/codehosting/server';
import { createCodeHostingServer, LOGIN, ORG, TOKEN } from '../servers/codehosting/server';

/** The credential type, recording every request n8n asks it to authenticate (all of the node's requests). */
export class RecordingCodeHostingApi extends CodeHostingApi {
	urls: string[] = [];

	/** When set, requests are stopped here, before anything goes to the network. */
	block = false;

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		this.urls.push(String(requestOptions.url));
		if (this.block) throw new Error('stopped by the test before the network');
		return await super.authenticate(credentials, requestOptions);
	}
}

export interface Trigger {
	harness: TriggerHarness;
	credential: ICredentialDataDecryptedObject;
	credentialType: RecordingCodeHostingApi;
	state: IDataObject;
	/** The node's parameters, to change between calls like a user editing the workflow. */
	parameters: IDataObject;
	/** The server's hooks whose URL is this trigger's webhook URL. */
	hooks(): Hook[];
}

export function useTriggerKit() {
	let srv: CodeHostingServer;
	const open: TriggerHarness[] = [];

	beforeAll(async () => {
		srv = createCodeHostingServer({ autoDeliver: false });
		await srv.start();
	});

	afterEach(async () => {
		await srv.settle(2000);
		while (open.length) await open.pop()!.close();
	});

	afterAll(async () => {
		await srv.stop();
	});

	async function trigger(options: {
		events: string[];
		scope?: 'repository' | 'organization';
		owner?: string;
		repository?: string;
		server?: string;
		token?: string;
		webhookBaseUrl?: string;
		options?: IDataObject;
		/** Recover Missed Deliveries (left out: the node's default). */
		recoverMissedDeliveries?: boolean;
	}): Promise<Trigger> {
		const credential: ICredentialDataDecryptedObject = { server: options.server ?? srv.url, accessToken: options.token ?? TOKEN };
		const credentialType = new RecordingCodeHostingApi();
		const scope = options.scope ?? 'repository';
		const harness = await createTriggerHarness({
			node: new CodeHostingTrigger(),
			parameters: {
				authentication: 'accessToken',
				scope,
				owner: { __rl: true, mode: 'name', value: options.owner ?? (scope === 'organization' ? ORG : LOGIN) },
				...(scope === 'repository' ? { repository: { __rl: true, mode: 'name', value: options.repository ?? 'hello-world' } } : {}),
				events: options.events,
				...(options.recoverMissedDeliveries === undefined ? {} : { recoverMissedDeliveries: options.recoverMissedDeliveries }),
				options: options.options ?? {},
			},
			credentials: { codeHostingApi: credential },
			credentialTypes: [credentialType],
			webhookBaseUrl: options.webhookBaseUrl,
		});
		open.push(harness);
		return {
			harness,
			credential,
			credentialType,
			state: harness.staticData,
			parameters: harness.workflow.getNode('Trigger')!.parameters as IDataObject,
			hooks: () => srv.hooks.filter((hook) => hook.config.url === harness.webhookUrl),
		};
	}

	/** Requests the server received, as "METHOD /path" (without the /api/v3 prefix). */
	// a delivery's question to the hook's log (replay.ts: `?status=failure`) is told apart from a pass's read
	const calls = () => srv.requests.map((request) => `${request.method} ${request.path}${request.query?.status ? `?status=${request.query.status}` : ''}`);

	/** Creates a hook directly on the server (as another tool or an earlier activation would have). */
	async function createHookOnServer(endpoint: string, url: string, secret: string, events = ['push']): Promise<IDataObject> {
		const response = await fetch(`${srv.url}${endpoint}`, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${TOKEN}`,
				'user-agent': 'lifecycle-test',
				accept: 'application/vnd.github+json',
				'content-type': 'application/json',
			},
			body: JSON.stringify({ name: 'web', active: true, events, config: { url, content_type: 'json', secret } }),
		});
		expect(response.status).toBe(201);
		return (await response.json()) as IDataObject;
	}

	/** The items of the execution the last delivery started (undefined: none started). */
	const lastItems = (t: Trigger): INodeExecutionData[] | undefined => t.harness.deliveries[t.harness.deliveries.length - 1]?.items;

	beforeEach(() => srv.resetRequests());

	return {
		get srv(): CodeHostingServer {
			return srv;
		},
		trigger,
		calls,
		createHookOnServer,
		lastItems,
	};
}
