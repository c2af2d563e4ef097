/** The pre-publish check: metadata without placeholders, tag = version, dated changelog section. */
import * as fs from 'fs';
import * as path from 'path';
import { ROOT, run } from './tree';

type Pkg = Record<string, unknown>;
const { metadataProblems, releaseProblems, githubSlug } = require('../../scripts/prepublish-check') as {
	metadataProblems: (pkg: Pkg) => string[];
	releaseProblems: (pkg: Pkg, o: { tag?: string; changelog?: string; githubRepository?: string }) => string[];
	githubSlug: (url: string) => string | null;
};

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Pkg;
const good: Pkg = {
	...pkg,
	version: '1.2.3',
	author: { name: 'Jo Maintainer', email: 'jo@acme.dev' },
	repository: { type: 'git', url: 'git+https://github.com/acme/n8n-nodes-x.git' },
	homepage: 'https://github.com/acme/n8n-nodes-x#readme',
	bugs: { url: 'https://github.com/acme/n8n-nodes-x/issues' },
};
const changelog = '# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2026-11-24\n\n### Fixed\n- x\n';

describe('prepublish check', () => {
	it('accepts this repository\'s package.json metadata', () => {
		expect(metadataProblems(pkg)).toEqual([]);
	});

	it('accepts complete metadata, the matching tag and a dated changelog section', () => {
		expect(releaseProblems(good, { tag: 'v1.2.3', changelog, githubRepository: 'acme/n8n-nodes-x' })).toEqual([]);
	});

	it.each([
		['placeholder repository', { repository: { url: 'https://example.invalid/x.git' } }, /repository\.url is a placeholder/],
		['placeholder homepage', { homepage: 'https://example.com/x' }, /homepage is a placeholder/],
		['starter author email', { author: { name: 'Nathan', email: 'nathan@n8n.io' } }, /author\.email is a placeholder/],
		['author without email', { author: { name: 'Jo' } }, /author\.email is missing/],
		['author string without email', { author: 'Jo Maintainer' }, /author\.email is missing/],
		['author email not an address', { author: { name: 'Jo', email: 'jo' } }, /not an email address/],
		['no bugs URL', { bugs: undefined }, /bugs\.url is missing/],
		['repository elsewhere than GitHub', { repository: 'https://gitlab.com/acme/x' }, /must name a GitHub repository/],
		['template value', { homepage: 'https://github.com/<owner>/<repo>' }, /homepage is a placeholder/],
	])('refuses %s', (_name, change, message) => {
		const problems = metadataProblems({ ...good, ...change });
		expect(problems.join('\n')).toMatch(message);
	});

	it('refuses a tag that is not v<version>, a missing tag and an undated changelog section', () => {
		expect(releaseProblems(good, { tag: 'v1.2.4', changelog }).join('\n')).toMatch(
			/tag v1\.2\.4 does not match package\.json version 1\.2\.3/,
		);
		expect(releaseProblems(good, { changelog }).join('\n')).toMatch(/no release tag given/);
		expect(releaseProblems(good, { tag: 'v1.2.3', changelog: '## [Unreleased]\n- x\n' }).join('\n')).toMatch(
			/no dated section "## \[1\.2\.3\] - YYYY-MM-DD"/,
		);
		expect(releaseProblems(good, { tag: 'v1.2.3' }).join('\n')).toMatch(/CHANGELOG\.md is missing/);
	});

	it('refuses to publish from another repository than package.json names', () => {
		expect(releaseProblems(good, { tag: 'v1.2.3', changelog, githubRepository: 'someone/fork' }).join('\n')).toMatch(
			/names acme\/n8n-nodes-x, but this workflow runs in someone\/fork/,
		);
	});

	it('reads the GitHub repository from every URL form npm accepts', () => {
		for (const url of [
			'git+https://github.com/Acme/x.git',
			'https://github.com/acme/x',
			'git@github.com:acme/x.git',
			'git://github.com/acme/x.git',
			'github:acme/x',
		]) {
			expect(githubSlug(url)).toBe('acme/x');
		}
		expect(githubSlug('https://example.invalid/acme/x')).toBeNull();
	});

	it('exits 1 with the reasons when run for a tag that does not match (as publish.yml runs it)', () => {
		const res = run(process.execPath, ['scripts/prepublish-check.js', '--tag', 'v99.0.0'], { cwd: ROOT });
		expect(res.status).toBe(1);
		expect(res.stderr).toMatch(/tag v99\.0\.0 does not match package\.json version/);
		const tagged = run(process.execPath, ['scripts/prepublish-check.js'], {
			cwd: ROOT,
			env: { ...process.env, GITHUB_REF_TYPE: 'tag', GITHUB_REF_NAME: 'v0.0.1-not-this' },
		});
		expect(tagged.status).toBe(1);
		expect(tagged.stderr).toMatch(/tag v0\.0\.1-not-this does not match/);
	});
});
