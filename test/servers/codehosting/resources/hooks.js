'use strict';
/**
 * Webhooks: POST/GET …/hooks, GET/DELETE …/hooks/{id}, and the delivery log: GET …/deliveries
 * (newest first, `per_page` up to 100, cursor paging through the `Link` header's rel="next" as
 * the description says, `status=success|failure` by status-code range), GET …/deliveries/{id}
 * (with request and response) and POST …/deliveries/{id}/attempts (202, then the same GUID,
 * event and body are sent again, signed with the hook's current secret, and logged as a
 * redelivery); for repositories and organizations. The log keeps 3 days, as the platform does:
 * older entries are neither listed nor redelivered; `state.holdRedeliveries` keeps redeliveries
 * until `srv.releaseRedeliveries()`; `state.redeliveryDelayMs` makes redeliveries
 * go out that much after the 202.
 */
const git = require('../git');
const shapes = require('../shapes');

const HOOK_EVENTS = new Set([
	'*', 'branch_protection_configuration', 'branch_protection_rule', 'check_run', 'check_suite', 'code_scanning_alert',
	'commit_comment', 'create', 'custom_property', 'custom_property_values', 'delete', 'dependabot_alert',
	'deploy_key', 'deployment', 'deployment_protection_rule', 'deployment_review', 'deployment_status',
	'discussion', 'discussion_comment', 'fork', 'github_app_authorization', 'gollum', 'installation',
	'installation_repositories', 'installation_target', 'issue_comment', 'issue_dependencies', 'issues', 'label',
	'marketplace_purchase', 'member', 'membership', 'merge_group', 'meta', 'milestone', 'org_block',
	'organization', 'package', 'page_build', 'personal_access_token_request', 'ping', 'project', 'project_card',
	'project_column', 'projects_v2', 'projects_v2_item', 'projects_v2_status_update', 'public', 'pull_request',
	'pull_request_review', 'pull_request_review_comment', 'pull_request_review_thread', 'push', 'registry_package',
	'release', 'repository', 'repository_advisory', 'repository_dispatch', 'repository_import',
	'repository_ruleset', 'repository_vulnerability_alert', 'secret_scanning_alert',
	'secret_scanning_alert_location', 'secret_scanning_scan', 'security_advisory', 'security_and_analysis',
	'sponsorship', 'star', 'status', 'sub_issues', 'team', 'team_add', 'watch', 'workflow_dispatch', 'workflow_job',
	'workflow_run',
]);

