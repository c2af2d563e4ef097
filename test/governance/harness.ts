import type { IDataObject } from 'n8n-workflow';

import { GovernanceApi } from '../../credentials/GovernanceApi.credentials';
import { Governance } from '../../nodes/Governance/Governance.node';
import type { RunResult } from '../helpers/runWorkflow';
import { runNode } from '../helpers/runWorkflow';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const server = require('../servers/governance/server') as {
	createGovernanceServer: () => GovernanceServer;
	PROJECT_ID: string;
	ORGANIZATION_ID: string;
	ADMIN_KEY: string;
	VIEWER_KEY: string;
	ADMIN_USER_ID: string;
	VIEWER_USER_ID: string;
};

export interface RecordedRequest {
	method: string;
	path: string;
	rawPath: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body?: string;
}

export interface GovernanceServer {
	url: string;
	state: {
		projects: Record<string, IDataObject>;
		invites: Record<string, IDataObject>;
		users: Record<string, IDataObject>;
		memberships: Record<string, Record<string, IDataObject>>;
		/** API key → {user_id, key_id, label?, notes?, ttl_hours?} */
		keys: Record<string, IDataObject>;
	};
	requests: RecordedRequest[];
	failNext(fault: { method?: string; path: string | RegExp; status?: number; body?: unknown; headers?: Record<string, string>; times?: number; drop?: boolean }): void;
	addUsers(count: number, prefix?: string): void;
	addProjects(count: number, prefix?: string): void;
	start(port?: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	resetRequests(): void;
}

export const { PROJECT_ID, ORGANIZATION_ID, ADMIN_KEY, VIEWER_KEY, ADMIN_USER_ID, VIEWER_USER_ID } = server;

export async function startServer(): Promise<GovernanceServer> {
	const instance = server.createGovernanceServer();
	await instance.start();
	return instance;
}

export interface GovernanceRun {
	parameters: IDataObject;
	items?: IDataObject[];
	apiKey?: string;
	projectId?: string;
	continueOnFail?: boolean;
	baseUrl?: string;
}

export async function runGovernance(srv: GovernanceServer, run: GovernanceRun): Promise<RunResult> {
	return await runNode({
		node: new Governance(),
		parameters: run.parameters,
		items: run.items,
		continueOnFail: run.continueOnFail,
		credentialTypes: [new GovernanceApi()],
		credentials: {
			governanceApi: {
				region: 'custom',
				baseUrl: run.baseUrl ?? srv.url,
				projectId: run.projectId ?? PROJECT_ID,
				apiKey: run.apiKey ?? ADMIN_KEY,
			},
		},
	});
}

/** Resource locator value by ID. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
