/**
 * The workflow files n8n imports (examples/ and e2e/workflows/), checked before any n8n runs: n8n
 * 2.38 and later refuse a workflow whose nodes share an id, and a connection that names a node the
 * workflow does not have breaks it in the editor.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './tree';

type Workflow = { id?: string; nodes: Array<{ id: string; name: string }>; connections: Record<string, { main?: Array<Array<{ node: string }> | null> }> };

const files = ['examples', path.join('e2e', 'workflows')].flatMap((dir) =>
	fs
		.readdirSync(path.join(ROOT, dir))
		.filter((name) => name.endsWith('.json'))
		.map((name) => path.join(dir, name)),
);

test('there are workflow files to check', () => {
	expect(files.length).toBeGreaterThan(40);
});

test.each(files)('%s: unique node ids and names; connections between its own nodes', (file) => {
	const workflow = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Workflow;
	const ids = workflow.nodes.map((node) => node.id);
	const names = workflow.nodes.map((node) => node.name);
	expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
	expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
	const unknown = Object.entries(workflow.connections ?? {}).flatMap(([from, outputs]) => [
		...(names.includes(from) ? [] : [from]),
		...(outputs.main ?? []).flatMap((targets) => (targets ?? []).map((target) => target.node).filter((node) => !names.includes(node))),
	]);
	expect(unknown).toEqual([]);
});

/**
 * The rules every example keeps (e2e/example-approvals.js, also checked in a real n8n): nothing but
 * the Manual Trigger runs as imported, a Form Trigger only records answers, and every node that
 * changes access applies an approved plan after an authenticated approval.
 */
const examples = files.filter((file) => file.startsWith('examples'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkStructure } = require(path.join(ROOT, 'e2e', 'example-approvals.js')) as { checkStructure: (assert: unknown, workflow: unknown) => void };
test.each(examples)('%s: the approval and trigger rules of every example', (file) => {
	const workflow = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	expect(() => checkStructure(require('assert'), workflow)).not.toThrow();
});

test('the structure rules fail a certification whose form changes access', () => {
	const workflow = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'quarterly-access-certification.json'), 'utf8'));
	const record = workflow.nodes.find((node: { name: string }) => node.name === 'Record the answers');
	Object.assign(record, { type: 'n8n-nodes-governance-connectors.governance', parameters: { resource: 'access', operation: 'applyPlan' } });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	expect(() => checkStructure(require('assert'), workflow)).toThrow(/Form Trigger reaches only records answers|Apply Plan/);
});
