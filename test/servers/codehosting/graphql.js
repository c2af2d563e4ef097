'use strict';
/**
 * The sliver of GitHub's GraphQL API the Code Hosting node uses, recognised by operation name
 * (the `operationName` field, or the name after `query`/`mutation` in the text):
 * - ProjectFields  {owner, number}: `organization(login:` or `user(login:` in the query text →
 *   {data: {organization|user: {projectV2: {id, title, number, fields: {nodes: [{id, name,
 *   dataType, options?}]}}}}}
 * - ProjectItems   {owner, number, first?, after?}: same owner forms → projectV2.items
 *   {totalCount, nodes: [{id, type, content, fieldValueByName?}], pageInfo}
 * - UpdateItemStatus {projectId, itemId, fieldId, optionId} →
 *   {data: {updateProjectV2ItemFieldValue: {projectV2Item: {id}}}}; needs the `project` scope (an
 *   app's installation token: the organization_projects write permission).
 * - SamlIdentities {org, after?} (query text with `organization(login:`) →
 *   {data: {organization: {samlIdentityProvider: null | {externalIdentities: {nodes: [{samlIdentity:
 *   {nameId, emails: [{value}]}, user: {login} | null}], pageInfo: {hasNextPage, endCursor}}}}}};
 *   pages of `first` (at most 100); only organization owners read it (FORBIDDEN otherwise).
 * - OrganizationRepositories {org, after?}: organization(login).repositories(first, after,
 *   orderBy) { pageInfo, totalCount, nodes { nameWithOwner, isPrivate, collaborators(affiliation,
 *   first) { totalCount, pageInfo, edges { permission, permissionSources { permission, source },
 *   node { login } } } } } and rateLimit: run by graphql-js on GitHub's schema (organization.js);
 *   a repository whose collaborators the viewer may not read (below push) answers null there with
 *   a FORBIDDEN error at its path, as GitHub does.
 * - OrganizationTeamMaintainers {org, after?}: organization(login).teams(first, after, orderBy) {
 *   pageInfo, nodes { slug, members(role, membership, first) { pageInfo, nodes { login } } } } and
 *   rateLimit, the same way (the teams the viewer sees, as REST's list).
 * Every query is first validated against GitHub's public schema and charged its cost in points
 * (graphqlSchema.js); a query GitHub would refuse answers its `errors`.
 * Unknown ids answer HTTP 200 with {errors: [{type: 'NOT_FOUND', message, path}]} like GitHub;
 * anything else → {errors: [{message: 'unsupported by the test server'}]}.
 */
const shapes = require('./shapes');
const schema = require('./graphqlSchema');
const { organizationRoot } = require('./graphqlOrganization');

