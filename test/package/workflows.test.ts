/**
 * The GitHub Actions workflows: CI runs .ci/run on pushes and pull requests with the n8n runtime
 * folder cached by lockfile hash; publish runs on v* tags, publishes with npm provenance through
 * trusted publishing (id-token: write, no token) and only after every check has passed.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './tree';

const yaml = require('js-yaml') as { load: (text: string) => unknown };

type Step = { name?: string; uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> };
type Job = { steps: Step[]; env?: Record<string, string>; permissions?: Record<string, string> };
type Workflow = { on: Record<string, unknown>; permissions?: Record<string, string>; jobs: Record<string, Job> };

function load(name: string, job?: string): { text: string; wf: Workflow; steps: Step[] } {
	const text = fs.readFileSync(path.join(ROOT, '.github', 'workflows', name), 'utf8');
	const wf = yaml.load(text) as Workflow;
	if (job) return { text, wf, steps: wf.jobs[job].steps };
	const jobs = Object.values(wf.jobs);
	expect(jobs).toHaveLength(1);
	return { text, wf, steps: jobs[0].steps };
}

function index(steps: Step[], test: (s: Step) => boolean, what: string): number {
	const i = steps.findIndex(test);
	if (i < 0) throw new Error(`no step ${what}`);
	return i;
}

describe('ci.yml', () => {
	const { wf } = load('ci.yml', 'check');
	type MatrixJob = Job & { 'timeout-minutes': number; strategy: { matrix: Record<string, string[]> } };
	const { VERSIONS } = require('../../e2e/lib/runtime') as { VERSIONS: Record<string, unknown> };

	it('has the check job, one e2e job per pinned n8n version and the first command on the npm of Node 20, 22 and 24', () => {
		expect(Object.keys(wf.jobs).sort()).toEqual(['check', 'e2e', 'first-command']);
		const first = wf.jobs['first-command'] as MatrixJob;
		expect(first.strategy.matrix.node).toEqual(['20.x', '22.x', '24.x']);
		const runs = first.steps.map((s) => s.run ?? '').join('\n');
		expect(runs).toMatch(/npm ci\b/);
		expect(runs).toMatch(/npm run lint/);
		expect(runs).not.toMatch(/npm install -g npm/); // the npm the Node brings
	});

	it('runs on push and pull request, and every night', () => {
		expect(Object.keys(wf.on).sort()).toEqual(['pull_request', 'push', 'schedule']);
	});

	it('check: npm 11, npm ci, then the steps of .ci/run before the e2e', () => {
		const steps = wf.jobs.check.steps;
		const npm = index(steps, (s) => /npm install -g npm@11\.(1[6-9]|[2-9]\d)\./.test(s.run ?? ''), 'npm 11');
		const ci = index(steps, (s) => /^npm ci\b/.test(s.run ?? ''), 'npm ci');
		const all = index(steps, (s) => /^npm run test:all -- --no-e2e$/.test(s.run ?? ''), 'test:all --no-e2e');
		expect(npm).toBeLessThan(ci);
		expect(ci).toBeLessThan(all);
	});

	it('e2e: a job per pinned version, each its share of a run of all, within 45 minutes; every scenario on every version at night', () => {
		const job = wf.jobs.e2e as MatrixJob;
		expect(job.strategy.matrix.n8n).toEqual(Object.keys(VERSIONS));
		expect(job['timeout-minutes']).toBeLessThanOrEqual(45);
		const steps = job.steps;
		const checkout = index(steps, (s) => /^actions\/checkout@/.test(s.uses ?? ''), 'checkout');
		const cache = index(steps, (s) => /^actions\/cache@/.test(s.uses ?? ''), 'cache');
		const e2e = index(steps, (s) => /^npm run test:e2e -- --n8n \$\{\{ matrix\.n8n \}\} --matrix all$/.test(s.run ?? ''), 'the e2e of one version');
		expect(checkout).toBeLessThan(cache);
		expect(cache).toBeLessThan(e2e);
		expect(steps[cache].with?.path).toBe('${{ env.N8N_E2E_CACHE }}');
		expect(job.env?.N8N_E2E_CACHE).toBeTruthy();
		expect(steps[cache].with?.key).toContain("hashFiles('e2e/runtime/**/package-lock.json')");
		expect(steps[cache].with?.key).toContain('${{ matrix.n8n }}');
		expect(job.env?.N8N_E2E_FULL).toBe("${{ github.event_name == 'schedule' && '1' || '0' }}");
		expect(steps.some((s) => /npm install -g npm@11\.(1[6-9]|[2-9]\d)\./.test(s.run ?? ''))).toBe(true);
	});
});

describe('publish.yml', () => {
	const { text, wf, steps } = load('publish.yml');

	it('runs only for v* tags', () => {
		expect(wf.on).toEqual({ push: { tags: ['v*'] } });
	});

	it('may request an OIDC token (trusted publishing, provenance) and nothing more than reading', () => {
		expect(wf.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
	});

	it('publishes with provenance, publicly, without a long-lived token', () => {
		const publish = steps.filter((s) => /\bnpm publish\b/.test(s.run ?? ''));
		expect(publish).toHaveLength(1);
		expect(publish[0].run).toMatch(/npm publish .*--provenance/);
		expect(publish[0].run).toMatch(/--access public/);
		// no stored token but the first release's short-lived bootstrap token, on the publish step only
		expect(text.match(/secrets\.[A-Z_]+/g)).toEqual(['secrets.NPM_BOOTSTRAP_TOKEN']);
		expect(publish[0].env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_BOOTSTRAP_TOKEN }}' });
		expect(text).not.toMatch(/NPM_TOKEN\b/);
		const setup = steps.find((s) => /^actions\/setup-node@/.test(s.uses ?? ''));
		expect(setup?.with?.['registry-url']).toBe('https://registry.npmjs.org');
		expect(steps.some((s) => /npm install -g npm@11\./.test(s.run ?? ''))).toBe(true);
	});

	it('publishes only after the release check, every test and the tarball check', () => {
		const publish = index(steps, (s) => /\bnpm publish\b/.test(s.run ?? ''), 'npm publish');
		const metadata = index(
			steps,
			(s) => /node scripts\/prepublish-check\.js --tag "\$GITHUB_REF_NAME"/.test(s.run ?? ''),
			'prepublish-check',
		);
		const checks = index(steps, (s) => /^bash \.ci\/run$/m.test(s.run ?? ''), 'bash .ci/run');
		const tarball = index(steps, (s) => /node scripts\/verify-package\.js release\/\*\.tgz/.test(s.run ?? ''), 'verify-package');
		expect(metadata).toBeLessThan(checks);
		expect(checks).toBeLessThan(tarball);
		expect(tarball).toBeLessThan(publish);
		// the tarball that was checked is the one published
		expect(steps[tarball].run).toMatch(/npm pack --pack-destination release/);
		expect(steps[publish].run).toMatch(/npm publish release\/\*\.tgz/);
		// no step may be skipped on failure of an earlier one
		expect(steps.filter((s) => 'if' in s || 'continue-on-error' in s)).toEqual([]);
	});
});
