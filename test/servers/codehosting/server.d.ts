/**
 * Types of the code-hosting test server (server.js); see the comment at the top of server.js, and
 * store.js for the state's shape.
 */

export interface RecordedRequest {
	method: string;
	/** Decoded per segment, without the /api/v3 prefix. */
	path: string;
	/** As received, with the /api/v3 prefix when there was one, still percent-encoded. */
	rawPath: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	body?: string;
	bodyBuffer: Buffer;
	/** When it arrived (ms). */
	at: number;
	/** The answer's status and headers (names in lower case), when the pipeline answered it. */
	status?: number;
	responseHeaders?: Record<string, string | number>;
}

export interface Fault {
	method?: string;
	path: string | RegExp;
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	times?: number;
	drop?: boolean;
}

export interface Commit {
	sha: string;
	seq: number;
	tree: Record<string, string>;
	treeSha: string;
	parents: string[];
	message: string;
	author: { name: string; email: string; date: string };
	committer: { name: string; email: string; date: string };
	authorLogin?: string;
	committerLogin?: string;
}

export interface Issue {
	id: number;
	node_id: string;
	number: number;
	title: string;
	body: string | null;
	state: 'open' | 'closed';
	state_reason: string | null;
	user: string;
	labels: string[];
	assignees: string[];
	locked: boolean;
	created_at: string;
	updated_at: string;
	closed_at: string | null;
	closed_by: string | null;
	pull?: {
		id: number;
		node_id: string;
		head: { ref: string; sha: string };
		base: { ref: string; sha: string };
		draft: boolean;
		merged: boolean;
		merged_at: string | null;
		merged_by: string | null;
		merge_commit_sha: string | null;
		mergeable?: boolean | null;
		maintainer_can_modify: boolean;
		requested_reviewers: string[];
		reviews: Array<{ id: number; node_id: string; user: string; state: string; body: string; commit_id: string; submitted_at?: string; comments?: Array<Record<string, unknown>> }>;
	};
}

export interface Workflow {
	id: number;
	node_id: string;
	name: string;
	path: string;
	state: 'active' | 'disabled_manually';
	dispatchable: boolean;
	inputs: Record<string, { required?: boolean; type?: string; options?: string[] }>;
	/** Conclusion of its dispatched runs when they complete. */
	conclusion: string;
	created_at: string;
	updated_at: string;
}

export interface WorkflowRun {
	id: number;
	node_id: string;
	workflow_id: number;
	name: string;
	path: string;
	display_title: string;
	head_branch: string;
	head_sha: string | null;
	event: string;
	status: string;
	conclusion: string | null;
	run_number: number;
	actor: string;
	inputs: Record<string, unknown>;
	created_at: string;
	updated_at: string;
}

export interface Repo {
	id: number;
	node_id: string;
	owner: string;
	name: string;
	private: boolean;
	description: string | null;
	homepage: string | null;
	default_branch: string;
	created_at: string;
	updated_at: string;
	pushed_at: string;
	has_issues: boolean;
	topics: string[];
	blobs: Map<string, Buffer>;
	commits: Map<string, Commit>;
	branches: Map<string, string>;
	tags: Map<string, string>;
	issues: Map<number, Issue>;
	nextNumber: number;
	comments: Map<number, { id: number; node_id: string; issueNumber: number; body: string; user: string; created_at: string; updated_at: string }>;
	labels: Map<string, { id: number; node_id: string; name: string; color: string; description: string | null; default: boolean }>;
	collaborators: Map<string, 'pull' | 'triage' | 'push' | 'maintain' | 'admin'>;
	invitations: Map<number, { id: number; node_id: string; invitee: string; inviter: string; permission: string; created_at: string }>;
	stargazers: Set<string>;
	workflows: Map<number, Workflow>;
	runs: Map<number, WorkflowRun>;
	releases: Array<{ id: number; node_id: string; tag_name: string; target_commitish: string; name: string | null; body: string | null; draft: boolean; prerelease: boolean; author: string; created_at: string; updated_at?: string; published_at: string | null; assets?: Array<{ id: number; name: string; label: string | null; content_type: string; data: Buffer }> }>;
	[key: string]: unknown;
}