/** Adds the handlers to `routes` (see ../routes.js). */
function registerHooks(routes, kit, common) {
	const { state } = kit;
	const { repoFor, needScope } = common;

	// ------------------------------------------------------------ hooks
	function hookList(scope, target) {
		return Object.values(state.hooks)
			.filter((h) => h.scope === scope && h.target.toLowerCase() === target.toLowerCase())
			.sort((a, b) => a.id - b.id);
	}

	function createHook(ctx, scope, target, targetId) {
		const b = ctx.body ?? {};
		const name = b.name ?? 'web';
		if (name !== 'web') throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', field: 'name', message: `Name "${name}" is not a valid hook name. Only "web" is supported.` }]);
		const config = b.config ?? {};
		if (!config.url) throw ctx.fail(422, 'Invalid request.\n\n"url" wasn\'t supplied.');
		let url;
		try {
			url = new URL(config.url);
		} catch {
			url = undefined;
		}
		if (!url || !/^https?:$/.test(url.protocol)) {
			throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: 'Config url must be a valid URL' }]);
		}
		const events = b.events ?? ['push'];
		const invalid = events.filter((e) => !HOOK_EVENTS.has(e));
		if (invalid.length) throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: `Invalid event names: ${invalid.join(', ')}` }]);
		const contentType = config.content_type ?? 'form';
		if (!['json', 'form'].includes(contentType)) throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: `content_type "${contentType}" is invalid; use json or form` }]);
		if (hookList(scope, target).some((h) => h.config.url === config.url)) {
			throw ctx.validationFailed([{ resource: 'Hook', code: 'custom', message: `Hook already exists on this ${scope === 'organization' ? 'organization' : 'repository'}` }]);
		}
		const id = kit.nextId();
		const now = git.isoNow();
		const h = {
			id,
			scope,
			target,
			targetId,
			creator: ctx.who.login,
			name: 'web',
			active: b.active ?? true,
			events: [...new Set(events)],
			config: {
				url: config.url,
				content_type: contentType,
				secret: config.secret || undefined,
				insecure_ssl: String(config.insecure_ssl ?? '0'),
			},
			created_at: now,
			updated_at: now,
			last_response: { code: null, status: 'unused', message: null },
			deliveries: [],
		};
		state.hooks[id] = h;
		if (h.active) {
			const payload = kit.pingPayload(h, ctx.u);
			kit.track(kit.sendDelivery(h, 'ping', payload, {}).catch(() => {}));
		}
		const body = shapes.hook(ctx.u, h);
		return { status: 201, body, headers: { Location: body.url } };
	}

	function orgAdmin(ctx) {
		const org = state.orgs[ctx.params.org.toLowerCase()];
		if (!org) throw ctx.notFound();
		// an installation on the organization with organization_hooks (checked in ../apps.js) acts as its admin
		if (ctx.who.installation !== undefined) return org;
		const role = Object.entries(org.members).find(([m]) => m.toLowerCase() === ctx.who.login.toLowerCase())?.[1];
		if (!role) throw ctx.notFound();
		if (role !== 'admin') throw ctx.fail(403, 'You need admin access to the organization to manage its webhooks.');
		needScope(ctx, 'admin:org_hook');
		return org;
	}

	function hookFor(ctx, scope, target) {
		const h = state.hooks[Number(ctx.params.hook_id)];
		if (!h || h.scope !== scope || h.target.toLowerCase() !== target.toLowerCase()) throw ctx.notFound();
		return h;
	}

	routes['POST /repos/{owner}/{repo}/hooks'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		needScope(ctx, 'admin:repo_hook', 'write:repo_hook', 'repo');
		return createHook(ctx, 'repository', `${repo.owner}/${repo.name}`, repo.id);
	};

	routes['GET /repos/{owner}/{repo}/hooks'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		needScope(ctx, 'admin:repo_hook', 'write:repo_hook', 'read:repo_hook', 'repo');
		return { body: kit.paginate(ctx, hookList('repository', `${repo.owner}/${repo.name}`)).map((h) => shapes.hook(ctx.u, h)) };
	};

	routes['GET /repos/{owner}/{repo}/hooks/{hook_id}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		return { body: shapes.hook(ctx.u, hookFor(ctx, 'repository', `${repo.owner}/${repo.name}`)) };
	};

	routes['DELETE /repos/{owner}/{repo}/hooks/{hook_id}'] = (ctx) => {
		const repo = repoFor(ctx, 'admin');
		const h = hookFor(ctx, 'repository', `${repo.owner}/${repo.name}`);
		delete state.hooks[h.id];
		return { status: 204 };
	};

	// ------------------------------------------------------------ delivery log
	const RETENTION_MS = 3 * 24 * 60 * 60 * 1000;
	const CURSOR = /^v1_(\d+)$/;

	const retained = (h) => h.deliveries.filter((d) => d.status !== 'pending' && kit.now() - d.deliveredAtMs <= RETENTION_MS);

	function deliveryItem(d, h) {
		return {
			id: d.id,
			guid: d.guid,
			delivered_at: d.delivered_at,
			redelivery: d.redelivery,
			duration: d.duration,
			status: d.status,
			status_code: d.status_code,
			event: d.event,
			action: d.action,
			installation_id: null,
			repository_id: h.scope === 'repository' ? h.targetId : null,
			throttled_at: null,
		};
	}

	function listDeliveries(ctx, h) {
		let perPage = Number(ctx.query.per_page ?? 30);
		if (!Number.isInteger(perPage) || perPage < 1) perPage = 30;
		perPage = Math.min(perPage, 100);
		let entries = retained(h).sort((a, b) => b.id - a.id);
		if (ctx.query.status === 'success') entries = entries.filter((d) => d.status_code >= 200 && d.status_code < 400);
		if (ctx.query.status === 'failure') entries = entries.filter((d) => d.status_code >= 400 && d.status_code < 600);
		if (ctx.query.cursor !== undefined) {
			const match = CURSOR.exec(String(ctx.query.cursor));
			if (!match) throw ctx.validationFailed([{ resource: 'HookDelivery', field: 'cursor', code: 'invalid', message: 'cursor is invalid' }]);
			entries = entries.filter((d) => d.id < Number(match[1]));
		}
		const page = entries.slice(0, perPage);
		if (entries.length > perPage) {
			const params = new URLSearchParams(ctx.search);
			params.set('per_page', String(perPage));
			params.set('cursor', `v1_${page[page.length - 1].id}`);
			ctx.responseHeaders.Link = `<${ctx.origin}${ctx.rawPathFull}?${params.toString()}>; rel="next"`;
		}
		return { body: page.map((d) => deliveryItem(d, h)) };
	}

	function deliveryFor(ctx, h) {
		const d = retained(h).find((entry) => entry.id === Number(ctx.params.delivery_id));
		if (!d) throw ctx.notFound();
		return d;
	}

	function getDelivery(ctx, h) {
		const d = deliveryFor(ctx, h);
		return {
			body: {
				...deliveryItem(d, h),
				url: d.url,
				request: { headers: d.requestHeaders ?? null, payload: d.payload ?? null },
				response: { headers: d.responseHeaders ?? null, payload: d.responseBody ?? null },
			},
		};
	}

	function redeliver(ctx, h) {
		const d = deliveryFor(ctx, h);
		const send = () => kit.sendDelivery(h, d.event, d.payload, { guid: d.guid, redelivery: true, bodyText: d.requestBody });
		// state.holdRedeliveries: the platform redelivers only when the test says so
		// (srv.releaseRedeliveries(): a busy platform, without a time to guess); state.redeliveryDelayMs:
		// that much later
		const delay = Number(state.redeliveryDelayMs ?? 0);
		const held = state.holdRedeliveries ? new Promise((resolve) => (state.heldRedeliveries ??= []).push(resolve)) : undefined;
		const later = held ? held.then(send) : delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)).then(send) : send();
		kit.track(later.catch(() => {}));
		return { status: 202, body: {} };
	}

	const repoHook = (ctx, readOnly) => {
		const repo = repoFor(ctx, 'admin');
		if (readOnly) needScope(ctx, 'admin:repo_hook', 'write:repo_hook', 'read:repo_hook', 'repo');
		else needScope(ctx, 'admin:repo_hook', 'write:repo_hook', 'repo');
		return hookFor(ctx, 'repository', `${repo.owner}/${repo.name}`);
	};
	const orgHook = (ctx) => hookFor(ctx, 'organization', orgAdmin(ctx).login);

	routes['GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries'] = (ctx) => listDeliveries(ctx, repoHook(ctx, true));
	routes['GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}'] = (ctx) => getDelivery(ctx, repoHook(ctx, true));
	routes['POST /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts'] = (ctx) => redeliver(ctx, repoHook(ctx, false));
	routes['GET /orgs/{org}/hooks/{hook_id}/deliveries'] = (ctx) => listDeliveries(ctx, orgHook(ctx));
	routes['GET /orgs/{org}/hooks/{hook_id}/deliveries/{delivery_id}'] = (ctx) => getDelivery(ctx, orgHook(ctx));
	routes['POST /orgs/{org}/hooks/{hook_id}/deliveries/{delivery_id}/attempts'] = (ctx) => redeliver(ctx, orgHook(ctx));

	routes['POST /orgs/{org}/hooks'] = (ctx) => {
		const org = orgAdmin(ctx);
		return createHook(ctx, 'organization', org.login, org.id);
	};

	routes['GET /orgs/{org}/hooks'] = (ctx) => {
		const org = orgAdmin(ctx);
		return { body: kit.paginate(ctx, hookList('organization', org.login)).map((h) => shapes.hook(ctx.u, h)) };
	};

	routes['GET /orgs/{org}/hooks/{hook_id}'] = (ctx) => {
		const org = orgAdmin(ctx);
		return { body: shapes.hook(ctx.u, hookFor(ctx, 'organization', org.login)) };
	};

	routes['DELETE /orgs/{org}/hooks/{hook_id}'] = (ctx) => {
		const org = orgAdmin(ctx);
		const h = hookFor(ctx, 'organization', org.login);
		delete state.hooks[h.id];
		return { status: 204 };
	};
}

module.exports = { registerHooks };
