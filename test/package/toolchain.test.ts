/**
 * n8n's own toolchain (@n8n/node-cli) agrees with package.json: strict mode is on and
 * `n8n-node cloud-support` reports the pack eligible for n8n Cloud verification; node-cli's AI SDK
 * dependency resolves to the stand-in in scripts/stubs (and follows node-cli's pin); the npm
 * settings let `npm ci` run on npm 10 without skipping this package's own prepack.
 * (`npm run lint`, scripts/lint.js, runs n8n-node lint itself.)
 */
import * as fs from 'fs';
import * as path from 'path';
import { ROOT, run } from './tree';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const json = (file: string) => JSON.parse(read(file));

describe("n8n's toolchain", () => {
	it('reports the pack eligible for n8n Cloud verification: strict mode and the default eslint config', () => {
		expect(json('package.json').n8n.strict).toBe(true);
		const template = read('node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs');
		expect(read('eslint.config.mjs').replace(/\s+/g, ' ').trim()).toBe(template.replace(/\s+/g, ' ').trim());
		const bin = path.join(ROOT, 'node_modules/@n8n/node-cli/bin/n8n-node.mjs');
		const res = run(process.execPath, [bin, 'cloud-support'], { cwd: ROOT });
		expect(res.status).toBe(0);
		// with CI set, n8n-node colours its output: compare the text without colour codes
		const text = String(res.stdout).replace(/\x1b\[[0-9;]*m/g, '');
		expect(text).toMatch(/Status: eligible/);
		expect(text).not.toMatch(/NOT eligible/);
	}, 60_000);

	it("resolves node-cli's @n8n/ai-node-sdk to the stand-in, at the version node-cli pins", () => {
		const pinned = json('node_modules/@n8n/node-cli/package.json').dependencies['@n8n/ai-node-sdk'];
		expect(json('scripts/stubs/ai-node-sdk/package.json').version).toBe(pinned);
		expect(json('package.json').devDependencies['@n8n/ai-node-sdk']).toBe('file:scripts/stubs/ai-node-sdk');
		const lock = json('package-lock.json').packages as Record<string, { link?: boolean; resolved?: string }>;
		expect(lock['node_modules/@n8n/ai-node-sdk']).toMatchObject({ link: true, resolved: 'scripts/stubs/ai-node-sdk' });
		expect(Object.keys(lock).filter((key) => /node_modules\/@n8n\/ai-node-sdk$/.test(key))).toEqual(['node_modules/@n8n/ai-node-sdk']);
		expect(Object.keys(lock).filter((key) => /node_modules\/(isolated-vm|@n8n\/ai-utilities)$/.test(key))).toEqual([]);
	});

	it('lets npm 10 run npm ci (yes=true) and keeps install scripts of this package (no ignore-scripts)', () => {
		const settings = read('.npmrc')
			.split('\n')
			.filter((line) => line.trim() && !line.trim().startsWith('#'));
		expect(settings).toEqual(['yes=true']);
	});
});
