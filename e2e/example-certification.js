'use strict';
/*
 * examples/quarterly-access-certification.json in a running n8n (issue 49): one certification is
 * one execution. It reviews both platforms, saves one line per grant (with its reviewer and the
 * reviewer's secret link) in an n8n Data Table, and waits until the deadline; each reviewer opens
 * their link (the workflow's Form Trigger), sees one Keep / Remove dropdown per line they certify,
 * and their answers are recorded in the table. At the close, only a line a reviewer marked Remove
 * is planned (Access → Remove Grants, Plan Only), shown for one final approval, and applied as
 * approved; the evidence (one row per line) is written as CSV and JSON.
 *
 * Here: the Data Table is created through n8n's REST API and chosen in the workflow, whose Manual
 * Trigger is a Webhook trigger; reviewers answer through the real form pages (GET the page, POST
 * its fields) and the review is closed early through its resume URL (the deadline is 14 days).
 * Four certifications in turn, on the same stand-ins:
 *  1. nobody answers: every line kept and flagged "not reviewed", no approval asked, 0 writes;
 *  2. two lines marked Remove (one per platform), the rest Keep but the fallback reviewer never
 *     answers; the final approval is refused: 0 writes, those lines "not removed";
 *  3. the same answers, approved: exactly those two removals are written, the fallback reviewer's
 *     lines are flagged "not reviewed" and kept;
 *  4. again, everyone answers Keep: the removed grants are no longer lines, nothing to remove, 0 writes.
 * Each time the evidence rows are checked against the stand-ins' state before and after.
 */
const { APPROVER_AUTH, writesSince, markOf } = require('./example-approvals');
const { APPROVER } = require('./credentials');
const { log } = require('./results');


const FILE = 'quarterly-access-certification';
const START = 'Start the certification';
const SETTINGS = 'Settings (change these)';
const LINKS = 'Links for the reviewers';
const CLOSE = 'Until the deadline (or closed early)';
const PLAN = 'The plan for the final approval';
const WAIT = 'Final approval';
const EVIDENCE = 'Evidence: one row per line';
const DATA_TABLE = 'n8n-nodes-base.dataTable';
const FORM_TRIGGER = 'n8n-nodes-base.formTrigger';
const COLUMNS = [
	['campaign', 'string'],
	['line', 'number'],
	['platform', 'string'],
	['person', 'string'],
	['access', 'string'],
	['reviewer', 'string'],
	['token', 'string'],
	['grant', 'string'],
	['status', 'string'],
	['decision', 'string'],
	['answeredAt', 'string'],
];

/** Whether an example is the certification (a Form Trigger for its reviewers): it has its own scenario. */
const isCertification = (workflow) => workflow.nodes.some((n) => n.type === FORM_TRIGGER);

/** The form's fields in a page of n8n's form: [{name, label, type, value}] (hidden fields carry their value). */
function formFields(html) {
	const fields = [];
	for (const match of html.matchAll(/<(input|select)\b[^>]*>/g)) {
		const tag = match[0];
		const name = /\bname=['"]([^'"]+)['"]/.exec(tag)?.[1];
		if (!name || !/^field-\d+$/.test(name)) continue;
		const id = /\bid=['"]([^'"]+)['"]/.exec(tag)?.[1];
		const label = id ? new RegExp(`<label[^>]*for=['"]${id}['"][^>]*>([\\s\\S]*?)</label>`).exec(html)?.[1]?.trim() : undefined;
		fields.push({ name, label, type: match[1], value: /\bvalue=['"]([^'"]*)['"]/.exec(tag)?.[1] });
	}
	return fields;
}

