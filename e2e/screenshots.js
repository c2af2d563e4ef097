'use strict';
/*
 * The README's pictures (npm run screenshots, scripts/screenshots.js): n8n's editor in a real
 * browser with the same helpers as the browser checks (e2e/lib/browser.js), light theme,
 * 1440×900.
 */
const fs = require('fs');
const path = require('path');

const { openEditor } = require('./lib/browser');
const { restClient, DEFAULT_OWNER } = require('./lib/n8n');
const { REPO_ROOT } = require('./lib/runtime');
const { PACKAGE, NODES, lastExecutionId, waitForExecution, waitingResumeUrl } = require('./lib/editor-model');

/** One node panel: `type` added through the creator, then resource and operation chosen. */
async function panelOf(editor, rest, node, resource, operation) {
	const wf = await rest('POST', '/workflows', {
		name: `screenshot: ${node.item}`,
		nodes: [{ id: 'manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
		connections: {},
		settings: {},
		active: false,
	});
	await editor.openWorkflow(wf.id);
	await editor.search(node.search);
	await editor.openCreatorItem(node.item);
	await editor.addAction(`${PACKAGE}.${node.type}`);
	if (resource) await editor.choose('resource', resource);
	if (operation) await editor.choose('operation', operation);
	return wf.id;
}

/**
 * The README's pictures (npm run screenshots): light theme, 1440×900, into `dir`.
 * Returns the files written.
 */
async function takeScreenshots({ baseUrl, owner = DEFAULT_OWNER, dir, log = console.log }) {
	fs.mkdirSync(dir, { recursive: true });
	const rest = await restClient(baseUrl, owner);
	const editor = await openEditor(baseUrl, owner);
	const written = [];
	const shot = async (file, locator) => {
		await editor.screenshot(path.join(dir, file), locator);
		written.push(file);
		log(`screenshot ${file}`);
	};
	const byType = (type) => NODES.find((n) => n.type === type);
	try {
		const empty = await rest('POST', '/workflows', { name: 'screenshot: node creator', nodes: [], connections: {}, settings: {}, active: false });
		await editor.openWorkflow(empty.id, true);
		await editor.search('GitHub');
		await shot('node-creator-search.png');
		await editor.openCreatorItem('Code Hosting');
		await shot('node-creator-code-hosting.png');
		await editor.closeCreator();

		await panelOf(editor, rest, byType('governance'), 'Access', 'Ensure');
		await shot('governance-access-ensure.png');
		await editor.closeNdv();
		await panelOf(editor, rest, byType('codeHosting'), 'Issue', 'Create');
		await shot('code-hosting-issue-create.png');
		await editor.closeNdv();
		await panelOf(editor, rest, byType('clientInfo'), 'Request', 'Create');
		await shot('client-info-request-create.png');
		await editor.closeNdv();

		const trigger = await rest('POST', '/workflows', { name: 'screenshot: trigger', nodes: [], connections: {}, settings: {}, active: false });
		await editor.openWorkflow(trigger.id, true);
		await editor.search('Code Hosting');
		await editor.openCreatorItem('Code Hosting');
		await editor.addAction(`${PACKAGE}.codeHostingTrigger`, 'On new issue');
		await editor.page.getByTestId('ndv').getByText('Webhook URLs', { exact: false }).first().click();
		await editor.openDropdown(editor.page.getByTestId('parameter-input-events'));
		await shot('code-hosting-trigger.png');
		await editor.closeDropdown();
		await editor.closeNdv();

		const workflows = await rest('GET', '/workflows');
		const list = Array.isArray(workflows) ? workflows : workflows.data ?? [];
		const example = list.find((w) => w.name === JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', 'governance-offboard-leaver.json'), 'utf8')).name);
		await editor.openWorkflow(example.id);
		const before = await lastExecutionId(rest, example.id);
		await editor.page.getByTestId('execute-workflow-button').first().click();
		// the example shows its plan and waits for a yes: answer it as the approver does
		const resumeUrl = await waitingResumeUrl(rest, example.id, before, 120_000);
		if (resumeUrl) await fetch(resumeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ approved: true }) });
		await waitForExecution(rest, example.id, before, 120_000);
		await editor.closeToasts();
		await editor.page.getByTestId('zoom-to-fit').click().catch(() => {});
		await shot('example-run.png');
	} finally {
		await editor.close();
	}
	return written;
}

module.exports = { takeScreenshots };
