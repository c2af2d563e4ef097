'use strict';
/**
 * Request body validators of the governance stand-in, compiled from the platform's own OpenAPI
 * copy in test/fixtures/control-api-openapi (or GOVERNANCE_OPENAPI_DIR).
 */
const fs = require('fs');
const path = require('path');
const yaml = require('js-yaml');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');

function openApiDir() {
	if (process.env.GOVERNANCE_OPENAPI_DIR) return process.env.GOVERNANCE_OPENAPI_DIR;
	return path.resolve(__dirname, '../../fixtures/control-api-openapi');
}

let cachedValidators;
function validators() {
	if (cachedValidators) return cachedValidators;
	const dir = openApiDir();
	const auth = yaml.load(fs.readFileSync(path.join(dir, 'auth.yml'), 'utf8'));
	const projects = yaml.load(fs.readFileSync(path.join(dir, 'projects.yml'), 'utf8'));
	const ajv = new Ajv({ strict: false, allErrors: true });
	addFormats(ajv);
	const compile = (doc, name) => {
		const schema = doc.components.schemas[name];
		if (!schema) throw new Error(`schema ${name} missing from the OpenAPI copy`);
		return ajv.compile(schema);
	};
	cachedValidators = {
		CreateProjectInput: compile(projects, 'CreateProjectInput'),
		CreateProjectInviteInput: compile(auth, 'CreateProjectInviteInput'),
		DeleteProjectInviteInput: compile(auth, 'DeleteProjectInviteInput'),
		ListProjectInvitesInput: compile(auth, 'ListProjectInvitesInput'),
		UpdateUserInput: compile(auth, 'UpdateUserInput'),
		DeleteUserInput: compile(auth, 'DeleteUserInput'),
		ListUsersInput: compile(auth, 'ListUsersInput'),
		ResendProjectInviteInput: compile(auth, 'ResendProjectInviteInput'),
		CreateUserKeyInput: compile(auth, 'CreateUserKeyInput'),
		ListUserKeysInput: compile(auth, 'ListUserKeysInput'),
		DeleteUserKeyInput: compile(auth, 'DeleteUserKeyInput'),
		UpdateProjectInput: compile(projects, 'UpdateProjectInput'),
		UpdateOrganizationUserPermissionsInput: compile(auth, 'UpdateOrganizationUserPermissionsInput'),
		// Response bodies: each route's answer is checked against its output schema, so the
		// stand-in serves exactly what the OpenAPI description says.
		outputs: {
			CreateProjectInviteOutput: compile(auth, 'CreateProjectInviteOutput'),
			ListProjectInvitesOutput: compile(auth, 'ListProjectInvitesOutput'),
			ResendProjectInviteOutput: compile(auth, 'ResendProjectInviteOutput'),
			GetUserOutput: compile(auth, 'GetUserOutput'),
			ListUsersOutput: compile(auth, 'ListUsersOutput'),
			CreateUserKeyOutput: compile(auth, 'CreateUserKeyOutput'),
			ListUserKeysOutput: compile(auth, 'ListUserKeysOutput'),
			DeleteUserKeyOutput: compile(auth, 'DeleteUserKeyOutput'),
			UpdateProjectOutput: compile(projects, 'UpdateProjectOutput'),
			CreateProjectOutput: compile(projects, 'CreateProjectOutput'),
			ListProjectsOutput: compile(projects, 'ListProjectsOutput'),
			GetProjectsOrgInfoOutput: compile(projects, 'GetProjectsOrgInfoOutput'),
			GetAuthHeaderInfoOutput: compile(auth, 'GetAuthHeaderInfoOutput'),
			DeleteProjectInviteOutput: compile(auth, 'DeleteProjectInviteOutput'),
			UpdateUserOutput: compile(auth, 'UpdateUserOutput'),
			DeleteUserOutput: compile(auth, 'DeleteUserOutput'),
			UpdateOrganizationUserPermissionsOutput: compile(auth, 'UpdateOrganizationUserPermissionsOutput'),
		},
		// The path parameter pattern of the OpenAPI copy is `^[a-zd._-]+$`, a `\d` that lost its
		// backslash; the intended pattern is used here (user and organization IDs alike, at most
		// 240 characters).
		userIdPattern: /^[a-z\d._-]+$/,
		pathParamMaxLength: 240,
	};
	return cachedValidators;
}

module.exports = { validators };