const decode = (text) => text.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function certificationScenario(name, workflow) {
	const formTrigger = workflow.nodes.find((n) => n.type === FORM_TRIGGER);

	return async function live(ctx) {
		const { assert, rest, webhookBase, lastExecutionId, executions, waitUntil, checkExecution } = ctx;
		await ctx.resetServers(['governance', 'codehosting']);
		const { governance, codehosting } = ctx;
		const { PROJECT_ID, VIEWER_USER_ID, MIXED_USER_ID } = governance.constants;

		// ---- the Data Table, chosen in every Data Table node; the form's URL in the settings
		const personal = await rest('GET', '/projects/personal');
		const table = await rest('POST', `/projects/${personal.id}/data-tables`, { name: `access_certification_${Date.now()}`, columns: COLUMNS.map(([column, type]) => ({ name: column, type })) });
		assert.ok(table?.id, `a data table: ${JSON.stringify(table).slice(0, 300)}`);
		const saved = await rest('GET', `/workflows/${workflow.id}`);
		const formUrl = `${webhookBase}form/${formTrigger.webhookId}`;
		const nodes = saved.nodes.map((node) => {
			if (node.type === DATA_TABLE) return { ...node, parameters: { ...node.parameters, dataTableId: { __rl: true, mode: 'id', value: table.id } } };
			if (node.name !== SETTINGS) return node;
			const assignments = node.parameters.assignments.assignments.map((a) => (a.name === 'reviewFormUrl' ? { ...a, value: formUrl } : a));
			return { ...node, parameters: { ...node.parameters, assignments: { assignments } } };
		});
		await rest('PATCH', `/workflows/${workflow.id}`, { ...saved, nodes });
		await ctx.activate();

		const savedWaitingAt = (node) => (e) => e?.status === 'waiting' && e.data?.resultData?.lastNodeExecuted === node;
		const json = (execution, node) => (execution.data.resultData.runData[node]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);

		/** Starts a certification; resolves once it waits for the deadline, with the reviewers' links. */
		async function start() {
			const before = await lastExecutionId();
			const response = await fetch(`${webhookBase}webhook/${ctx.workflow.nodes.find((n) => n.name === START).parameters.path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
				signal: AbortSignal.timeout(60_000),
			});
			assert.equal(response.status, 200, `the webhook answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
			const execution = await waitUntil(`a certification saved as waiting at "${CLOSE}"`, async () => (await executions(before)).find(savedWaitingAt(CLOSE)), {
				describe: () => 'no waiting run yet',
			});
			const links = json(execution, LINKS);
			assert.ok(links.length > 0, 'one link per reviewer');
			return { before, id: execution.id, links, closeUrl: links[0].closeUrl };
		}

		/**
		 * Until the form's run waits at its next page: n8n holds a GET of the page without an answer
		 * while the run is still running (waiting-forms.js), so its status is asked first, as the
		 * form's own script does (`<page>/n8n-execution-status`).
		 */
		async function formWaiting(page, what) {
			const status = new URL(page);
			status.pathname += '/n8n-execution-status';
			await waitUntil(`${what}: the run waits at it`, async () => {
				const res = await fetch(status, { signal: AbortSignal.timeout(60_000) });
				const text = await res.text();
				return ['form-waiting', 'waiting'].includes(text) ? text : undefined;
			});
		}

		/** A reviewer answers through the form pages: `decide(label)` is Keep or Remove for each line. Resolves to the labels shown. */
		async function review(link, decide) {
			const page = await fetch(link.link, { signal: AbortSignal.timeout(60_000) });
			const html = await page.text();
			assert.equal(page.status, 200, `the form opens: ${page.status} ${html.slice(0, 300)}`);
			const body = new FormData();
			for (const field of formFields(html)) body.append(field.name, field.value ?? '');
			const submitted = await fetch(link.link, { method: 'POST', body, signal: AbortSignal.timeout(60_000) });
			const answer = await submitted.text();
			assert.equal(submitted.status, 200, `the first page is submitted: ${submitted.status} ${answer.slice(0, 300)}`);
			const next = JSON.parse(answer).formWaitingUrl;
			assert.ok(next, `the form goes on to its next page: ${answer.slice(0, 300)}`);
			await formWaiting(next, `the page of lines for ${link.reviewer}`);
			// (a try that n8n holds anyway, e.g. while the answers still resume the run, is given up after 10 s)
			const lines = await waitUntil(`the page of lines for ${link.reviewer}`, async () => {
				const res = await fetch(next, { signal: AbortSignal.timeout(10_000) });
				const text = await res.text();
				const fields = formFields(text).filter((f) => f.type === 'select');
				return res.status === 200 && fields.length > 0 ? fields : undefined;
			});
			const answers = new FormData();
			for (const field of lines) answers.append(field.name, decide(decode(field.label)));
			const done = await fetch(next, { method: 'POST', body: answers, signal: AbortSignal.timeout(60_000) });
			const doneText = await done.text();
			process.stderr.write(`[e2e] certification: ${link.reviewer} answered ${lines.length} line(s): ${done.status} ${doneText.slice(0, 200)}\n`);
			assert.equal(done.status, 200, `the answers are submitted: ${done.status} ${doneText.slice(0, 300)}`);
			// the completion page is shown, as to a browser (n8n keeps the form's run waiting at it)
			await formWaiting(next, `the completion page for ${link.reviewer}`);
			await waitUntil(`the completion page for ${link.reviewer}`, async () => {
				const res = await fetch(next, { signal: AbortSignal.timeout(10_000) });
				return res.status === 200 && /Thank you/.test(await res.text());
			});
			return lines.map((f) => decode(f.label));
		}

		async function post(url, body) {
			const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: APPROVER_AUTH }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
			assert.equal(res.status, 200, `${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
		}

		/** Waits until the reviewers' answers are in the table (each form run recorded them). */
		async function answersRecorded(count, after) {
			await waitUntil(`${count} reviewer form run(s) recorded their answers`, async () => {
				const runs = (await executions(after)).filter((e) => e.data?.resultData?.runData?.['Record the answers']);
				return runs.length >= count ? runs : undefined;
			});
		}

		/** A certification's run (by its id: the reviewers' form runs come after it), once ended with its evidence. */
		const finished = (run) =>
			waitUntil(`certification #${run.id} ended with its evidence`, async () => (await executions(run.before)).find((e) => e.id === run.id), {
				done: (e) => Boolean(e) && !['new', 'running', 'waiting'].includes(e.status) && evidenceReady(e),
				describe: (e) => (e ? `${e.status}, last node run ${e.data?.resultData?.lastNodeExecuted ?? 'none'}` : 'not saved yet'),
			});
		const evidenceOf = (execution) => json(execution, EVIDENCE);
		/**
		 * Whether the stand-ins hold the grant an evidence row names: a membership or pending invite
		 * in the Relevance AI project of that name; a GitHub team membership, direct or outside grant
		 * or pending invitation.
		 */
		function holds(row) {
			if (row.platform === 'Relevance AI') {
				const [, kind, projectName] = /^(member of|pending invite to) (.+) \([^)]*\)$/.exec(row.access) ?? [];
				const project = Object.values(governance.state.projects).find((p) => p.name === projectName);
				assert.ok(project, `the project of an evidence row: ${JSON.stringify(row)}`);
				if (kind === 'pending invite to') return Object.values(governance.state.invites).some((i) => i.project === project.project_id && i.email.toLowerCase() === row.person.toLowerCase());
				const user = Object.values(governance.state.users).find((u) => u.email.toLowerCase() === row.person.toLowerCase());
				return Boolean(user && governance.state.memberships[project.project_id]?.[user._id]);
			}
			const org = codehosting.state.orgs['octo-org'];
			const team = /^member of team (\S+)/.exec(row.access)?.[1];
			if (team) return [...org.teams.values()].some((t) => t.slug === team && t.members.has(row.person));
			const repos = Object.values(codehosting.state.repos).filter((r) => r.owner.toLowerCase() === 'octo-org');
			const invitedTo = /^pending invitation to (\S+)/.exec(row.access)?.[1];
			if (invitedTo === 'octo-org') return org.invitations.some((i) => i.login === row.person || i.email === row.person);
			if (invitedTo) return repos.some((r) => `octo-org/${r.name}` === invitedTo && [...r.invitations.values()].some((i) => i.invitee === row.person));
			const repository = /^\w+ on octo-org\/(\S+) \(/.exec(row.access)?.[1];
			assert.ok(repository, `a GitHub evidence row this scenario knows: ${JSON.stringify(row)}`);
			return repos.some((r) => r.name === repository && r.collaborators.has(row.person));
		}
		/** Every row the stand-ins can show: what was found holds before; after, only what was removed is gone. */
		function checkAgainstState(rows, heldBefore) {
			for (const [index, row] of rows.entries()) {
				if (row.decision === 'not readable') continue;
				assert.equal(heldBefore[index], true, `the access found was there before: ${JSON.stringify(row)}`);
				assert.equal(holds(row), row.result !== 'removed', `after the run, the grant ${row.result === 'removed' ? 'is gone' : 'is still there'}: ${JSON.stringify(row)}`);
			}
		}
		const heldNow = (rows) => rows.map((row) => row.decision === 'not readable' || holds(row));
		const byLine = (rows) => Object.fromEntries(rows.map((r) => [`${r.platform} ${r.person}: ${r.access}`, r]));
		const evidenceReady = (e) => Boolean(e.data?.resultData?.runData?.[EVIDENCE]);

		// ---- 1. nobody answers
		let mark = markOf(ctx);
		const silent = await start();
		await post(silent.closeUrl, {});
		const first = await finished(silent);
		const firstRows = evidenceOf(first);
		checkExecution(first, ({ runData }) => {
			assert.equal(runData[WAIT], undefined, 'nothing to remove: no approval asked');
			assert.ok(runData['evidence.csv'] && runData['evidence.json'], 'the evidence files are written');
		});
		assert.ok(firstRows.length >= 8, `one evidence row per line: ${firstRows.length}`);
		checkAgainstState(firstRows, heldNow(firstRows));
		for (const row of firstRows.filter((r) => r.decision !== 'not readable')) {
			assert.deepEqual([row.decision, row.result, row.decidedAt], ['not reviewed', 'kept (not reviewed)', ''], `a line nobody answered is kept and flagged: ${JSON.stringify(row)}`);
		}
		assert.deepEqual(writesSince(ctx, mark), [], 'nobody answered: nothing is written');
		const lines = byLine(firstRows);
		const viewerRow = firstRows.find((r) => r.person === 'viewer@example.com' && r.access.startsWith('member of '));
		const viewerLine = `Relevance AI viewer@example.com: ${viewerRow?.access}`;
		assert.ok(lines[viewerLine], `viewer@'s line: ${Object.keys(lines).join(' | ')}`);
		const otherLine = 'GitHub other-user: member of team developers';
		assert.ok(lines[otherLine], `other-user's team line: ${Object.keys(lines).join(' | ')}`);
		const fallback = lines['GitHub outside-user: pull on octo-org/org-repo (outside collaborator)']?.reviewer ?? firstRows.find((r) => r.platform === 'GitHub' && /outside collaborator/.test(r.access))?.reviewer;
		assert.equal(fallback, 'security@example.com', 'direct and outside grants go to the fallback reviewer');
		log(`[examples] ${JSON.stringify({ example: name, lines: firstRows.length, reviewers: silent.links.length })}`);

		// the answers of runs 2 and 3: viewer@ in the first project and other-user in developers
		// Remove, everything else Keep; the fallback reviewer never answers
		const marked = [viewerLine, otherLine];
		const decide = (label) => (marked.some((line) => label.replace(/^#\d+ /, '') === line.replace(/^(Relevance AI|GitHub) /, '')) ? 'Remove' : 'Keep');
		async function answerAll(run, { skip = [], keepAll = false } = {}) {
			const shown = [];
			let forms = 0;
			const after = await lastExecutionId();
			for (const link of run.links.filter((l) => !skip.includes(l.reviewer))) {
				shown.push(...(await review(link, keepAll ? () => 'Keep' : decide)));
				forms++;
			}
			await answersRecorded(forms, after);
			return shown;
		}

		// ---- 2. two Remove, the final approval refused
		mark = markOf(ctx);
		const refused = await start();
		await answerAll(refused, { skip: [fallback] });
		await post(refused.closeUrl, {});
		const planned = await waitUntil(`the plan of run #${refused.id} waits for the final approval`, async () => (await executions(refused.before)).find(savedWaitingAt(WAIT)));
		const plan = json(planned, PLAN)[0];
		assert.equal(plan.removals, 2, `two removals planned: ${JSON.stringify(plan)}`);
		assert.deepEqual(writesSince(ctx, mark), [], 'no write before the final approval');
		await post(plan.resumeUrl, { approved: false });
		const second = await finished(refused);
		const secondRows = evidenceOf(second);
		checkAgainstState(secondRows, heldNow(secondRows));
		assert.deepEqual(writesSince(ctx, mark), [], 'the final approval refused: nothing is written');
		assert.deepEqual(secondRows.filter((r) => r.decision === 'Remove').map((r) => r.result), ['not removed: the final approval was not given', 'not removed: the final approval was not given']);
		assert.ok(secondRows.filter((r) => r.reviewer === fallback).every((r) => r.decision === 'not reviewed' && r.result === 'kept (not reviewed)'), 'the fallback reviewer\'s lines are flagged');

		// ---- 3. the same answers, approved
		mark = markOf(ctx);
		const approved = await start();
		await answerAll(approved, { skip: [fallback] });
		await post(approved.closeUrl, {});
		const waiting = await waitUntil(`the plan of run #${approved.id} waits for the final approval`, async () => (await executions(approved.before)).find(savedWaitingAt(WAIT)));
		await post(json(waiting, PLAN)[0].resumeUrl, { approved: true });
		const third = await finished(approved);
		const thirdRows = evidenceOf(third);
		// before this run every line of it was held (the same lines as the first run's, all held then)
		assert.deepEqual(thirdRows.map((r) => `${r.platform} ${r.person}: ${r.access}`), firstRows.map((r) => `${r.platform} ${r.person}: ${r.access}`), 'the same lines as before');
		checkAgainstState(thirdRows, thirdRows.map(() => true));
		assert.deepEqual(
			writesSince(ctx, mark),
			[`POST /latest/auth/users/${VIEWER_USER_ID}/delete`, 'github DELETE /orgs/octo-org/teams/developers/memberships/other-user'],
			'exactly the two approved removals are written',
		);
		const removed = thirdRows.filter((r) => r.result === 'removed');
		assert.deepEqual(removed.map((r) => `${r.platform} ${r.person}`), ['Relevance AI viewer@example.com', 'GitHub other-user']);
		for (const row of removed) {
			assert.equal(row.approvedBy, APPROVER.user, `the approver on the evidence: ${JSON.stringify(row)}`);
			assert.ok(!Number.isNaN(Date.parse(row.approvedAt)) && !Number.isNaN(Date.parse(row.decidedAt)), `the times on the evidence: ${JSON.stringify(row)}`);
		}
		assert.equal(thirdRows.filter((r) => r.decision === 'Keep').every((r) => r.result === 'kept'), true);
		assert.equal(governance.state.memberships[PROJECT_ID][VIEWER_USER_ID], undefined, 'viewer@ left the first project');
		assert.ok(governance.state.memberships['proj-e2e-0002'][MIXED_USER_ID], 'Max stays where he was kept');
		const developers = codehosting.state.orgs['octo-org'].teams.get('developers');
		assert.equal(developers.members.has('other-user'), false, 'other-user left developers');
		assert.ok(codehosting.state.orgs['octo-org'].members['other-user'], 'other-user stays in the organization');

		// ---- 4. again, everyone keeps everything: what was removed is no longer a line
		mark = markOf(ctx);
		const again = await start();
		const shown = await answerAll(again, { keepAll: true });
		assert.ok(!shown.some((label) => /viewer@example\.com: member of/.test(label) && label.includes(lines[viewerLine].access)), 'viewer@ is no longer a line');
		assert.ok(!shown.some((label) => label.endsWith('other-user: member of team developers')), 'other-user is no longer a team line');
		await post(again.closeUrl, {});
		const fourth = await finished(again);
		checkExecution(fourth, ({ runData }) => assert.equal(runData[WAIT], undefined, 'nothing left to remove'));
		assert.ok(evidenceOf(fourth).every((r) => r.result === 'kept' || r.decision === 'not readable'), 'every line kept');
		assert.deepEqual(writesSince(ctx, mark), [], 'a second certification finds nothing left to remove');
		log(`[examples] ${JSON.stringify({ example: name, evidence: { silent: firstRows.length, refused: secondRows.length, approved: thirdRows.length, again: evidenceOf(fourth).length } })}`);
		await ctx.deactivate();
	};
}

/** The live entry (`trigger: true`, run by live-phase.js) of the certification example. */
function certificationScenarios(examples, { webhookVariant }) {
	return examples
		.filter((entry) => isCertification(entry.workflow))
		.map((entry) => {
			const name = entry.file.replace(/\.json$/, '');
			const { workflow } = webhookVariant(entry.workflow);
			return {
				base: `example ${name}: reviewers answer, one approval, evidence`,
				file: entry.file,
				example: true,
				workflow,
				trigger: true,
				expectation: {
					everyVersion: "n8n's Form Trigger and Form pages, Data Tables and the Wait node's resume URL differ by version (1.x: Data Tables by ID only); one mode per version (phases): queue mode on 2.8.4 and 2.40.7",
					activateInScenario: true,
					// each version once, both modes across them (about a minute per run)
					phases: (version) => (['2.8.4', '2.40.7'].includes(version) ? { queue: true } : { regular: true }),
					servers: ['governance', 'codehosting'],
					live: certificationScenario(name, workflow),
				},
			};
		});
}

module.exports = { certificationScenarios, isCertification, FILE };
