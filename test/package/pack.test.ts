/**
 * `npm pack` (and so `npm publish`) of a clean tree builds first and ships a complete package:
 * dist with every node, credential, codex and icon file, README, LICENSE, CHANGELOG, nothing else.
 */
import * as fs from 'fs';
import * as path from 'path';
import { copyTree, removeTree, run } from './tree';

type Check = { files: string[]; pkg: { n8n: { nodes: string[]; credentials: string[] } }; problems: string[] };
const { checkTarball, fileProblems } = require('../../scripts/check-package') as {
	checkTarball: (tarball: string) => Check;
	fileProblems: (files: string[], pkg: unknown) => string[];
};

function pack(tree: string, flags: string[] = []): string {
	const out = fs.mkdtempSync(path.join(tree, '.pack-'));
	const res = run('npm', ['pack', '--pack-destination', out, ...flags], { cwd: tree });
	if (res.status !== 0) throw new Error(`npm pack failed: ${res.stderr}`);
	const [tarball] = fs.readdirSync(out).filter((f) => f.endsWith('.tgz'));
	return path.join(out, tarball);
}

function retar(tarball: string, change: (dir: string) => void): string {
	const dir = fs.mkdtempSync(path.join(path.dirname(tarball), 'x-'));
	run('tar', ['-xzf', tarball, '-C', dir]);
	change(path.join(dir, 'package'));
	const out = `${tarball}.changed.tgz`;
	run('tar', ['-czf', out, '-C', dir, 'package']);
	return out;
}

describe('the packed package', () => {
	let tree: string;
	let tarball: string;
	let check: Check;

	beforeAll(() => {
		tree = copyTree();
		expect(fs.existsSync(path.join(tree, 'dist'))).toBe(false);
		tarball = pack(tree); // plain `npm pack`: the repository's npm settings must run prepack
		check = checkTarball(tarball);
	}, 180_000);
	afterAll(() => removeTree(tree));

	it('builds first and holds every file of the n8n section, codex files, icons and the docs', () => {
		expect(check.problems).toEqual([]);
		const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8'));
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(check.files).toContain(file);
		expect(pkg.n8n.nodes).toHaveLength(7);
		for (const node of pkg.n8n.nodes) expect(check.files).toContain(node.replace(/\.js$/, '.json'));
		expect(check.files.filter((f) => f.endsWith('.svg')).length).toBeGreaterThanOrEqual(12);
		expect(check.files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']));
	});

	it('holds every path package.json names (main, n8n.nodes, n8n.credentials, files), and no main that is missing', () => {
		const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8'));
		const named: string[] = [...pkg.n8n.nodes, ...pkg.n8n.credentials, ...(pkg.main ? [pkg.main] : [])];
		for (const file of named) expect(check.files).toContain(file.replace(/^\.\//, ''));
		for (const entry of pkg.files as string[]) {
			expect(check.files.some((file) => file === entry || file.startsWith(`${entry.replace(/\/+$/, '')}/`))).toBe(true);
		}
		const withMain = retar(tarball, (dir) => {
			const pkgPath = path.join(dir, 'package.json');
			const packed = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
			fs.writeFileSync(pkgPath, JSON.stringify({ ...packed, main: 'index.js', files: [...packed.files, 'docs'] }, null, 2));
		});
		expect(checkTarball(withMain).problems).toEqual(
			expect.arrayContaining([
				'package.json main names index.js, which the package does not hold',
				'package.json files names docs, which the package does not hold',
			]),
		);
	});

	it('ships the compiled code with its source maps and without declarations', () => {
		const js = check.files.filter((f) => f.endsWith('.js'));
		expect(check.files.filter((f) => f.endsWith('.d.ts'))).toEqual([]);
		expect(check.files.filter((f) => f.endsWith('.js.map')).sort()).toEqual(js.map((f) => `${f}.map`).sort());
	});

	it('ships nothing users do not need', () => {
		const unexpected = check.files.filter(
			(f) => !/^dist\//.test(f) && !['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json'].includes(f),
		);
		expect(unexpected).toEqual([]);
		expect(check.files.filter((f) => /(^|\/)test\/|\.n8n-dev|(?<!\.d)\.ts$/.test(f))).toEqual([]);
	});

	it('fails on the empty package that npm pack made under ignore-scripts', () => {
		removeTree(path.join(tree, 'dist')); // the first pack built it: back to a fresh clone
		const emptyCheck = checkTarball(pack(tree, ['--ignore-scripts']));
		expect(emptyCheck.files.sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json']);
		expect(emptyCheck.problems).toEqual(
			expect.arrayContaining([
				'missing dist/nodes/Governance/Governance.node.js (listed in package.json\'s n8n section)',
				'missing codex file dist/nodes/Governance/Governance.node.json',
				'missing dist/credentials/GovernanceApi.credentials.js (listed in package.json\'s n8n section)',
			]),
		);
	});

	it('fails when an icon a description names is missing, or a test file is shipped', () => {
		const broken = retar(tarball, (dir) => {
			fs.rmSync(path.join(dir, 'dist/nodes/Governance/governance.dark.svg'));
			fs.mkdirSync(path.join(dir, 'dist/test'), { recursive: true });
			fs.writeFileSync(path.join(dir, 'dist/test/x.test.js'), '');
		});
		const { problems } = checkTarball(broken);
		expect(problems).toContain(
			'missing icon dist/nodes/Governance/governance.dark.svg (named by dist/nodes/Governance/Governance.node.js)',
		);
		expect(problems).toContain('ships a file users do not need: dist/test/x.test.js');
	});

	it("passes n8n's verification scanner, which fails a package with a runtime dependency", () => {
		const verify = (file: string) => run(process.execPath, ['scripts/verify-package.js', file], { cwd: tree });
		const ok = verify(tarball);
		expect(ok.stderr).toBe("");
		expect(ok.stdout).toContain("n8n's scanner passes the packed code");
		expect(ok.status).toBe(0);
		const withDependency = retar(tarball, (dir) => {
			const pkgPath = path.join(dir, 'package.json');
			const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
			fs.writeFileSync(pkgPath, JSON.stringify({ ...pkg, dependencies: { axios: '1.12.0' } }, null, 2));
		});
		const bad = verify(withDependency);
		expect(bad.stderr).toMatch(/n8n's scanner fails the packed code[\s\S]*no-runtime-dependencies/);
		expect(bad.status).toBe(1);
	}, 60_000);

	it('flags TypeScript sources and a missing LICENSE from the file list alone', () => {
		const problems = fileProblems(['package.json', 'README.md', 'CHANGELOG.md', 'nodes/a.ts'], {
			n8n: { nodes: [], credentials: [] },
		});
		expect(problems).toEqual(
			expect.arrayContaining(['missing LICENSE', 'package.json lists no n8n.nodes', 'ships a file users do not need: nodes/a.ts']),
		);
	});
});