export interface Delivery {
	id: number;
	guid: string;
	event: string;
	action: string | null;
	delivered_at: string;
	/** delivered_at in ms (with the milliseconds the log's time leaves out). */
	deliveredAtMs: number;
	/** Seconds. */
	duration: number;
	/** The response's status; 502 when no connection was made, 504 on a timeout; 0 while pending. */
	status_code: number;
	/** 'OK', 'Invalid HTTP Response: 500', 'failed to connect', 'timed out' or 'pending'. */
	status: string;
	redelivery: boolean;
	url: string;
	requestHeaders?: Record<string, string | number>;
	requestBody: string;
	payload: unknown;
}

export interface Hook {
	id: number;
	scope: 'repository' | 'organization';
	/** 'owner/repo' or the organization login. */
	target: string;
	targetId: number;
	creator: string;
	name: 'web';
	active: boolean;
	events: string[];
	config: { url: string; content_type: 'json' | 'form'; secret?: string; insecure_ssl: string };
	created_at: string;
	updated_at: string;
	last_response: { code: number | null; status: string; message: string | null };
	deliveries: Delivery[];
}

export interface Project {
	id: string;
	number: number;
	title: string;
	ownerType: 'organization' | 'user';
	owner: string;
	fields: Array<{ id: string; name: string; dataType: string; options?: Array<{ id: string; name: string }> }>;
	items: Map<string, { id: string; type: string; content?: { repo: string; number: number }; values: Record<string, string> }>;
}

export interface Gist {
	id: string;
	node_id: string;
	owner: string;
	description: string | null;
	public: boolean;
	files: Record<string, { content: string }>;
	revision: string;
	created_at: string;
	updated_at: string;
}

export interface RateResource {
	limit: number;
	remaining: number;
	reset: number;
	used: number;
	window: number;
	status: number;
}

export interface CodeHostingState {
	users: Record<string, { id: number; login: string; node_id: string; type: 'User'; name: string; email: string; starred: Set<string>; [key: string]: unknown }>;
	orgs: Record<string, { id: number; login: string; node_id: string; type: 'Organization'; members: Record<string, 'admin' | 'member'>; default_permission: string; invitations: OrgInvitation[]; teams: Map<string, Team>; [key: string]: unknown }>;
	tokens: Record<string, { login: string; scopes: string[]; installation?: number; expiresAt?: number }>;
	app: AppState;
	repos: Record<string, Repo>;
	renamed: Record<string, number>;
	gists: Record<string, Gist>;
	hooks: Record<string, Hook>;
	projects: Record<string, Project>;
	events: Array<{ id: string; type: string; actor: string; repo: { id: number; name: string }; public: boolean; created_at: string }>;
	rate: { core: RateResource; search: RateResource; graphql: RateResource };
	secondary: { retryAfter: number; times: number; status: number };
	/** Content-creating requests (POST/PATCH/PUT/DELETE) per account: their times (ms) in the last hour. */
	contentLimit: { perMinute: number; perHour: number; writes: Record<string, number[]> };
	/** Redeliveries wait for `releaseRedeliveries()` (a busy platform). */
	holdRedeliveries?: boolean;
	heldRedeliveries?: Array<() => void>;
	/** 'never': dispatched runs stay queued; 'atFirstRead': the first read completes one (default: each read of one moves it a step to completed). */
	runProgress?: 'never' | 'atFirstRead';
	/** A dispatch answered 204 creates its run this many ms later (default: 2000 on the Enterprise form /api/v3, else at once). */
	dispatchRunDelayMs?: number;
}

export interface DeliveryResult {
	status: number;
	body: string;
	headers: Record<string, string | string[] | undefined>;
	guid: string;
}

export interface CodeHostingServerOptions {
	port?: number;
	/** Core limit as {limit, remaining, reset, status}, or per resource {core: {...}, search: {...}, graphql: {...}}. */
	rateLimit?: Record<string, unknown>;
	/** Send webhook events for actions done through the API (default true). */
	autoDeliver?: boolean;
	/** Check every JSON response of an implemented endpoint against the OpenAPI response schema. */
	validateResponses?: boolean;
	/** The user who approves at GET /login/oauth/authorize (default octo-user). */
	oauthLogin?: string;
}

