/**
 * `npm run release` (release-it with .release-it.cjs) in a clean copy of the tree: bumps the
 * version, moves Unreleased into a dated section with compare links, builds, commits and tags
 * vX.Y.Z; refuses before touching anything while the metadata has placeholders.
 */
import * as fs from 'fs';
import * as path from 'path';
import { copyTree, removeTree, run } from './tree';

const GIT = ['-c', 'user.name=Release Test', '-c', 'user.email=release@test.dev'];

function repo(change?: (dir: string) => void): string {
	const dir = copyTree();
	change?.(dir);
	fs.appendFileSync(path.join(dir, '.gitignore'), '\nnode_modules\n');
	for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'start']]) {
		const res = run('git', [...GIT, ...args], { cwd: dir });
		if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
	}
	return dir;
}

function release(dir: string, increment: string) {
	// as `npm run release -- <increment>`, without pushing (the test repository has no remote)
	return run('npm', ['run', 'release', '--', '--ci', '--no-git.push', increment], {
		cwd: dir,
		env: { ...process.env, GIT_AUTHOR_NAME: 'Release Test', GIT_AUTHOR_EMAIL: 'release@test.dev', GIT_COMMITTER_NAME: 'Release Test', GIT_COMMITTER_EMAIL: 'release@test.dev' },
	});
}

describe('npm run release', () => {
	const dirs: string[] = [];
	afterAll(() => dirs.forEach(removeTree));

	it('bumps, moves Unreleased into the new version, commits and tags', () => {
		const dir = repo();
		dirs.push(dir);
		const before = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
		const unreleased = fs.readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8').split('## [Unreleased]')[1].trim();
		expect(unreleased.length).toBeGreaterThan(100);

		const res = release(dir, 'minor');
		expect(res.stderr + res.stdout).not.toMatch(/✖|ERROR/);
		expect(res.status).toBe(0);

		const [major, minor] = before.version.split('.').map(Number);
		const version = `${major}.${minor + 1}.0`;
		const slug = /github\.com\/([^/]+\/[^/.]+)/.exec(before.repository.url)![1];
		expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version).toBe(version);
		expect(JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')).version).toBe(version);
		const changelog = fs.readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8');
		const today = new Date();
		const pad = (n: number) => String(n).padStart(2, '0');
		const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
		expect(changelog).toContain(`## [Unreleased]\n\n## [${version}] - ${date}\n\n${unreleased.split('\n[Unreleased]:')[0].trim()}`);
		expect(changelog).toContain(`[${version}]: https://github.com/${slug}/releases/tag/v${version}`);
		expect(changelog).toContain(`[Unreleased]: https://github.com/${slug}/compare/v${version}...HEAD`);

		expect(run('git', ['tag', '-l', '--format=%(objecttype) %(refname:short)'], { cwd: dir }).stdout.trim()).toBe(`tag v${version}`);
		expect(run('git', ['log', '-1', '--format=%s'], { cwd: dir }).stdout.trim()).toBe(`Release v${version}`);
		expect(run('git', ['status', '--porcelain'], { cwd: dir }).stdout.trim()).toBe('');
		// the release built the package (after:bump)
		expect(fs.existsSync(path.join(dir, 'dist/nodes/Governance/Governance.node.js'))).toBe(true);

		// the pre-publish check accepts what the release made, for its tag only
		const check = run(process.execPath, ['scripts/prepublish-check.js', '--tag', `v${version}`], { cwd: dir });
		expect(check.stderr).toBe('');
		expect(check.status).toBe(0);
	}, 120_000);

	it('refuses before bumping or tagging while package.json has placeholder metadata', () => {
		const dir = repo((d) => {
			const pkgPath = path.join(d, 'package.json');
			const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
			pkg.repository = { type: 'git', url: 'https://example.invalid/n8n-nodes-governance-connectors.git' };
			fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
		});
		dirs.push(dir);
		const res = release(dir, 'patch');
		expect(res.status).not.toBe(0);
		expect(res.stderr + res.stdout).toMatch(/repository\.url is a placeholder/);
		expect(run('git', ['tag', '-l'], { cwd: dir }).stdout.trim()).toBe('');
		expect(run('git', ['log', '--format=%s'], { cwd: dir }).stdout.trim()).toBe('start');
	}, 120_000);
});
