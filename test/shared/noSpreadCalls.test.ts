/**
 * No size breaks a node (issue 47, item 1): spreading an array into a call (`push(...items)`,
 * `Math.max(...values)`) passes every entry as an argument, and past about 100,000 entries V8
 * throws "Maximum call stack size exceeded". Nothing in what ships does it, and 1,000,000 output
 * items pass through the shared item loop and through pagination (time and memory printed).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

import { append, maxOf } from '../../nodes/shared/append';
import { runItemLoop } from '../../nodes/shared/itemLoop';
import { collectPages } from '../../nodes/shared/http/pagination';

const ROOT = path.resolve(__dirname, '..', '..');
const MILLION = 1_000_000;

function sourceFiles(dir: string): string[] {
	const found: string[] = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) append(found, sourceFiles(file));
		else if (entry.name.endsWith('.ts')) found.push(file);
	}
	return found;
}

/** Every call or `new` in `file` with a spread argument: "file:line: text". */
function spreadCalls(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const hits: string[] = [];
	const visit = (node: ts.Node) => {
		if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && (node.arguments ?? []).some(ts.isSpreadElement)) {
			const { line } = source.getLineAndCharacterOfPosition(node.getStart());
			hits.push(`${path.relative(ROOT, file)}:${line + 1}: ${node.getText().slice(0, 80)}`);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return hits;
}

/** Runs `fn`, printing its time and how much the heap grew; answers its result. */
async function measured<T>(what: string, fn: () => Promise<T>): Promise<T> {
	global.gc?.();
	const heapBefore = process.memoryUsage().heapUsed;
	const started = process.hrtime.bigint();
	const result = await fn();
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const grown = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
	console.log(`${what}: ${ms.toFixed(0)} ms, heap +${grown.toFixed(0)} MB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
	return result;
}

test('nothing that ships spreads an array into a call (the scan finds one where there is one)', () => {
	const files = [...sourceFiles(path.join(ROOT, 'nodes')), ...sourceFiles(path.join(ROOT, 'credentials'))];
	expect(files.length).toBeGreaterThan(100);
	expect(files.flatMap(spreadCalls)).toEqual([]);
	// the scan itself: a file with such calls is reported, line by line
	const probe = path.join(fs.mkdtempSync(path.join(require('os').tmpdir(), 'spread-')), 'probe.ts');
	fs.writeFileSync(probe, 'const a: number[] = [];\na.push(...[1, 2]);\nconst m = Math.max(1, ...a);\nconst s = new Set([...a]);\n');
	expect(spreadCalls(probe).map((hit) => hit.replace(/^.*probe\.ts:/, ''))).toEqual(['2: a.push(...[1, 2])', '3: Math.max(1, ...a)']);
});

test('append and maxOf take 1,000,000 entries, where a spread into one call overflows the stack', () => {
	const many = Array.from({ length: MILLION }, (_, i) => i);
	expect(() => [].push(...(many as never[]))).toThrow(RangeError);
	expect(append([-1], many)).toHaveLength(MILLION + 1);
	expect(maxOf(many)).toBe(MILLION - 1);
	expect(maxOf([])).toBe(-Infinity);
});

describe('1,000,000 output items', () => {
	const node = { id: 'n', name: 'Node', type: 'test.node', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	const context = (inputs: number) =>
		({
			getInputData: () => Array.from({ length: inputs }, (_, index) => ({ json: { index } })),
			getNode: () => node,
			continueOnFail: () => false,
			helpers: {
				// n8n-core's constructExecutionMetaData: each item paired with its input item
				constructExecutionMetaData: (data: Array<{ json: object }>, { itemData }: { itemData: { item: number } }) =>
					data.map(({ json, ...rest }) => ({ json, pairedItem: itemData, ...rest })),
			},
		}) as never;

	test('from one input item through the item loop, each paired with it', async () => {
		const operation = { returns: 'items' as const, execute: async () => Array.from({ length: MILLION }, (_, n) => ({ n })) };
		const [output] = await measured('item loop, 1 input item → 1,000,000 items', () => runItemLoop.call(context(1), operation));
		expect(output).toHaveLength(MILLION);
		expect(output[MILLION - 1]).toEqual({ json: { n: MILLION - 1 }, pairedItem: { item: 0 } });
	});

	test('from 1,000,000 input items through the item loop', async () => {
		const operation = { returns: 'item' as const, execute: async (itemIndex: number) => ({ itemIndex }) };
		const [output] = await measured('item loop, 1,000,000 input items → 1 item each', () => runItemLoop.call(context(MILLION), operation));
		expect(output).toHaveLength(MILLION);
		expect(output[MILLION - 1]).toEqual({ json: { itemIndex: MILLION - 1 }, pairedItem: { item: MILLION - 1 } });
	});

	test('through pagination: 10,000 pages of 100, and one page of 1,000,000 cut to a limit', async () => {
		const pages = await measured('pagination, 10,000 pages of 100 → 1,000,000 items', () =>
			collectPages(async (pageIndex) => ({ items: Array.from({ length: 100 }, (_, i) => pageIndex * 100 + i), hasMore: pageIndex < 9_999 })),
		);
		expect(pages).toHaveLength(MILLION);
		expect(pages[MILLION - 1]).toBe(MILLION - 1);
		const oneBigPage = Array.from({ length: MILLION }, (_, i) => i);
		const all = await measured('pagination, one page of 1,000,000 items', () => collectPages(async () => ({ items: oneBigPage, hasMore: false })));
		expect(all).toHaveLength(MILLION);
		const cut = await collectPages(async () => ({ items: oneBigPage, hasMore: true }), 999_999);
		expect(cut).toHaveLength(999_999);
	});
});
