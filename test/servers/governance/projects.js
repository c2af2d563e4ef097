'use strict';
/**
 * Projects of the governance stand-in: POST /latest/projects/create, POST /latest/projects/update
 * (the credential's project), GET /latest/projects/list, GET /latest/projects/organization_info.
 */
const crypto = require('crypto');
const { ADMIN_USER_ID } = require('./state');

/** Handlers over `state`; each takes {body, who, params, query} and returns [status, payload]. */
function createProjectHandlers(state) {
	function createProject(ctx) {
		const { body, who } = ctx;
		if (!state.organizations[body.organization_id]) {
			return [404, { message: `Organization ${body.organization_id} not found`, error_type: 'not_found', error_audience: 'user' }];
		}
		const projectId = `proj-${crypto.randomBytes(6).toString('hex')}`;
		state.projects[projectId] = {
			project_id: projectId,
			name: body.name ?? '',
			description: body.description ?? '',
			organization_id: body.organization_id,
			...(body.language ? { language: body.language } : {}),
		};
		state.memberships[projectId] = { [who.userId]: { items: { serviceDefault: { actions: { admin: true } } } } };
		return [200, { project_id: projectId }];
	}

	function listProjects(ctx) {
		const { query } = ctx;
		for (const name of ['page', 'page_size']) {
			if (query.has(name) && !/^\d+$/.test(query.get(name))) {
				return [422, { message: `${name} must be a number`, error_type: 'validation', error_audience: 'user' }];
			}
		}
		const page = Number(query.get('page') ?? 1);
		const pageSize = Number(query.get('page_size') ?? 20);
		if (page < 1 || pageSize < 1 || pageSize > 100) {
			return [422, { message: 'page must be >= 1 and page_size between 1 and 100', error_type: 'validation', error_audience: 'user' }];
		}
		const visible = Object.values(state.projects).filter((project) => state.memberships[project.project_id]?.[ctx.who.userId]);
		const slice = visible.slice((page - 1) * pageSize, page * pageSize).map((project) => ({
			_id: project.project_id,
			project_id: project.project_id,
			name: project.name,
			description: project.description,
			organization_id: project.organization_id,
			organization_name: state.organizations[project.organization_id]?.name ?? '',
			created_by_user_id: ADMIN_USER_ID,
			permissions: state.memberships[project.project_id][ctx.who.userId],
		}));
		return [200, { projects: slice, count: visible.length }];
	}

	function updateProject(ctx) {
		const project = state.projects[ctx.who.projectId];
		for (const field of ['name', 'description', 'datastore', 'language']) {
			if (ctx.body[field] !== undefined) project[field] = ctx.body[field];
		}
		return [200, { status: 'success', message: 'Project updated' }];
	}

	/** The GetProjectsOrgInfoOutput of the organization of the credential's project. */
	function organizationInfo(ctx) {
		const organizationId = state.projects[ctx.who.projectId].organization_id;
		const info = state.organizationInfo[organizationId];
		if (!info) {
			return [404, { message: `Organization ${organizationId} not found`, error_type: 'not_found', error_audience: 'user' }];
		}
		return [200, JSON.parse(JSON.stringify(info))];
	}

	return { createProject, updateProject, listProjects, organizationInfo };
}

module.exports = { createProjectHandlers };
