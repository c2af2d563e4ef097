'use strict';
/*
 * What a person meets in n8n's editor, in a real browser (playwright-core + Debian's chromium),
 * against the n8n that `npm start` brings up (its stand-ins, credentials and examples):
 *  - the node creator finds each of the pack's nodes by its name (Code Hosting also by "GitHub",
 *    its codex alias) and its details read as the node they open;
 *  - each action node: every resource and every operation chosen in turn in the node panel; the
 *    lists shown equal the description n8n serves; it fails on a console or page error, an error
 *    toast, a parameter issue on a parameter that has a default, a resource without its operation
 *    list, and a parameter that no resource/operation ever shows;
 *  - list pickers (project, owner, repository, branch, workflow, client, template) fill from the
 *    stand-ins;
 *  - triggers: the panel shows the production and test webhook URLs and every event;
 *  - credentials: each opens and its test passes;
 *  - examples: each runs from the canvas, and every node that ran ends successful.
 * e2e/screenshots.js (npm run screenshots) takes the README's pictures with the same helpers.
 *
 * Run alone against a running n8n (e.g. the one of `npm start`):
 *   node e2e/browser-phase.js --url http://localhost:5678 [--only TEXT]
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');

const { openEditor } = require('./lib/browser');
const { restClient, DEFAULT_OWNER } = require('./lib/n8n');
const { REPO_ROOT } = require('./lib/runtime');
const { repeated } = require('./results');
const { accessChanging } = require('./example-approvals');
const { isCertification } = require('./example-certification');
const { APPROVER } = require('./credentials');
const {
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
} = require('./lib/editor-model');

async function runBrowserPhase({ baseUrl, owner = DEFAULT_OWNER, test, log = console.log, only, repeat = 1 }) {
	// --repeat N: each check N rounds in a row (the way to find a flake)
	const check = (name, fn) => repeated(repeat, name, fn, test);
	const started = Date.now();
	const rest = await restClient(baseUrl, owner);
	const types = await rest.getJson('/types/nodes.json');
	const described = (type) => {
		const desc = types.find((t) => t.name === `${PACKAGE}.${type}`);
		assert.ok(desc, `n8n serves no description for ${type}`);
		return desc;
	};
	let editor;
	const ok = await test('editor: chromium opens n8n and logs in as the owner', async () => {
		editor = await openEditor(baseUrl, owner);
	});
	if (!ok && !editor) return Date.now() - started;
	const wants = (text) => !only || text.toLowerCase().includes(only.toLowerCase());

	/** A new workflow with a Manual Trigger, opened in the editor. */
	async function freshWorkflow(name, empty = false) {
		const manual = { id: 'manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
		const wf = await rest('POST', '/workflows', {
			name,
			nodes: empty ? [] : [manual],
			connections: {},
			settings: {},
			active: false,
		});
		await editor.openWorkflow(wf.id, empty);
		editor.take();
		return wf.id;
	}

	/** Checks after each step: what a person would notice. */
	async function noticed(where) {
		const problems = editor.take();
		for (const toast of await editor.errorToasts()) problems.push(`error toast: ${toast}`);
		await editor.closeToasts();
		return problems.map((p) => `${where}: ${p}`);
	}

	try {
		// ---- the node creator
		if (wants('creator')) {
			await check('editor: the node creator finds every node of the pack by its name', async () => {
				await freshWorkflow('browser: node creator', true);
				const failures = [];
				for (const node of NODES) {
					const names = await editor.search(node.search);
					if (!names.includes(node.item)) failures.push(`"${node.search}" lists ${JSON.stringify(names)}, not "${node.item}"`);
					if (node.alias) {
						const byAlias = await editor.search(node.alias);
						if (!byAlias.includes(node.item)) failures.push(`"${node.alias}" lists ${JSON.stringify(byAlias)}, not "${node.item}"`);
					}
				}
				// the details of an app entry (actions and triggers merged by n8n) describe what it opens
				const names = await editor.search('Code Hosting');
				assert.ok(names.includes('Code Hosting'));
				const details = await editor.openCreatorItem('Code Hosting');
				if (!/Actions \(\d+\)/.test(details)) failures.push(`Code Hosting's details list no actions:\n${details.slice(0, 400)}`);
				// n8n lists one trigger entry per option of the trigger's Events, as the pack describes them
				const triggerEvents = described('codeHostingTrigger').properties.find((p) => p.name === 'events')?.options ?? [];
				assert.ok(triggerEvents.length > 0, 'the Code Hosting Trigger describes its events');
				if (!new RegExp(`Triggers \\(${triggerEvents.length}\\)`).test(details)) failures.push(`Code Hosting's details do not list its ${triggerEvents.length} triggers:\n${details.slice(0, 400)}`);
				const intro = details.split('\n').slice(0, 6).join(' ');
				if (!/issues|pull requests|repositories/i.test(intro) || /^[^]*Starts the workflow on repository and organization events, through/.test(intro)) {
					failures.push(`Code Hosting's details introduce it as: ${intro.slice(0, 300)}`);
				}
				failures.push(...(await noticed('node creator')));
				await editor.closeCreator();
				fail(failures);
			});
		}

		// ---- every resource and operation of the action nodes
		for (const node of NODES.filter((n) => n.kind === 'action')) {
			if (!wants(node.type) && !wants('operations')) continue;
			await check(`editor: ${node.item}: every resource and operation opens without a problem`, async () => {
				const desc = described(node.type);
				await freshWorkflow(`browser: ${node.item} operations`);
				await editor.search(node.search);
				await editor.openCreatorItem(node.item);
				await editor.addAction(`${PACKAGE}.${node.type}`);
				const failures = [...(await noticed(`${node.item}: adding it`))];
				const seen = new Set();
				let operations = 0;
				const baseParams = { authentication: desc.properties.find((p) => p.name === 'authentication')?.default };
				const resources = (optionsFor(desc, 'resource', baseParams) ?? []).filter((o) => o.value !== CUSTOM_API_CALL_KEY);
				const listedResources = await editor.options('resource');
				const twice = listedResources.filter((name, i) => listedResources.indexOf(name) !== i);
				if (twice.length) failures.push(`Resource lists ${JSON.stringify(twice)} twice`);
				const wantResources = optionsFor(desc, 'resource', baseParams).map(displayText);
				if (JSON.stringify(listedResources) !== JSON.stringify(wantResources)) {
					failures.push(`Resource lists ${JSON.stringify(listedResources)}; the description: ${JSON.stringify(wantResources)}`);
				}
				for (const resource of resources) {
					await editor.choose('resource', resource.name);
					failures.push(...(await noticed(`${resource.name}`)));
					// the Operation list the description gives this resource (whatever else its displayOptions say)
					const opsProp = desc.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value));
					if (!opsProp) {
						failures.push(`${resource.name}: no operation to choose (no Operation list of the description shows for resource ${resource.value})`);
						continue;
					}
					const ops = opsProp.options;
					if (!(await editor.page.getByTestId('parameter-input-operation').isVisible())) {
						failures.push(`${resource.name}: no Operation list is shown (the description has ${ops.length} operations; displayOptions ${JSON.stringify(opsProp.displayOptions)})`);
						continue;
					}
					const listed = await editor.options('operation');
					const want = ops.map(displayText);
					if (JSON.stringify(listed) !== JSON.stringify(want)) {
						failures.push(`${resource.name}: Operation lists ${JSON.stringify(listed)}; the description: ${JSON.stringify(want)}`);
					}
					for (const op of ops.filter((o) => o.value !== CUSTOM_API_CALL_KEY)) {
						await editor.choose('operation', op.name);
						operations++;
						const where = `${resource.name} → ${op.name}`;
						failures.push(...(await noticed(where)));
						const shownNow = await editor.shownParameters();
						const shown = desc.properties
							.filter((p) => shownNow.names.includes(p.name) || (/collection/i.test(p.type) && shownNow.lines.includes(p.displayName)))
							.map((p) => p.name);
						for (const name of shown) seen.add(name);
						const active = await editor.activeNode();
						const issues = active.issues.parameters ?? {};
						const current = active.parameters;
						if (current.resource !== resource.value || current.operation !== op.value) {
							failures.push(`${where}: the editor holds resource ${current.resource}, operation ${current.operation}`);
						}
						for (const [param, messages] of Object.entries(issues)) {
							const prop = desc.properties.find((p) => p.name === param && visible(p, { ...current }));
							if (hasDefault(prop)) failures.push(`${where}: "${prop.displayName}" has its default and still an issue: ${messages.join('; ')}`);
						}
						for (const name of expectedShown(desc, { ...current })) {
							// n8n shows the main Authentication choice beside the credential, not among the parameters
							if (!shown.includes(name) && !['resource', 'operation', 'authentication'].includes(name)) {
								const prop = desc.properties.find((p) => p.name === name);
								if (prop.type !== 'notice' && prop.type !== 'callout') failures.push(`${where}: "${prop.displayName}" (${name}) is not shown`);
							}
						}
					}
				}
				// a parameter that no resource/operation shows: its displayOptions name what cannot happen
				// (a value no option has, or a parameter the node does not have)
				const reachable = new Set(['resource', 'operation', ...seen]);
				const names = new Set(desc.properties.map((p) => p.name));
				for (const prop of desc.properties) {
					const keys = [...Object.keys(prop.displayOptions?.show ?? {}), ...Object.keys(prop.displayOptions?.hide ?? {})];
					for (const key of keys.filter((k) => !k.startsWith('@') && !k.startsWith('/') && !names.has(k))) {
						failures.push(`"${prop.displayName}" (${prop.name}): its displayOptions name "${key}", which is no parameter of the node`);
					}
					if (prop.type === 'hidden' || prop.type === 'notice' || prop.type === 'callout' || prop.name === 'authentication') continue;
					// shown only for values of other parameters than resource and operation: not walked
					if (keys.some((k) => names.has(k) && !['resource', 'operation'].includes(k))) continue;
					if (!reachable.has(prop.name)) failures.push(`"${prop.displayName}" (${prop.name}) is shown for no resource and operation: displayOptions ${JSON.stringify(prop.displayOptions)}`);
				}
				log(`browser: ${node.item}: ${resources.length} resources, ${operations} operations walked`);
				assert.ok(operations > 0, 'no operation was chosen');
				await editor.closeNdv();
				fail([...new Set(failures)]);
			});
		}
		// ---- triggers: webhook URLs and events
		if (wants('triggers')) {
			await check('editor: the triggers show their webhook URLs and every event', async () => {
				const failures = [];
				for (const node of NODES.filter((n) => n.kind !== 'action')) {
					const desc = described(node.type);
					await freshWorkflow(`browser: ${node.item} trigger`, true);
					await editor.search(node.search);
					await editor.openCreatorItem(node.item);
					await editor.addAction(`${PACKAGE}.${node.type}`);
					failures.push(...(await noticed(`${desc.displayName}: adding it`)));
					const events = desc.properties.find((p) => p.name === 'events' || p.name === 'event');
					const listed = await editor.options(events.name);
					const want = events.options.map(displayText);
					if (JSON.stringify(listed) !== JSON.stringify(want)) failures.push(`${desc.displayName}: ${events.displayName} lists ${listed.length} (${JSON.stringify(listed).slice(0, 200)}), the description ${want.length}`);
					if (node.kind === 'webhook') {
						const panel = editor.page.getByTestId('ndv');
						await panel.getByText('Webhook URLs', { exact: false }).first().click();
						// the section opens on the test URL: read it once it is shown (or its wait runs out)
						await panel.getByText(/\/webhook-test\//).first().waitFor({ timeout: 60_000 }).catch(() => {});
						const text = await panel.innerText();
						const urls = [...new Set(text.match(/https?:\/\/\S+\/webhook(-test)?\/\S+/g) ?? [])];
						if (!urls.some((u) => /\/webhook-test\//.test(u))) failures.push(`${desc.displayName}: no test webhook URL is shown`);
						if (!/Production URL/i.test(text)) failures.push(`${desc.displayName}: no Production URL tab`);
						await panel.getByText('Production URL', { exact: false }).first().click().catch(() => {});
						await panel.getByText(/https?:\/\/\S+\/webhook\/\S+/).first().waitFor({ timeout: 60_000 }).catch(() => {});
						const prod = (await panel.innerText()).match(/https?:\/\/\S+\/webhook\/\S+/g) ?? [];
						if (!prod.length) failures.push(`${desc.displayName}: no production webhook URL is shown`);
						log(`browser: ${desc.displayName}: ${listed.length} events, URLs ${[...urls, ...prod].slice(0, 2).join(' ')}`);
					} else {
						log(`browser: ${desc.displayName}: ${listed.length} events`);
					}
					failures.push(...(await noticed(desc.displayName)));
					await editor.closeNdv();
				}
				fail(failures);
			});
		}

		// ---- credentials: each opens and its test passes
		if (wants('credentials')) {
			await check("editor: each of the pack's credentials opens and its test passes", async () => {
				const failures = [];
				const mine = new Set(types.flatMap((t) => (t.name.startsWith(`${PACKAGE}.`) ? (t.credentials ?? []).map((c) => c.name) : [])));
				const creds = (await rest('GET', '/credentials')).filter((c) => mine.has(c.type));
				assert.ok(creds.length >= 4, `credentials of the pack: ${creds.map((c) => c.name)}`);
				await editor.page.goto(`${baseUrl}/home/credentials`);
				await editor.page.getByTestId('resources-list-item').first().waitFor({ timeout: 30_000 });
				for (const cred of creds) {
					// as a person does: the credential's card in Overview → Credentials
					const card = editor.page.getByTestId('resources-list-item').filter({ has: editor.page.getByText(cred.name, { exact: true }) }).filter({ visible: true });
					if (await card.count()) await card.first().click();
					else await editor.page.goto(`${baseUrl}/home/credentials/${cred.id}`);
					const modal = editor.page.getByTestId('editCredential-modal');
					await modal.waitFor({ timeout: 30_000 });
					const opened = (await modal.getByTestId('credential-name').innerText().catch(() => '')).trim();
					if (opened !== cred.name) failures.push(`${cred.name}: the card opened "${opened}"`);
					const outcome = await Promise.race([
						modal.getByTestId('credentials-config-container-test-success').waitFor({ timeout: 90_000 }).then(() => "tested successfully"),
						modal.getByText(/Account connected/i).first().waitFor({ timeout: 90_000 }).then(() => 'account connected'),
						modal.getByText(/Couldn.t connect|could not connect|failed/i).first().waitFor({ timeout: 90_000 }).then(async () => `failed: ${(await modal.innerText()).slice(0, 400)}`),
					]).catch(() => 'no test result within 90 s');
					log(`browser: credential ${cred.name}: ${outcome}`);
					if (!/successfully|connected/.test(outcome)) failures.push(`${cred.name} (${cred.type}): ${outcome}`);
					failures.push(...(await noticed(cred.name)));
					await editor.page.keyboard.press('Escape');
					await modal.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
				}
				fail(failures);
			});
		}

		// ---- examples: run from the canvas
		/** Runs each example from the canvas (answering the approval of those that change access); answers the failures. */
		async function runExamples() {
			const failures = [];
			const workflows = await rest('GET', '/workflows');
			const list = Array.isArray(workflows) ? workflows : workflows.data ?? [];
			const examples = fs.readdirSync(path.join(REPO_ROOT, 'examples')).filter((f) => f.endsWith('.json'));
			for (const file of examples) {
				const example = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', file), 'utf8'));
				const { name } = example;
				if (isCertification(example)) {
					// its Data Table nodes wait for the table the user creates and chooses (README): run with
					// one in its live scenario (example-certification.js); as imported it stops there
					log(`browser: example ${file}: not run from the canvas (its Data Table is chosen by the user; its runs are the live scenario)`);
					continue;
				}
				const wf = list.find((w) => w.name === name);
				if (!wf) {
					failures.push(`${file}: "${name}" is not in n8n`);
					continue;
				}
				const t0 = Date.now();
				await editor.openWorkflow(wf.id);
				editor.take();
				const t1 = Date.now();
				const before = await lastExecutionId(rest, wf.id);
				await editor.page.getByTestId('execute-workflow-button').first().click();
				if (accessChanging(example)) {
					// it shows its plan and waits for a yes (e2e/example-approvals.js): answer as the
					// approver does, POST {"approved": true} to the resume URL the plan carries
					const resumeUrl = await waitingResumeUrl(rest, wf.id, before, 180_000);
					if (!resumeUrl) {
						failures.push(`${file}: the run from the canvas did not wait at its approval with the plan's resumeUrl within 180 s`);
						continue;
					}
					// with the approver's login: every example's approval Wait requires it (Basic Auth)
					const authorization = `Basic ${Buffer.from(`${APPROVER.user}:${APPROVER.password}`).toString('base64')}`;
					const answer = await fetch(resumeUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ approved: true }) });
					if (answer.status !== 200) failures.push(`${file}: the resume URL answered ${answer.status}`);
				}
				const execution = await waitForExecution(rest, wf.id, before, 180_000);
				await editor.page.waitForTimeout(500);
				const errorNodes = await editor.page.locator('[data-test-id=canvas-node][data-node-has-issues="true"], [data-test-id=canvas-node-status-error]').count();
				const statusText = execution ? execution.status : 'no execution within 180 s';
				log(`browser: example ${file}: ${statusText} (opened in ${((t1 - t0) / 1000).toFixed(1)} s, ran in ${((Date.now() - t1) / 1000).toFixed(1)} s)`);
				if (!execution || execution.status !== 'success') failures.push(`${file}: ${statusText}`);
				if (errorNodes) failures.push(`${file}: ${errorNodes} node(s) shown failed on the canvas`);
				failures.push(...(await noticed(file)));
			}
			return failures;
		}
		if (wants('examples')) {
			await check('editor: each example workflow runs from the canvas and every node that ran succeeds', async () => fail(await runExamples()));
		} else if (wants('pickers')) {
			// the invite and request lists hold what the examples create: run them first, once
			await test('editor: the examples ran (they create the invites and requests the pickers list)', async () => fail(await runExamples()));
		}

		// ---- list pickers fill from the platform
		if (wants('pickers')) {
			await check('editor: list pickers (project, user, invite, organization, owner, repository, workflow, branch, client, request, template) fill from the platform', async () => {
				const failures = [];
				const counts = [];
				for (const node of NODES.filter((n) => n.kind === 'action')) {
					const scenarios = PICKERS.filter((p) => p.type === node.type);
					if (!scenarios.length) continue;
					const desc = described(node.type);
					await freshWorkflow(`browser: ${node.item} pickers`);
					await editor.search(node.search);
					await editor.openCreatorItem(node.item);
					await editor.addAction(`${PACKAGE}.${node.type}`);
					for (const scenario of scenarios) {
						if (scenario.credential) await editor.chooseCredential(scenario.credential);
						await editor.choose('resource', scenario.resource);
						await editor.choose('operation', scenario.operation);
						for (const entry of scenario.pick) {
							const [name, choice] = Array.isArray(entry) ? entry : [entry, true];
							const prop = desc.properties.find((p) => p.name === name && p.type === 'resourceLocator') ?? desc.properties.find((p) => p.name === name);
							const where = `${node.item} ${scenario.resource} → ${scenario.operation}: ${prop.displayName}`;
							const items = prop.type === 'resourceLocator' ? await editor.listPicker(name, choice) : await editor.loadedOptions(name, true);
							if (typeof choice === 'string' && !items.some((t) => t.includes(choice))) failures.push(`${where}: "${choice}" is not listed (${items.join(', ')})`);
							counts.push(`${prop.displayName} ${items.length}`);
							log(`browser: ${where}: ${items.length} listed${items.length ? ` (first: ${items[0]})` : ''}`);
							if (items.length === 0) failures.push(`${where}: the list is empty`);
							failures.push(...(await noticed(where)));
						}
					}
					await editor.closeNdv();
				}
				log(`browser: pickers listed ${counts.join(', ')}`);
				fail(failures);
			});
		}
	} finally {
		await editor.close();
	}
	return Date.now() - started;
}

module.exports = { runBrowserPhase, NODES, PICKERS };

if (require.main === module) {
	const args = process.argv.slice(2);
	const opt = (name) => {
		const i = args.indexOf(name);
		return i === -1 ? undefined : args[i + 1];
	};
	const { test, summary, results } = require('./results');
	runBrowserPhase({ baseUrl: opt('--url') ?? 'http://localhost:5678', test, only: opt('--only'), repeat: Number(opt('--repeat') ?? 1) })
		.then((ms) => {
			summary([], Date.now() - ms);
			process.exit(results.some((r) => !r.ok) ? 1 : 0);
		})
		.catch((error) => {
			console.error(error);
			process.exit(1);
		});
}
