import type { IDataObject } from 'n8n-workflow';

import { GovernanceApi } from '../../credentials/GovernanceApi.credentials';
import { Governance } from '../../nodes/Governance/Governance.node';
import type { RunResult } from '../helpers/runWorkflow';
import { runNode } from '../helpers/runWorkflow';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const server = require('../servers/governance/server') as {
	createGovernanceServer: () => GovernanceServer;
	PROJECT_ID: string;
	/** The five seeded projects, in order: proj-e2e-0001 … proj-e2e-0005. */
	PROJECT_IDS: string[];
	/** proj-e2e-0005: the admin key's user is only a viewer there (admin-only calls answer 403). */
	NO_ADMIN_PROJECT_ID: string;
	ORGANIZATION_ID: string;
	SECOND_ORGANIZATION_ID: string;
	ADMIN_KEY: string;
	VIEWER_KEY: string;
	MIXED_KEY: string;
	ADMIN_USER_ID: string;
	VIEWER_USER_ID: string;
	MIXED_USER_ID: string;
	MIXED_EMAIL: string;
	PENDING_INVITE_CODE: string;
};

export type ProjectRole = 'admin' | 'editor' | 'viewer';
export type OrganizationRole = 'owner' | 'admin' | 'operator' | 'viewer';

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
		organizations: Record<string, { name: string }>;
		/** organization → its GetProjectsOrgInfoOutput */
		organizationInfo: Record<string, IDataObject>;
		/** organization → user → role */
		organizationRoles: Record<string, Record<string, OrganizationRole>>;
		/** organization → user → the `admin` flag last set by the organization user update */
		organizationAdmins: Record<string, Record<string, boolean>>;
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
	/** A user of organization 1 (viewer there), in no project; type defaults to 'user'. */
	addUser(user: { _id: string; email: string; first_name?: string; last_name?: string; type?: string }): IDataObject;
	/** Sets the user's permissions in the project to `roles` (serviceDefault actions). */
	addMember(projectId: string, userId: string, roles: ProjectRole[]): IDataObject;
	/** A pending invite; returns its invite code. */
	addInvite(projectId: string, email: string, roles: ProjectRole[]): string;
	/** A project whose `keyRole` is the admin key's user's role there (defaults: name = id, organization 1, admin). */
	addProject(
		id: string,
		options?: { name?: string; description?: string; organizationId?: string; keyRole?: 'admin' | 'viewer' },
	): IDataObject;
	/** Removes the project with its memberships and pending invites. */
	removeProject(id: string): void;
	start(port?: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	resetRequests(): void;
}

export const {
	PROJECT_ID,
	PROJECT_IDS,
	NO_ADMIN_PROJECT_ID,
	ORGANIZATION_ID,
	SECOND_ORGANIZATION_ID,
	ADMIN_KEY,
	VIEWER_KEY,
	MIXED_KEY,
	ADMIN_USER_ID,
	VIEWER_USER_ID,
	MIXED_USER_ID,
	MIXED_EMAIL,
	PENDING_INVITE_CODE,
} = server;

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
	/** Run the node's AI-tool variant (type `<name>Tool`). */
	asTool?: boolean;
}

export async function runGovernance(srv: GovernanceServer, run: GovernanceRun): Promise<RunResult> {
	return await runNode({
		node: new Governance(),
		parameters: run.parameters,
		items: run.items,
		continueOnFail: run.continueOnFail,
		asTool: run.asTool,
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
