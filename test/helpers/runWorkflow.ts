/**
 * Runs nodes of the pack through n8n's own execution engine (n8n-core's WorkflowExecute):
 * a small "Items" start node feeds input items to the node under test, which calls the local
 * platform servers over real HTTP through n8n-core's real request helpers
 * (httpRequestWithAuthentication), with credentials applied by the credential class's own
 * `authenticate`.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentials,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IRun,
	IWorkflowExecuteAdditionalData,
	IVersionedNodeType,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeConnectionTypes, Workflow } from 'n8n-workflow';

/** A start node that emits the items given in its `items` parameter. */
class ItemsNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Items', name: 'items', type: 'json', default: '[]' },
			{ displayName: 'Binaries', name: 'binaries', type: 'json', default: '[]' },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string;
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject[];
		const rawBinaries = this.getNodeParameter('binaries', 0, '[]') as string;
		const binaries = (typeof rawBinaries === 'string' ? JSON.parse(rawBinaries) : rawBinaries) as Array<
			Record<string, { base64: string; fileName: string; mimeType?: string }> | undefined
		>;
		const output: INodeExecutionData[] = [];
		for (let index = 0; index < items.length; index++) {
			const item: INodeExecutionData = { json: items[index] };
			for (const [property, file] of Object.entries(binaries[index] ?? {})) {
				item.binary = item.binary ?? {};
				item.binary[property] = await this.helpers.prepareBinaryData(Buffer.from(file.base64, 'base64'), file.fileName, file.mimeType);
			}
			output.push(item);
		}
		return [output];
	}
}

class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
		private readonly types: Record<string, ICredentialType>,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		const parents = this.types[name]?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		const authenticate = type?.authenticate;
		if (typeof authenticate === 'function') {
			return await authenticate.call(type, credentials, requestOptions);
		}
		if (authenticate && authenticate.type === 'generic') {
			const resolve = (template: string) =>
				template
					.replace(/^=/, '')
					.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) => String(credentials[key] ?? ''));
			const headers = { ...(requestOptions.headers ?? {}) };
			for (const [key, value] of Object.entries(authenticate.properties.headers ?? {})) {
				headers[key] = resolve(String(value));
			}
			return { ...requestOptions, headers };
		}
		return requestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used in tests');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return { ...data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.data[type] = { ...this.data[type], ...data };
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}

/** n8n's per-execution context: credentials helper, lifecycle hooks, base URLs. */
export function buildAdditionalData(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	credentialTypeList: ICredentialType[],
	workflowData: { nodes: INode[]; connections: object },
	overrides: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	const credentialTypes: Record<string, ICredentialType> = {};
	for (const type of credentialTypeList) credentialTypes[type.name] = type;
	const hooks = new ExecutionLifecycleHooks('manual', 'test-exec', {
		id: 'test-wf',
		name: 'test',
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: {},
	} as never);
	return {
		credentialsHelper: new TestCredentialsHelper({ ...credentials }, credentialTypes),
		hooks,
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
		...overrides,
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** An INodeTypes registry over the given types. */
export function nodeTypesOf(types: Record<string, INodeType>): INodeTypes {
	return {
		getByName: (type: string) => types[type] as INodeType | IVersionedNodeType,
		getByNameAndVersion: (type: string) => types[type],
		getKnownTypes: () => ({}),
	};
}

export interface RunOptions {
	node: INodeType;
	/** The node's parameters (resource, operation, ...). */
	parameters: IDataObject;
	/** Input items for the node. */
	items?: IDataObject[];
	/** Binary properties per input item. */
	binaries?: Array<Record<string, { data: Buffer; fileName: string; mimeType?: string }>>;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	credentialTypes: ICredentialType[];
	continueOnFail?: boolean;
	/** typeVersion of the node under test (default 1). */
	typeVersion?: number;
	/** Node settings of the node under test (executeOnce, alwaysOutputData, …). */
	nodeSettings?: Pick<INode, 'executeOnce' | 'alwaysOutputData' | 'retryOnFail'>;
	/** Run the node's AI-tool variant: n8n names its type `<name>Tool` (convertNodeToAiTool). */
	asTool?: boolean;
}

/** The AI-tool variant of `node` as n8n makes it: the same node under the type name `<name>Tool`. */
export function toolVariant(node: INodeType): INodeType {
	const tool = Object.create(node) as INodeType;
	tool.description = { ...node.description, name: `${node.description.name}Tool`, displayName: `${node.description.displayName} Tool` };
	return tool;
}

export interface RunResult {
	/** Output items of the node under test (first output). */
	output: INodeExecutionData[];
	/** The node's error, when it failed. */
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string | null };
	run: IRun;
}

export async function runNode(options: RunOptions): Promise<RunResult> {
	const node = options.asTool ? toolVariant(options.node) : options.node;
	const nodeTypeName = `test.${node.description.name}`;
	const itemsNode = new ItemsNode();
	const types: Record<string, INodeType> = { 'test.items': itemsNode, [nodeTypeName]: node };
	const nodeTypes = nodeTypesOf(types);

	const credentialsOnNode: INode['credentials'] = {};
	for (const type of Object.keys(options.credentials)) {
		credentialsOnNode[type] = { id: `cred-${type}`, name: type };
	}
	const nodes: INode[] = [
		{
			id: 'items',
			name: 'Items',
			type: 'test.items',
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				items: JSON.stringify(options.items ?? [{}]),
				binaries: JSON.stringify(
					(options.binaries ?? []).map((entry) =>
						Object.fromEntries(
							Object.entries(entry).map(([key, file]) => [key, { base64: file.data.toString('base64'), fileName: file.fileName, mimeType: file.mimeType }]),
						),
					),
				),
			},
		},
		{
			id: 'under-test',
			name: 'Under Test',
			type: nodeTypeName,
			typeVersion: options.typeVersion ?? 1,
			position: [200, 0],
			parameters: options.parameters as INode['parameters'],
			credentials: credentialsOnNode,
			...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			...(options.nodeSettings ?? {}),
		},
	];
	const connections = {
		Items: { main: [[{ node: 'Under Test', type: NodeConnectionTypes.Main, index: 0 }]] },
	};
	const workflow = new Workflow({ id: 'test-wf', name: 'test', nodes, connections, active: false, nodeTypes });

	const additionalData = buildAdditionalData(options.credentials, options.credentialTypes, { nodes, connections });

	const execute = new WorkflowExecute(additionalData, 'manual');
	const run = await execute.run({ workflow, startNode: workflow.getNode('Items') ?? undefined });
	const taskData = run.data.resultData.runData['Under Test']?.[0];
	const output = taskData?.data?.main?.[0] ?? [];
	const error = (taskData?.error ?? run.data.resultData.error) as RunResult['error'];
	return { output, error, run };
}