function createGraphql(kit) {
	const { state } = kit;

	function operationName(payload) {
		if (typeof payload.operationName === 'string' && payload.operationName) return payload.operationName;
		const m = /\b(?:query|mutation)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(payload.query ?? '');
		return m ? m[1] : undefined;
	}

	function variableErrors(variables, required) {
		const errors = [];
		for (const [name, type] of Object.entries(required)) {
			const value = variables[name];
			const ok = type === 'Int!' ? Number.isInteger(value) : typeof value === 'string' && value !== '';
			if (!ok) {
				errors.push({
					extensions: { value: value ?? null, problems: [{ path: [], explanation: value === undefined ? 'Expected value to not be null' : `Could not coerce value ${JSON.stringify(value)} to ${type.replace('!', '')}` }] },
					locations: [{ line: 1, column: 1 }],
					message: `Variable $${name} of type ${type} was provided invalid value`,
				});
			}
		}
		return errors;
	}

	function ownerKind(query) {
		if (/\borganization\s*\(\s*login\s*:/.test(query)) return 'organization';
		if (/\buser\s*\(\s*login\s*:/.test(query)) return 'user';
		if (/\brepositoryOwner\s*\(\s*login\s*:/.test(query)) return 'repositoryOwner';
		return undefined;
	}

	/** Resolves {owner, number} to [rootField, project|null, errors]. */
	function findProject(query, variables) {
		const kind = ownerKind(query);
		if (!kind) return { error: { errors: [{ message: 'unsupported by the test server: the query must contain organization(login: or user(login:' }] } };
		const account = kit.account(variables.owner);
		const wantType = kind === 'organization' ? 'Organization' : kind === 'user' ? 'User' : account?.type;
		if (!account || account.type !== wantType) {
			return {
				error: {
					data: { [kind]: null },
					errors: [
						{
							type: 'NOT_FOUND',
							path: [kind],
							locations: [{ line: 2, column: 3 }],
							message: `Could not resolve to ${kind === 'organization' ? 'an Organization' : kind === 'user' ? 'a User' : 'a RepositoryOwner'} with the login of '${variables.owner}'.`,
						},
					],
				},
			};
		}
		const project = Object.values(state.projects).find((p) => p.owner.toLowerCase() === account.login.toLowerCase() && p.number === variables.number);
		if (!project) {
			return {
				error: {
					data: { [kind]: { projectV2: null } },
					errors: [
						{
							type: 'NOT_FOUND',
							path: [kind, 'projectV2'],
							locations: [{ line: 3, column: 5 }],
							message: `Could not resolve to a ProjectV2 with the number ${variables.number}.`,
						},
					],
				},
			};
		}
		return { kind, project };
	}

	function fieldNode(field) {
		const node = { __typename: field.options ? 'ProjectV2SingleSelectField' : 'ProjectV2Field', id: field.id, name: field.name, dataType: field.dataType };
		if (field.options) node.options = field.options.map((o) => ({ id: o.id, name: o.name }));
		return node;
	}

	function itemNode(project, item, u) {
		let content = null;
		if (item.content) {
			const [owner, name] = item.content.repo.split('/');
			const repo = kit.findRepo(owner, name);
			const issue = repo?.issues.get(item.content.number);
			if (issue) {
				content = {
					__typename: issue.pull ? 'PullRequest' : 'Issue',
					id: issue.node_id,
					number: issue.number,
					title: issue.title,
					url: `${u.web}/${repo.owner}/${repo.name}/${issue.pull ? 'pull' : 'issues'}/${issue.number}`,
				};
			}
		} else {
			content = { __typename: 'DraftIssue', id: `DI_${item.id}`, title: item.title ?? 'Draft item' };
		}
		const statusField = project.fields.find((f) => f.name === 'Status' && f.options);
		const optionId = statusField ? item.values[statusField.id] : undefined;
		const option = statusField?.options.find((o) => o.id === optionId);
		return {
			id: item.id,
			type: item.type,
			content,
			fieldValueByName: option ? { __typename: 'ProjectV2ItemFieldSingleSelectValue', name: option.name, optionId: option.id } : null,
		};
	}

	function projectFields(payload) {
		const variables = payload.variables ?? {};
		const errors = variableErrors(variables, { owner: 'String!', number: 'Int!' });
		if (errors.length) return { errors };
		const found = findProject(payload.query ?? '', variables);
		if (found.error) return found.error;
		const { kind, project } = found;
		return {
			data: {
				[kind]: {
					projectV2: {
						id: project.id,
						title: project.title,
						number: project.number,
						fields: { totalCount: project.fields.length, nodes: project.fields.map(fieldNode), pageInfo: { hasNextPage: false, endCursor: null } },
					},
				},
			},
		};
	}

	function projectItems(payload, u) {
		const variables = payload.variables ?? {};
		const errors = variableErrors(variables, { owner: 'String!', number: 'Int!' });
		if (errors.length) return { errors };
		const found = findProject(payload.query ?? '', variables);
		if (found.error) return found.error;
		const { kind, project } = found;
		const all = [...project.items.values()];
		const first = Math.min(Number(variables.first ?? 100), 100);
		const start = variables.after ? Number(Buffer.from(String(variables.after), 'base64').toString('utf8').replace(/^cursor:/, '')) : 0;
		const slice = all.slice(start, start + first);
		const end = start + slice.length;
		return {
			data: {
				[kind]: {
					projectV2: {
						id: project.id,
						title: project.title,
						items: {
							totalCount: all.length,
							nodes: slice.map((item) => itemNode(project, item, u)),
							pageInfo: { hasNextPage: end < all.length, endCursor: slice.length ? Buffer.from(`cursor:${end}`).toString('base64') : null },
						},
					},
				},
			},
		};
	}

	function notFoundNode(id, path) {
		return {
			type: 'NOT_FOUND',
			path,
			locations: [{ line: 2, column: 3 }],
			message: `Could not resolve to a node with the global id of '${id}'`,
		};
	}

	function updateItemStatus(payload, who, u) {
		const variables = payload.variables ?? {};
		const errors = variableErrors(variables, { projectId: 'ID!', itemId: 'ID!', fieldId: 'ID!', optionId: 'String!' });
		if (errors.length) return { errors };
		// a GitHub App's installation token has no scopes: its installation's permission counts (apps.js)
		if (who.installation !== undefined) {
			const installation = state.app.installations.get(who.installation);
			if (installation?.permissions.organization_projects !== 'write') {
				return { errors: [{ type: 'FORBIDDEN', path: ['updateProjectV2ItemFieldValue'], message: 'Resource not accessible by integration' }] };
			}
		} else if (!who.scopes.includes('project')) {
			return {
				errors: [
					{
						type: 'INSUFFICIENT_SCOPES',
						locations: [{ line: 2, column: 3 }],
						message: "Your token has not been granted the required scopes to execute this query. The 'updateProjectV2ItemFieldValue' field requires one of the following scopes: ['project'], but your token has only been granted the: [" + who.scopes.map((s) => `'${s}'`).join(', ') + '] scopes. Please modify your token\'s scopes at: https://github.com/settings/tokens.',
					},
				],
			};
		}
		const path = ['updateProjectV2ItemFieldValue'];
		const project = state.projects[variables.projectId];
		const nullData = { data: { updateProjectV2ItemFieldValue: null } };
		if (!project) return { ...nullData, errors: [notFoundNode(variables.projectId, path)] };
		const installation = who.installation !== undefined ? state.app.installations.get(who.installation) : undefined;
		const canWrite = installation
			? project.ownerType === 'organization' && installation.account.toLowerCase() === project.owner.toLowerCase()
			: project.ownerType === 'organization'
				? Boolean(Object.keys(kit.state.orgs[project.owner.toLowerCase()]?.members ?? {}).some((m) => m.toLowerCase() === who.login.toLowerCase()))
				: project.owner.toLowerCase() === who.login.toLowerCase();
		if (!canWrite) return { ...nullData, errors: [{ type: 'FORBIDDEN', path, locations: [{ line: 2, column: 3 }], message: `${who.login} does not have permission to update this project.` }] };
		const item = project.items.get(variables.itemId);
		if (!item) return { ...nullData, errors: [notFoundNode(variables.itemId, path)] };
		const field = project.fields.find((f) => f.id === variables.fieldId);
		if (!field) return { ...nullData, errors: [notFoundNode(variables.fieldId, path)] };
		if (!field.options) return { ...nullData, errors: [{ type: 'UNPROCESSABLE', path, locations: [{ line: 2, column: 3 }], message: `The field ${field.name} is not a single select field; set singleSelectOptionId only on single select fields.` }] };
		const option = field.options.find((o) => o.id === variables.optionId);
		if (!option) return { ...nullData, errors: [{ type: 'UNPROCESSABLE', path, locations: [{ line: 2, column: 3 }], message: `The single select option Id does not belong to the field` }] };
		const from = item.values[field.id];
		item.values[field.id] = option.id;
		if (project.ownerType === 'organization') {
			kit.emitWebhook('projects_v2_item', { org: project.owner, u, sender: who.login }, () => ({
				action: 'edited',
				projects_v2_item: {
					id: Number.parseInt(String(item.id).replace(/\D/g, '') || '1', 10),
					node_id: item.id,
					project_node_id: project.id,
					content_node_id: item.content ? itemNode(project, item, u).content?.id ?? null : `DI_${item.id}`,
					content_type: item.type === 'ISSUE' ? 'Issue' : item.type === 'PULL_REQUEST' ? 'PullRequest' : 'DraftIssue',
					creator: shapes.simpleUser(u, kit.account(kit.LOGIN)),
					created_at: '2024-01-02T10:00:00Z',
					updated_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
					archived_at: null,
				},
				changes: {
					field_value: {
						field_node_id: field.id,
						field_type: 'single_select',
						field_name: field.name,
						project_number: project.number,
						from: from ? { id: from, name: field.options.find((o) => o.id === from)?.name ?? null } : null,
						to: { id: option.id, name: option.name },
					},
				},
			}));
		}
		return { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: item.id } } } };
	}

	function samlIdentities(payload, who) {
		const variables = payload.variables ?? {};
		const errors = variableErrors(variables, { org: 'String!' });
		if (errors.length) return { errors };
		if (!/\borganization\s*\(\s*login\s*:/.test(payload.query)) return { errors: [{ message: 'unsupported by the test server: the query must contain organization(login:' }] };
		const org = state.orgs[String(variables.org).toLowerCase()];
		if (!org) {
			return { data: { organization: null }, errors: [{ type: 'NOT_FOUND', path: ['organization'], locations: [{ line: 2, column: 3 }], message: `Could not resolve to an Organization with the login of '${variables.org}'.` }] };
		}
		if (!org.saml) return { data: { organization: { samlIdentityProvider: null } } };
		const role = Object.entries(org.members).find(([login]) => login.toLowerCase() === who.login.toLowerCase())?.[1];
		if (role !== 'admin') {
			return {
				data: { organization: { samlIdentityProvider: null } },
				errors: [{ type: 'FORBIDDEN', path: ['organization', 'samlIdentityProvider'], locations: [{ line: 3, column: 5 }], message: `${who.login} must be an owner of ${org.login} to read its SAML identities.` }],
			};
		}
		const first = Math.min(Number.isInteger(variables.first) ? variables.first : 100, 100);
		const start = typeof variables.after === 'string' && variables.after ? Number(Buffer.from(variables.after, 'base64').toString('utf8').replace(/^cursor:/, '')) : 0;
		const page = org.saml.identities.slice(start, start + first);
		const end = start + page.length;
		return {
			data: {
				organization: {
					samlIdentityProvider: {
						externalIdentities: {
							nodes: page.map((identity) => ({
								samlIdentity: { nameId: identity.nameId, emails: identity.emails.map((value) => ({ value })) },
								user: identity.login ? { login: kit.account(identity.login)?.login ?? identity.login } : null,
							})),
							pageInfo: { hasNextPage: end < org.saml.identities.length, endCursor: page.length ? Buffer.from(`cursor:${end}`).toString('base64') : null },
						},
					},
				},
			},
		};
	}

	function execute(payload, who, u) {
		if (!payload || typeof payload !== 'object' || typeof payload.query !== 'string' || payload.query.trim() === '') {
			return { body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] } };
		}
		if (payload.variables !== undefined && payload.variables !== null && typeof payload.variables !== 'object') {
			return { body: { errors: [{ message: 'Variables are invalid JSON.' }] } };
		}
		const checked = schema.check(payload);
		if (checked.errors) return { body: { errors: checked.errors }, cost: 1 };
		const { cost } = checked;
		const name = operationName(payload);
		if (name === 'ProjectFields') return { body: projectFields(payload), cost };
		if (name === 'ProjectItems') return { body: projectItems(payload, u), cost };
		if (name === 'UpdateItemStatus') return { body: updateItemStatus(payload, who, u), cost };
		if (name === 'SamlIdentities') return { body: samlIdentities(payload, who), cost };
		if (name === 'OrganizationRepositories' || name === 'OrganizationTeamMaintainers') return { body: schema.run(checked, payload, organizationRoot(kit, who, checked)), cost };
		return { body: { errors: [{ message: 'unsupported by the test server' }] }, cost };
	}

	return { execute };
}

module.exports = { createGraphql };