export interface CodeHostingServer {
	readonly url: string;
	state: CodeHostingState;
	requests: RecordedRequest[];
	/** Completed OAuth code exchanges (POST /login/oauth/access_token). */
	oauthGrants: Array<{ login: string; scopes: string[]; token: string; at: number }>;
	/** Response schema violations seen with `validateResponses: true`. */
	responseProblems: Array<{ template: string; method: string; status: number; errors: string[] }>;
	readonly hooks: Hook[];
	start(port?: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	resetRequests(): void;
	failNext(fault: Fault): void;
	setRateLimit(limit: { remaining?: number; reset?: number; limit?: number; used?: number; status?: number; resource?: 'core' | 'search' | 'graphql' }): void;
	setSecondaryRateLimit(limit: { retryAfter?: number; times?: number; status?: number }): void;
	/** The secondary limit for content-creating requests per account (defaults 80 a minute, 500 an hour); also clears the counts. */
	setContentLimit(limit: { perMinute?: number; perHour?: number }): void;
	/** Sends the redeliveries held by `state.holdRedeliveries` and stops holding; answers how many. */
	releaseRedeliveries(): number;
	setAutoDeliver(value: boolean): void;
	/** Waits until pending automatic deliveries (pings, events) are done. */
	settle(timeoutMs?: number): Promise<void>;
	deliver(hookId: number, event: string, payload?: unknown, opts?: { signature?: 'valid' | 'missing' | 'wrong'; action?: string; timeout?: number; guid?: string; proxyStatus?: number }): Promise<DeliveryResult>;
	/** Moves the hook's logged deliveries `ms` into the past (to test the 3-day retention). */
	ageDeliveries(hookId: number, ms: number): void;
	examplePayload(event: string, action?: string): Record<string, unknown>;
	addUser(login: string, opts?: { id?: number; name?: string; email?: string; twoFactor?: 'enabled' | 'disabled' | 'insecure' }): CodeHostingState['users'][string];
	addOrg(login: string, opts?: { id?: number; name?: string; description?: string; members?: Record<string, 'admin' | 'member'>; default_permission?: string; members_can_create_repositories?: boolean }): CodeHostingState['orgs'][string];
	addToken(token: string, login: string, scopes?: string[]): void;
	/** A fine-grained personal access token (github_pat_…) with these permissions (metadata: read always). */
	addFineGrainedToken(token: string, login: string, permissions?: Record<string, 'read' | 'write'>): void;
	addRepo(owner: string, name: string, opts?: { id?: number; private?: boolean; description?: string; homepage?: string; default_branch?: string; auto_init?: boolean; files?: Record<string, string | Buffer>; topics?: string[]; has_issues?: boolean; created_at?: string }): Repo;
	addFile(owner: string, repo: string, path: string, content: Buffer | string, branch?: string, opts?: { message?: string; authorLogin?: string; date?: string }): { commit: Commit; sha: string };
	addBranch(owner: string, repo: string, branch: string, from?: string): string;
	addIssues(owner: string, repo: string, n: number, opts?: { state?: 'open' | 'closed'; labels?: string[]; assignees?: string[]; user?: string; prefix?: string; body?: string }): Issue[];
	addPull(owner: string, repo: string, opts?: { head?: string; base?: string; title?: string; body?: string; draft?: boolean; mergeable?: boolean; reviewers?: string[]; reviews?: Array<{ user?: string; state?: string; body?: string }>; user?: string; file?: string }): Issue;
	addWorkflow(owner: string, repo: string, opts?: { id?: number; name?: string; path?: string; state?: 'active' | 'disabled_manually'; dispatchable?: boolean; inputs?: Workflow['inputs']; conclusion?: string; runName?: string }): Workflow;
	addWorkflowRuns(owner: string, repo: string, workflowId: number, n: number, opts?: { status?: string; conclusion?: string | null; event?: string; branch?: string; actor?: string }): WorkflowRun[];
	setRunStatus(owner: string, repo: string, runId: number, status: string, conclusion?: string): WorkflowRun;
	addGist(owner: string, opts?: { id?: string; description?: string; public?: boolean; files?: Record<string, string>; created_at?: string }): Gist;
	addReleases(owner: string, repo: string, n: number, opts?: { draft?: boolean; prerelease?: boolean; author?: string }): CodeHostingState['repos'][string]['releases'];
	addCollaborator(owner: string, repo: string, login: string, permission?: 'pull' | 'triage' | 'push' | 'maintain' | 'admin'): void;
	acceptInvitations(owner: string, repo: string): void;
	/** The permission `login` has on `repo` by GitHub's rules (owner, base permission, teams, direct; public repositories read). */
	level(repo: Repo, login: string): 'pull' | 'triage' | 'push' | 'maintain' | 'admin' | null;
	/** A team of an organization; members by login with their role, repositories by name with the team's level. */
	addTeam(org: string, opts: { id?: number; name: string; slug?: string; description?: string; privacy?: 'closed' | 'secret'; members?: Record<string, 'member' | 'maintainer'>; repos?: Record<string, 'pull' | 'triage' | 'push' | 'maintain' | 'admin'> }): Team;
	/** A user's two-factor authentication: enabled (the default), disabled, or insecure (SMS). */
	setTwoFactor(login: string, twoFactor: 'enabled' | 'disabled' | 'insecure'): void;
	/** The user accepts their invitation to the organization: a member, active in the teams it named. */
	acceptOrgInvitation(org: string, login: string): void;
	renameRepo(owner: string, oldName: string, newName: string): Repo;
	addProject(ownerType: 'organization' | 'user', owner: string, opts?: Partial<Omit<Project, 'items'>> & { items?: Array<{ id: string; type?: string; content?: { repo: string; number: number }; values?: Record<string, string> }> }): Project;
	addEvent(type: string, actor: string, owner: string, repo: string, payload?: Record<string, unknown> | ((u: { api: string; web: string }) => Record<string, unknown>)): CodeHostingState['events'][number];
	repo(owner: string, name: string): Repo | undefined;
	fileContent(owner: string, repo: string, path: string, ref?: string): Buffer | undefined;
	/** Every GitHub App installation token expires now; answers how many there were. */
	expireAppTokens(): number;
	readonly appLog: AppLogEntry[];
	appMints(): AppLogEntry[];
	addInstallation(account: string, opts?: { id?: number; repositories?: string[]; permissions?: Record<string, 'read' | 'write'>; suspended_at?: string | null }): AppInstallation;
}

export interface OrgInvitation {
	id: number;
	node_id: string;
	login: string | null;
	email: string | null;
	role: string;
	created_at: string;
	inviter: string;
	/** Slugs of the teams the invitation adds the user to. */
	teams: string[];
}

export interface Team {
	id: number;
	node_id: string;
	name: string;
	slug: string;
	description: string | null;
	privacy: 'closed' | 'secret';
	created_at: string;
	/** Active members by lower-case login. */
	members: Map<string, 'member' | 'maintainer'>;
	/** Invited to the organization through the team, by lower-case login. */
	pending: Map<string, 'member' | 'maintainer'>;
	/** 'owner/name' (lower case) → level. */
	repos: Map<string, 'pull' | 'triage' | 'push' | 'maintain' | 'admin'>;
}

export interface AppInstallation {
	id: number;
	account: string;
	target_type: 'Organization' | 'User';
	repository_selection: 'all' | 'selected';
	repositories: Set<string>;
	permissions: Record<string, 'read' | 'write'>;
	suspended_at: string | null;
}

export interface AppLogEntry {
	event: 'mint' | 'expire' | 'refused';
	at: string;
	installation?: number;
	expires_at?: string;
	jwt?: { iat: number; exp: number; iss: number | string };
	tokens?: number;
	reason?: string;
}

export interface AppState {
	id: number;
	client_id: string;
	slug: string;
	botLogin: string;
	tokenLifetimeSeconds: number;
	installations: Map<number, AppInstallation>;
	log: AppLogEntry[];
}

export function createCodeHostingServer(options?: CodeHostingServerOptions): CodeHostingServer;
export const TOKEN: string;
export const OTHER_TOKEN: string;
export const LOGIN: string;
export const OTHER_LOGIN: string;
export const OUTSIDER_LOGIN: string;
export const ORG: string;
export const API_VERSION: string;
export const ALL_SCOPES: string[];
export const OAUTH_CLIENT_ID: string;
export const OAUTH_CLIENT_SECRET: string;
export function blobSha(content: Buffer): string;
export const APP_ID: number;
export const APP_CLIENT_ID: string;
export const APP_SLUG: string;
export const APP_BOT_LOGIN: string;
export const ORG_INSTALLATION_ID: number;
export const USER_INSTALLATION_ID: number;
/** test/fixtures/codehosting-app: app-private-key.pem, app-public-key.pem, other-private-key.pem. */
export const APP_FIXTURES: string;
