/**
 * Runs a webhook trigger node the way n8n does: its webhookMethods (checkExists / create /
 * delete) through n8n-core's HookContext, and deliveries through n8n-core's WebhookContext
 * behind a real HTTP listener (raw body kept, as n8n's webhook server does).
 */
import http from 'http';
import { HookContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IWebhookData,
	IWebhookFunctions,
	IHookFunctions,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData, nodeTypesOf } from './runWorkflow';

export interface Delivery {
	status: number;
	body: unknown;
	/** Items the workflow would have started with; undefined when no execution started. */
	items?: INodeExecutionData[];
}

export interface TriggerHarness {
	workflow: Workflow;
	webhookUrl: string;
	staticData: IDataObject;
	/** A webhook method as n8n calls it at an activation of this mode (default 'activate'). */
	hook(method: 'checkExists' | 'create' | 'delete', activation?: WorkflowActivateMode): Promise<boolean>;
	/** Stops listening, as a stopped n8n (deliveries meet a refused connection), and listens again on the same port. */
	pause(): Promise<void>;
	resume(): Promise<void>;
	/** Answers every request with this status without calling the node (n8n or a proxy failing); undefined: normal. */
	answerWith(status: number | undefined): void;
	/** Waits until no webhook call is running (a call can go on after its response was sent). */
	settle(): Promise<void>;
	/** n8n's logger that the node's contexts use (to spy on its warnings). */
	logger: { warn: (message: string) => void; info: (message: string) => void; debug: (message: string) => void; error: (message: string) => void };
	/** Deliveries received, in order. */
	deliveries: Delivery[];
	/** POSTs `body` (exact bytes) with `headers` to the trigger's webhook URL. */
	post(body: string | Buffer, headers: Record<string, string>): Promise<Delivery>;
	close(): Promise<void>;
}

export async function createTriggerHarness(options: {
	node: INodeType;
	parameters: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	credentialTypes: ICredentialType[];
	/** Pretend n8n's webhook base URL is this (to test the localhost check); the listener stays local. */
	webhookBaseUrl?: string;
}): Promise<TriggerHarness> {
	const typeName = `test.${options.node.description.name}`;
	const credentialsOnNode: INode['credentials'] = {};
	for (const type of Object.keys(options.credentials)) credentialsOnNode[type] = { id: `cred-${type}`, name: type };
	const node: INode = {
		id: 'trigger',
		name: 'Trigger',
		type: typeName,
		typeVersion: 1,
		position: [0, 0],
		webhookId: 'hook-under-test',
		parameters: options.parameters as INode['parameters'],
		credentials: credentialsOnNode,
	};
	const workflow = new Workflow({
		id: 'wf-trigger',
		name: 'trigger test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypesOf({ [typeName]: options.node }),
		staticData: {},
	});

	const deliveries: Delivery[] = [];
	let running = 0;
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			if (forcedStatus !== undefined) {
				res.statusCode = forcedStatus;
				res.end('forced by the test');
				return;
			}
			running++;
			void (async () => {
				const rawBody = Buffer.concat(chunks);
				const request = req as http.IncomingMessage & { rawBody: Buffer; body: unknown; query: object; params: object };
				request.rawBody = rawBody;
				try {
					request.body = rawBody.length ? JSON.parse(rawBody.toString('utf8')) : {};
				} catch {
					request.body = {};
				}
				request.query = Object.fromEntries(new URL(req.url ?? '/', 'http://127.0.0.1').searchParams);
				request.params = {};
				let responded = false;
				const response = res as http.ServerResponse & { status: (code: number) => typeof response; json: (body: unknown) => void };
				response.status = (code: number) => {
					res.statusCode = code;
					return response;
				};
				response.json = (body: unknown) => {
					responded = true;
					res.setHeader('content-type', 'application/json');
					res.end(JSON.stringify(body));
				};
				const additionalData = buildAdditionalData(options.credentials, options.credentialTypes, { nodes: [node], connections: {} }, {
					httpRequest: request as never,
					httpResponse: response as never,
					webhookBaseUrl: baseUrl,
				});
				const context = new WebhookContext(workflow, node, additionalData, 'trigger', webhookData(additionalData), [], null);
				const result = await (options.node.webhook as (this: IWebhookFunctions) => Promise<IDataObject>).call(context as unknown as IWebhookFunctions);
				const delivery: Delivery = { status: 200, body: undefined };
				if (result.noWebhookResponse) {
					delivery.status = res.statusCode;
				} else {
					delivery.body = result.webhookResponse ?? { message: 'Workflow was started' };
					res.statusCode = 200;
					if (!responded) {
						res.setHeader('content-type', 'application/json');
						res.end(JSON.stringify(delivery.body));
					}
				}
				const workflowData = result.workflowData as INodeExecutionData[][] | undefined;
				if (workflowData) delivery.items = workflowData[0];
				deliveries.push(delivery);
			})()
				.catch((error: Error) => {
					deliveries.push({ status: 500, body: { message: error.message } });
					res.statusCode = 500;
					res.end(JSON.stringify({ message: error.message }));
				})
				.finally(() => running--);
		});
	});
	let forcedStatus: number | undefined;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as { port: number }).port;
	const listenUrl = `http://127.0.0.1:${port}/webhook`;
	const baseUrl = options.webhookBaseUrl ?? listenUrl;

	const webhookData = (additionalData: ReturnType<typeof buildAdditionalData>): IWebhookData => ({
		httpMethod: 'POST',
		node: node.name,
		path: 'webhook',
		webhookDescription: options.node.description.webhooks![0],
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
	});

	const hookAdditionalData = buildAdditionalData(options.credentials, options.credentialTypes, { nodes: [node], connections: {} }, { webhookBaseUrl: baseUrl });
	const harness: TriggerHarness = {
		workflow,
		webhookUrl: '',
		staticData: workflow.getStaticData('node', node),
		deliveries,
		async hook(method, activation = 'activate') {
			const context = new HookContext(workflow, node, hookAdditionalData, 'trigger', activation, webhookData(hookAdditionalData));
			const methods = options.node.webhookMethods?.default as Record<string, (this: IHookFunctions) => Promise<boolean>>;
			return await methods[method].call(context as unknown as IHookFunctions);
		},
		async post(body, headers) {
			const count = deliveries.length;
			const response = await fetch(`${listenUrl}/${node.webhookId}/webhook`, { method: 'POST', body, headers });
			await response.text();
			while (deliveries.length === count) await new Promise((resolve) => setImmediate(resolve));
			return deliveries[deliveries.length - 1];
		},
		async settle() {
			while (running > 0) await new Promise((resolve) => setTimeout(resolve, 5));
		},
		async pause() {
			server.closeAllConnections?.();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
		async resume() {
			await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
		},
		answerWith(status) {
			forcedStatus = status;
		},
		logger: undefined as unknown as TriggerHarness['logger'],
		async close() {
			server.closeAllConnections?.();
			if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	const probe = new HookContext(workflow, node, hookAdditionalData, 'trigger', 'activate', webhookData(hookAdditionalData));
	harness.webhookUrl = probe.getNodeWebhookUrl('default') as string;
	harness.logger = probe.logger as unknown as TriggerHarness['logger'];
	return harness;
}
