/** jest's order (test/helpers/slowFirst.js): every file it names exists, and those start first. */
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './tree';

const SlowFirst = require('../helpers/slowFirst') as { new (options: unknown): { sort(tests: Array<{ path: string; context: unknown }>): Array<{ path: string }> }; SLOWEST: string[] };

test('every file it names exists', () => {
	for (const file of SlowFirst.SLOWEST) expect([file, fs.existsSync(path.join(ROOT, 'test', file))]).toEqual([file, true]);
});

test('the named files come first, in their order; the others after them', () => {
	const context = { config: { cacheDirectory: fs.mkdtempSync(path.join(require('os').tmpdir(), 'seq-')), name: 'seq' }, hasteFS: { getSize: () => 1 } };
	const at = (file: string) => ({ path: path.join(ROOT, 'test', file), context, duration: undefined });
	const tests = [at('shared/itemLoop.test.ts'), at('codehosting/defaults.test.ts'), at('package/pack.test.ts'), at('governance/review.test.ts')];
	const sorted = new SlowFirst({ contexts: [context], globalConfig: {} }).sort(tests).map((test) => path.relative(path.join(ROOT, 'test'), test.path));
	expect(sorted.slice(0, 2)).toEqual(['package/pack.test.ts', 'codehosting/defaults.test.ts']);
	expect(sorted.slice(2).sort()).toEqual(['governance/review.test.ts', 'shared/itemLoop.test.ts']);
});
