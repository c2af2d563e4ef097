'use strict';
/*
 * Code Hosting Trigger in a running n8n (issue 37): activating a workflow whose credential is a
 * fine-grained personal access token WITHOUT the Webhooks permission, as the editor's toggle does
 * (POST /rest/workflows/:id/activate), fails, and what n8n shows carries the fix: the trigger's
 * activation error names "Repository permissions → Webhooks: Read and write" for a fine-grained
 * token. Where n8n puts it depends on the version: up to 2.38 the POST answers 400 (the editor's
 * toast) with the error's description, not its message (1.123.81 and 2.8.4: "To fix: the
 * fine-grained token needs …": the description carries the fix too); 2.40's publication service
 * answers the POST 200 and then reports the publication `failed` with the trigger's error (and
 * keeps the workflow's `active: true` with no live version). Either way the main's log has it too. Nothing is left live and no webhook exists
 * on the stand-in.
 */

const WEBHOOK_ID = '8c2e6f4a-1b3d-4e5f-9a7b-0c1d2e3f4a5b';
/** The fix the message must carry: the fine-grained token's Webhooks permission (webhookPermissionFix). */
const FIX = /fine-grained token needs Repository permissions → Webhooks: Read and write/;
const SETTLED = ['published', 'failed', 'partial'];

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "where n8n shows an activation error depends on the version (the REST answer up to 2.38, the publication status on 2.40)",
	servers: ['codehosting'],
	activateInScenario: true,
	async live({ assert, version, queue, baseUrl, webhookBase, workflow, rest, waitUntil, codehosting, logs, deactivate }) {
		const { server, constants } = codehosting;
		// octo-user's fine-grained token (seeded): it reads the repository, it may not manage its webhooks
		const { FINE_GRAINED_NO_WEBHOOKS_TOKEN } = constants;
		assert.deepEqual(server.state.tokens[FINE_GRAINED_NO_WEBHOOKS_TOKEN].fineGrained.permissions, { metadata: 'read', contents: 'read', issues: 'read' });
		const url = `${webhookBase}webhook/${WEBHOOK_ID}/webhook`;
		const hooks = () => server.hooks.filter((h) => h.config?.url === url);
		assert.equal(hooks().length, 0, 'no webhook before the activation');
		const requestsBefore = codehosting.requests.length;
		const logBefore = logs().main.length;

		// the editor's toggle: POST /rest/workflows/:id/activate with the version shown
		const before = await rest('GET', `/workflows/${workflow.id}`);
		const response = await rest.browse(`${baseUrl}/rest/workflows/${workflow.id}/activate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ versionId: before.versionId }),
		});
		const answerText = await response.text();
		let answerMessage;
		try {
			answerMessage = JSON.parse(answerText).message;
		} catch {
			answerMessage = undefined;
		}

		// n8n 2.40's publication service activates after the answer and records the outcome
		const publicationStatus = async () => {
			try {
				return await rest('GET', `/workflows/${workflow.id}/publication-status`);
			} catch (error) {
				if (/: 404 /.test(String(error.message))) return null;
				throw error;
			}
		};
		let publication = await publicationStatus();
		if (publication) {
			publication = await waitUntil('the publication of the workflow settled', publicationStatus, { done: (p) => SETTLED.includes(p?.status) });
		}

		// the main logs the activation error (waited for: 2.40 activates after the answer)
		const newLog = () => logs().main.slice(logBefore);
		const logLine = () => newLog().split('\n').find((line) => FIX.test(line));
		const logged = await waitUntil('the activation error in the main log', logLine, { timeoutMs: 30_000, describe: () => newLog().slice(-1500) }).catch((error) => {
			throw new Error(`${error.message}\nPOST answered ${response.status}: ${answerText.slice(0, 1500)}\npublication: ${JSON.stringify(publication)}`);
		});

		const after = await rest('GET', `/workflows/${workflow.id}`);
		const seen = {
			version,
			queue,
			post: { status: response.status, message: answerMessage ?? answerText.slice(0, 300) },
			publication,
			log: logged.trim().slice(0, 600),
			after: { active: after.active, activeVersionId: after.activeVersionId },
		};
		process.stdout.write(`[activation-error] ${JSON.stringify(seen)}\n`);

		// what the editor shows: the POST's error (up to 2.38) or the failed publication (2.40)
		if (publication) {
			assert.ok(['failed', 'partial'].includes(publication.status), `publication ${publication.status}, not failed: ${JSON.stringify(publication)}`);
			assert.match(JSON.stringify(publication), FIX, 'the failed publication carries the fix');
		} else {
			assert.ok(response.status >= 400, `POST /activate answered ${response.status}, not an error: ${answerText.slice(0, 1500)}`);
			assert.match(String(answerMessage), FIX, `the POST answer's message carries the fix: ${answerText.slice(0, 1500)}`);
		}
		assert.match(logged, FIX);

		// not left active. Up to 2.38 n8n undoes the activation. 2.40 keeps the wish (`active: true`
		// and the activeVersionId stay, the editor shows the failure) but nothing is live: the
		// publication has no live version and its trigger failed; the scenario then deactivates it
		if (publication) {
			assert.equal(publication.liveVersionId, null, `no live version: ${JSON.stringify(publication)}`);
			assert.ok(publication.triggers?.length > 0 && publication.triggers.every((t) => t.status === 'failed'), `the trigger failed: ${JSON.stringify(publication.triggers)}`);
			if (after.active) await deactivate();
		} else {
			assert.notEqual(after.active, true, `the workflow is not active: ${JSON.stringify({ active: after.active, activeVersionId: after.activeVersionId })}`);
			assert.ok(!after.activeVersionId, `no active version: ${after.activeVersionId}`);
		}

		// the stand-in refused the hook to that token and holds none
		const made = codehosting.requests.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path === '/repos/octo-user/hello-world/hooks');
		assert.ok(made.length >= 1, 'the trigger tried to create the webhook');
		for (const r of made) {
			assert.equal(r.status, 403, `the stand-in refused the hook (${r.status})`);
			assert.ok(String(r.headers.authorization).includes(FINE_GRAINED_NO_WEBHOOKS_TOKEN), 'with the fine-grained token');
		}
		assert.equal(hooks().length, 0, `no webhook on the stand-in (hooks: ${JSON.stringify(server.hooks.map((h) => h.config?.url))})`);
	},
};
