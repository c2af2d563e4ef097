'use strict';
/*
 * What the benchmarks share: loading the TypeScript sources directly (typescript's
 * transpileModule as a require hook: no build, no ts-node), the n8n-core WorkflowExecute runner
 * of the tests, and n8n's own HTTP Request node from an installed e2e runtime.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');

if (!require.extensions['.ts']) {
	require.extensions['.ts'] = (module, filename) => {
		const source = fs.readFileSync(filename, 'utf8');
		const { outputText } = ts.transpileModule(source, {
			fileName: filename,
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2021,
				esModuleInterop: true,
				resolveJsonModule: true,
			},
		});
		module._compile(outputText, filename);
	};
}

/** Runs a node over `items` through n8n-core's WorkflowExecute (test/helpers/runWorkflow.ts). */
const { runNode } = require(path.join(ROOT, 'test/helpers/runWorkflow.ts'));

/** n8n-nodes-base's HTTP Request node (v4.2) from an installed e2e runtime (2.8.x first), or undefined. */
function findHttpRequestNode() {
	const cache = process.env.N8N_E2E_CACHE || path.join(os.homedir(), '.cache', 'n8n-nodes-governance-connectors');
	if (!fs.existsSync(cache)) return undefined;
	const folders = fs
		.readdirSync(cache)
		.filter((name) => /^n8n-\d/.test(name))
		.sort((a, b) => (a.startsWith('n8n-2.8.') ? -1 : b.startsWith('n8n-2.8.') ? 1 : a.localeCompare(b)));
	for (const folder of folders) {
		const file = path.join(cache, folder, 'node_modules/n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js');
		if (!fs.existsSync(file)) continue;
		try {
			const { HttpRequest } = require(file);
			const version = require(path.join(cache, folder, 'node_modules/n8n-nodes-base/package.json')).version;
			return { node: new HttpRequest().getNodeType(4.2), version: `n8n-nodes-base ${version} (${folder})` };
		} catch {
			// Not loadable with this Node (for example the Node 24 runtime): try the next one.
		}
	}
	return undefined;
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
};

module.exports = { ROOT, runNode, findHttpRequestNode, median };
