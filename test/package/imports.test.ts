/**
 * The shipped code has no import circle: every relative import of nodes/ and credentials/
 * (static, `export … from`, `require()` and `import()`, type-only imports too) forms a graph
 * without cycles, and no node's core/ imports its actions/ (actions use core, never the reverse).
 * A circle makes a module see another one half-initialised at load time (an `undefined` constant
 * in n8n, depending on which node loaded first).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
	const out: string[] = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) out.push(...sources(file));
		else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(file);
	}
	return out;
}

/** Module names a file imports, with whether each import is for types only. */
function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): Array<{ spec: string; typeOnly: boolean }> {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: Array<{ spec: string; typeOnly: boolean }> = [];
	const visit = (node: ts.Node) => {
		if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
			const clause = node.importClause;
			const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
			const typeOnly =
				!!clause &&
				(clause.isTypeOnly || (!clause.name && !!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
			found.push({ spec: node.moduleSpecifier.text, typeOnly });
		} else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
			const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause : undefined;
			const typeOnly = node.isTypeOnly || (!!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly));
			found.push({ spec: node.moduleSpecifier.text, typeOnly });
		} else if (
			ts.isImportEqualsDeclaration(node) &&
			ts.isExternalModuleReference(node.moduleReference) &&
			ts.isStringLiteral(node.moduleReference.expression)
		) {
			found.push({ spec: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
		} else if (
			ts.isCallExpression(node) &&
			(node.expression.kind === ts.SyntaxKind.ImportKeyword ||
				(ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
			node.arguments.length === 1 &&
			ts.isStringLiteral(node.arguments[0])
		) {
			found.push({ spec: (node.arguments[0] as ts.StringLiteral).text, typeOnly: false });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

function resolveRelative(from: string, spec: string): string | undefined {
	if (!spec.startsWith('.')) return undefined; // n8n-workflow, node: built-ins
	const base = path.resolve(path.dirname(from), spec);
	for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
		if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
	}
	throw new Error(`${path.relative(ROOT, from)} imports ${spec}, which does not exist`);
}

type Graph = Map<string, Array<{ to: string; typeOnly: boolean }>>;

function importGraph(files: string[]): Graph {
	const graph: Graph = new Map();
	for (const file of files) {
		const edges = [];
		for (const { spec, typeOnly } of importsOf(file)) {
			const to = resolveRelative(file, spec);
			if (to && !to.endsWith('.json')) edges.push({ to, typeOnly });
		}
		graph.set(file, edges);
	}
	return graph;
}

/** One circle per strongly connected group of the graph (Tarjan), as a path that closes on itself. */
function circles(graph: Map<string, Array<{ to: string }>>): string[][] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const groups: string[][] = [];
	const connect = (v: string) => {
		index.set(v, counter);
		low.set(v, counter);
		counter++;
		stack.push(v);
		onStack.add(v);
		for (const { to } of graph.get(v) ?? []) {
			if (!graph.has(to)) continue;
			if (!index.has(to)) {
				connect(to);
				low.set(v, Math.min(low.get(v)!, low.get(to)!));
			} else if (onStack.has(to)) {
				low.set(v, Math.min(low.get(v)!, index.get(to)!));
			}
		}
		if (low.get(v) === index.get(v)) {
			const group: string[] = [];
			let w: string;
			do {
				w = stack.pop()!;
				onStack.delete(w);
				group.push(w);
			} while (w !== v);
			if (group.length > 1 || (graph.get(v) ?? []).some((e) => e.to === v)) groups.push(group);
		}
	};
	for (const v of graph.keys()) if (!index.has(v)) connect(v);
	// a concrete circle inside each group: walk from its first member until a file repeats
	return groups.map((group) => {
		const members = new Set(group);
		const start = [...group].sort()[0];
		const pathSoFar = [start];
		for (;;) {
			const last = pathSoFar[pathSoFar.length - 1];
			const next = (graph.get(last) ?? []).map((e) => e.to).find((to) => members.has(to))!;
			const seen = pathSoFar.indexOf(next);
			if (seen !== -1) return [...pathSoFar.slice(seen), next];
			pathSoFar.push(next);
		}
	});
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

describe('imports of the shipped code', () => {
	const files = [...sources(path.join(ROOT, 'nodes')), ...sources(path.join(ROOT, 'credentials'))];
	const graph = importGraph(files);

	it('form no circle', () => {
		expect(files.length).toBeGreaterThan(100);
		const found = circles(graph).map((circle) => circle.map(rel).join(' → '));
		expect(found).toEqual([]);
	});

	it("never go from a node's core/ to its actions/", () => {
		const wrong: string[] = [];
		for (const [from, edges] of graph) {
			const core = /^nodes\/([^/]+)\/core\//.exec(rel(from));
			if (!core) continue;
			for (const { to } of edges) if (rel(to).startsWith(`nodes/${core[1]}/actions/`)) wrong.push(`${rel(from)} → ${rel(to)}`);
		}
		expect(wrong).toEqual([]);
	});

	it('finds a circle, also one through a type-only import or an index file, and every kind of import', () => {
		const g = new Map([
			['a', [{ to: 'b' }]],
			['b', [{ to: 'c' }]],
			['c', [{ to: 'a' }, { to: 'd' }]],
			['d', []],
			['e', [{ to: 'e' }]],
		]);
		expect(circles(g)).toEqual(expect.arrayContaining([['a', 'b', 'c', 'a'], ['e', 'e']]));
		expect(circles(g)).toHaveLength(2);
		const specs = importsOf(
			'x.ts',
			[
				"import type { A } from './a';",
				"import { type B } from './b';",
				"import C, { D } from './c';",
				"export * from './e';",
				"export type { F } from './f';",
				"const g = require('./g');",
				"const h = () => import('./h');",
			].join('\n'),
		);
		expect(specs).toEqual([
			{ spec: './a', typeOnly: true },
			{ spec: './b', typeOnly: true },
			{ spec: './c', typeOnly: false },
			{ spec: './e', typeOnly: false },
			{ spec: './f', typeOnly: true },
			{ spec: './g', typeOnly: false },
			{ spec: './h', typeOnly: false },
		]);
	});
});
