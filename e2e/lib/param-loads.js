'use strict';
/*
 * The editor's requests for a parameter's options or list items, recorded on an Editor
 * (e2e/lib/browser.js) so that a list is read only once its answer has come.
 */
/**
 * Records the editor's requests for a parameter's options or list items
 * (/rest/dynamic-node-parameters/…): the parameter (the request's `path`, e.g.
 * "parameters.templateId"), whether it is answered, and how many entries the answer held. A list
 * is read only once its request is answered (issue 26: read before, under load, a list was empty).
 */
function trackLoads(editor, page) {
	/** @type {{seq: number, kind: string, path: string, done: boolean, count?: number, error?: string}[]} */
	editor.loads = [];
	editor.seq = 0;
	const byRequest = new Map();
	page.on('request', (request) => {
		const m = /\/rest\/dynamic-node-parameters\/([a-z-]+)/.exec(request.url());
		if (!m) return;
		let parameterPath = '';
		try {
			parameterPath = String(JSON.parse(request.postData() ?? '{}').path ?? '');
		} catch {
			parameterPath = new URL(request.url()).searchParams.get('path') ?? '';
		}
		const load = { seq: ++editor.seq, kind: m[1], path: parameterPath, done: false };
		editor.loads.push(load);
		byRequest.set(request, load);
	});
	const finish = async (request, failed) => {
		const load = byRequest.get(request);
		if (!load) return;
		byRequest.delete(request);
		try {
			if (failed) throw new Error(request.failure()?.errorText ?? 'failed');
			const response = await request.response();
			const body = await response.json();
			const data = body?.data;
			load.count = Array.isArray(data) ? data.length : Array.isArray(data?.results) ? data.results.length : undefined;
			if (!response.ok()) load.error = `HTTP ${response.status()}: ${JSON.stringify(body).slice(0, 200)}`;
		} catch (error) {
			load.error = String(error.message ?? error);
		}
		load.done = true;
	};
	page.on('requestfinished', (request) => void finish(request, false));
	page.on('requestfailed', (request) => void finish(request, true));
}

module.exports = { trackLoads };
