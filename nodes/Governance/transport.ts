import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { credentialBaseUrl, PROJECT_HEADER } from '../../credentials/GovernanceApi.credentials';
import type {
	ApiErrorDetails,
	ApiResponse,
	ClientRequestOptions,
	PlatformClient,
	PlatformConnection,
	PlatformDescription,
	RequestAllOptions,
	RequestContext,
} from '../shared';
import { createPlatformClient, hintFor, pageNumberPaging } from '../shared';

export const CREDENTIAL_TYPE = 'governanceApi';

/** Largest page the transport asks for. */
export const PAGE_SIZE = 100;

const STATUS_HINTS: Record<number, string> = {
	401: 'The API key was not accepted. Check the credential: region (or base URL), project ID and API key.',
	403: 'The API key is valid but lacks the permission for this call. Inviting users, changing roles, deleting invites and removing users need the Admin permission in the project.',
	404: 'The platform does not know this object or path. Check the ID and the credential\'s region.',
	422: 'The platform rejected the request body. Check the fields, roles and permissions JSON.',
};

function describeError(response: ApiResponse): ApiErrorDetails {
	const body = response.body as IDataObject | string | undefined;
	let platformMessage: string | undefined;
	if (body && typeof body === 'object') {
		if (typeof body.message === 'string') platformMessage = body.message;
		else if (typeof body.error === 'string') platformMessage = body.error;
	} else if (typeof body === 'string' && body.trim() !== '') {
		platformMessage = body.trim().slice(0, 300);
	}
	const requestId = response.headers['x-request-id'];
	return {
		message: platformMessage
			? `${platformMessage} (HTTP ${response.statusCode})`
			: `The control API answered with HTTP ${response.statusCode}`,
		description: [hintFor(response.statusCode, STATUS_HINTS), requestId ? `Request ID: ${String(requestId)}` : undefined]
			.filter(Boolean)
			.join(' '),
	};
}

/** The connection of a Governance client: also the project the credential acts in. */
export interface GovernanceConnection extends PlatformConnection {
	projectId: string;
}

/** The agent platform's control API as data: every path is under `{base_url}/latest`. */
export const governancePlatform: PlatformDescription = {
	label: 'Governance',
	credentialType: () => CREDENTIAL_TYPE,
	connect(credentials, credentialType, invalid) {
		const baseUrl = credentialBaseUrl(credentials);
		if (!/^https?:\/\/[^/]+/.test(baseUrl)) {
			invalid(
				'The Governance credential has no valid base URL',
				'Choose a region in the credential, or enter a base URL such as https://api-xxxxxx.stack.tryrelevance.com for Custom.',
			);
		}
		const apiKey = String(credentials.apiKey ?? '');
		const projectId = String(credentials.projectId ?? '').trim();
		const connection: GovernanceConnection = {
			credentialType,
			baseUrl: `${baseUrl}/latest`,
			secrets: [`${String(credentials.projectId ?? '')}:${apiKey}`, apiKey],
			projectId,
		};
		return connection;
	},
	describeError,
	// Lists page by number; each list says where its items and its end are (see `requestAll`).
	pagination: ({ itemsKey }) => pageNumberPaging({ pageSize: PAGE_SIZE, in: 'qs', itemsKey: itemsKey ?? 'results' }),
};

/** The Governance client of this execution (credential loaded once). */
export function governance(ctx: RequestContext): PlatformClient {
	return createPlatformClient(ctx, governancePlatform);
}

/** The project a call acts in: the credential's own, or one chosen in the node. */
export interface ProjectRef {
	id: string;
	/** The credential's project: calls go out exactly as without a choice (no project header). */
	viaCredential: boolean;
}

/** Calls of one project: the credential builds their Authorization for that project. */
export interface ProjectClient {
	project: ProjectRef;
	request<T = IDataObject>(method: IHttpRequestMethods, path: string, options?: ClientRequestOptions): Promise<T>;
	requestAll(method: IHttpRequestMethods, path: string, limit: number, options?: RequestAllOptions): Promise<IDataObject[]>;
}

/**
 * A refusal of a chosen project's call says which project it was (the platform's message and
 * status stay as they are): the credential's hint alone would point at the credential.
 */
function namingProject(error: unknown, project: ProjectRef): unknown {
	if (project.viaCredential || !(error instanceof NodeApiError)) return error;
	if (error.httpCode !== '401' && error.httpCode !== '403') return error;
	const note = `The call acted in project ${project.id} (the node's Project parameter): check that the credential's key reaches it with the needed permission (Project → From List shows the projects it reaches).`;
	error.description = [error.description, note].filter(Boolean).join(' ');
	return error;
}

/** The Governance client of this execution, acting in `project`. */
export function inProject(ctx: RequestContext, project: ProjectRef): ProjectClient {
	const client = governance(ctx);
	const scoped = <O extends ClientRequestOptions>(options: O = {} as O): O =>
		project.viaCredential ? options : { ...options, headers: { ...(options.headers ?? {}), [PROJECT_HEADER]: project.id } };
	return {
		project,
		request: async <T>(method: IHttpRequestMethods, path: string, options?: ClientRequestOptions) => {
			try {
				return await client.request<T>(method, path, scoped(options));
			} catch (error) {
				throw namingProject(error, project);
			}
		},
		requestAll: async (method, path, limit, options) => {
			try {
				return await client.requestAll(method, path, limit, scoped(options));
			} catch (error) {
				throw namingProject(error, project);
			}
		},
	};
}
