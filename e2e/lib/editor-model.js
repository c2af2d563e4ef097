'use strict';
/*
 * What the browser checks (e2e/browser-phase.js) and the README's pictures (e2e/screenshots.js)
 * know about the pack in n8n's editor: its nodes as a person looks for them, the list pickers to
 * fill, which parameters a description shows for a resource and operation, and n8n's executions
 * of a workflow read through its REST API.
 */
const PACKAGE = 'n8n-nodes-governance-connectors';
const CUSTOM_API_CALL_KEY = '__CUSTOM_API_CALL__';

/** The pack's nodes as a person looks for them, and what each check does with them. */
const NODES = [
	{ type: 'governance', search: 'Governance', item: 'Governance', kind: 'action' },
	{ type: 'codeHosting', search: 'Code Hosting', item: 'Code Hosting', kind: 'action', alias: 'GitHub' },
	{ type: 'clientInfo', search: 'Client Info', item: 'Client Info', kind: 'action' },
	{ type: 'codeHostingTrigger', search: 'Code Hosting', item: 'Code Hosting', kind: 'webhook' },
	{ type: 'clientInfoTrigger', search: 'Client Info', item: 'Client Info', kind: 'webhook' },
	{ type: 'codeHostingPollingTrigger', search: 'Code Hosting', item: 'Code Hosting Polling', kind: 'polling' },
];

/**
 * Pickers that fill from the platform: node, where, and the pickers in order (a later one needs
 * the earlier): a name (the first item is chosen) or [name, the item to choose].
 */
const PICKERS = [
	{ type: 'governance', resource: 'Access', operation: 'Ensure', pick: ['project'] },
	{ type: 'governance', resource: 'API Key', operation: 'Create', pick: ['userId'] },
	{ type: 'governance', resource: 'Invite', operation: 'Delete', pick: ['inviteCode'] },
	{ type: 'governance', resource: 'User', operation: 'Update Organization Role', pick: ['organizationId'] },
	// octo-user/hello-world, the stand-in's repository with workflows, with octo-user's token
	{ type: 'codeHosting', credential: 'Code Hosting token (local test server)', resource: 'Workflow', operation: 'Dispatch', pick: [['owner', 'octo-user'], ['repository', 'hello-world'], 'workflowId', 'ref'] },
	{ type: 'codeHosting', resource: 'Branch', operation: 'Get', pick: [['owner', 'octo-user'], ['repository', 'hello-world'], 'branch'] },
	{ type: 'clientInfo', resource: 'Client', operation: 'Get', pick: ['clientId'] },
	{ type: 'clientInfo', resource: 'Request', operation: 'Get', pick: ['requestId'] },
	{ type: 'clientInfo', resource: 'Request', operation: 'Create', pick: ['templateId'] },
];

async function lastExecutionId(rest, workflowId) {
	const res = await rest('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=1`);
	const rows = res.results ?? res.data?.results ?? res;
	return Array.isArray(rows) && rows.length ? String(rows[0].id) : null;
}

/** The first execution of `workflowId` after `before` once it has finished (or null on time-out). */
async function waitForExecution(rest, workflowId, before, ms) {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		const res = await rest('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=1`);
		const rows = res.results ?? res.data?.results ?? res;
		const last = Array.isArray(rows) && rows.length ? rows[0] : null;
		if (last && String(last.id) !== before && !['running', 'new', 'waiting'].includes(last.status)) return last;
		await new Promise((r) => setTimeout(r, 500));
	}
	return null;
}

/**
 * The resume URL the plan item of the first execution of `workflowId` after `before` carries, once
 * that execution waits at its approval (the examples that change access), or null when it ends or
 * `ms` pass first. Found wherever the execution's data holds it (n8n answers the data flatted: a
 * JSON text inside the JSON), with its signature on n8n 2.x.
 */
async function waitingResumeUrl(rest, workflowId, before, ms) {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		const res = await rest('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=1`);
		const rows = res.results ?? res.data?.results ?? res;
		const last = Array.isArray(rows) && rows.length ? rows[0] : null;
		if (last && String(last.id) !== before && last.status === 'waiting') {
			const pattern = new RegExp(`^https?://[^\\s"]+/webhook-waiting/${last.id}(\\?[^\\s"]*)?$`);
			const find = (value) => {
				if (typeof value === 'string') {
					if (pattern.test(value)) return value;
					if (!/^[[{]/.test(value)) return undefined;
					try {
						return find(JSON.parse(value));
					} catch {
						return undefined;
					}
				}
				if (value && typeof value === 'object') {
					for (const v of Object.values(value)) {
						const hit = find(v);
						if (hit) return hit;
					}
				}
				return undefined;
			};
			const url = find(await rest('GET', `/executions/${last.id}`));
			if (url) return url;
		}
		if (last && String(last.id) !== before && !['running', 'new', 'waiting'].includes(last.status)) return null;
		await new Promise((r) => setTimeout(r, 500));
	}
	return null;
}

/** Throws listing every failure (one a line) when there are any. */
function fail(failures) {
	if (failures.length) throw new Error(`${failures.length} problem(s):\n${failures.slice(0, 80).join('\n')}`);
}

function displayText(option) {
	return option.name;
}

/** Top-level parameters of `desc` shown for resource/operation values by their displayOptions (defaults elsewhere). */
function expectedShown(desc, values) {
	const params = {};
	for (const p of desc.properties) if (!(p.name in params)) params[p.name] = p.default;
	Object.assign(params, values);
	return desc.properties.filter((p) => p.type !== 'hidden' && visible(p, params)).map((p) => p.name);
}

function visible(p, params) {
	const show = p.displayOptions?.show ?? {};
	const hide = p.displayOptions?.hide ?? {};
	for (const [key, allowed] of Object.entries(show)) {
		if (key.startsWith('@')) continue;
		if (!allowed.includes(params[key])) return false;
	}
	for (const [key, denied] of Object.entries(hide)) {
		if (key.startsWith('@')) continue;
		if (denied.includes(params[key])) return false;
	}
	return true;
}

/** Values of `name` (resource or operation) for the current parameters, as the editor lists them. */
function optionsFor(desc, name, params) {
	const prop = desc.properties.find((p) => p.name === name && visible(p, params));
	return prop ? prop.options : undefined;
}

function hasDefault(prop) {
	const d = prop?.default;
	if (d === undefined || d === null || d === '') return false;
	if (typeof d === 'object' && !Array.isArray(d) && Object.keys(d).length === 0) return false;
	if (Array.isArray(d) && d.length === 0) return false;
	if (prop.type === 'resourceLocator' && (d.value === '' || d.value === undefined) && d.mode !== 'credential') return false;
	return true;
}

/** `text` as a literal in a regular expression. */
function escapeRegExp(text) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

module.exports = {
	escapeRegExp,
	PACKAGE,
	CUSTOM_API_CALL_KEY,
	NODES,
	PICKERS,
	lastExecutionId,
	waitForExecution,
	waitingResumeUrl,
	fail,
	displayText,
	expectedShown,
	visible,
	optionsFor,
	hasDefault,
};
