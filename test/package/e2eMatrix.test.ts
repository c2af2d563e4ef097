/**
 * What runs where in the e2e (e2e/lib/matrix.js): every scenario says whether its behaviour depends
 * on the n8n version (everyVersion) or runs on the oldest and the newest pinned n8n only
 * (oldestAndNewest), with the reason; e2e/README.md's table is the declarations' own; the oldest and
 * newest run everything, the versions between them only what depends on the version, and --full,
 * a version tested alone or a run without either bound runs everything asked for.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './tree';

type Expectation = { everyVersion?: string; oldestAndNewest?: string; live?: unknown };
type Entry = { base: string; expectation: Expectation; trigger?: boolean };
type Opts = { full?: boolean; versions?: string[]; matrix?: string[] };

const matrix = require('../../e2e/lib/matrix') as {
	BOUNDS: string[];
	ORDERED: string[];
	declaration: (name: string, expectation: Expectation) => { every: boolean; why: string };
	boundsRunOn: (version: string, opts: Opts) => boolean;
	scenarioRunsOn: (entry: Entry, version: string, opts: Opts) => boolean;
	table: (entries: Entry[]) => string;
};
const { scenarios } = require('../../e2e/matrix-table') as { scenarios: () => Entry[] };
const { VERSIONS } = require('../../e2e/lib/runtime') as { VERSIONS: Record<string, unknown> };

const all = scenarios();
const ALL = Object.keys(VERSIONS);
const [OLDEST, NEWEST] = matrix.BOUNDS;
const BETWEEN = ALL.filter((version) => !matrix.BOUNDS.includes(version));

test('the bounds are the oldest and the newest pinned n8n, by version number', () => {
	expect(matrix.BOUNDS).toEqual(['1.123.81', '2.40.7']);
	expect(matrix.ORDERED).toEqual(['1.123.81', '2.8.4', '2.38.7', '2.40.7']);
	expect(BETWEEN).toEqual(['2.8.4', '2.38.7']);
});

test('every scenario says where it runs, with a reason; both kinds exist', () => {
	expect(all.length).toBeGreaterThanOrEqual(45);
	const kinds = all.map((entry) => matrix.declaration(entry.base, entry.expectation));
	expect(kinds.filter((kind) => kind.every).length).toBeGreaterThanOrEqual(20);
	expect(kinds.filter((kind) => !kind.every).length).toBeGreaterThanOrEqual(15);
	// every trigger scenario (activation, recovery, static data, publication) depends on the version
	expect(all.filter((entry) => entry.trigger && !matrix.declaration(entry.base, entry.expectation).every).map((entry) => entry.base)).toEqual([]);
});

test('a scenario that says neither, both, or gives no reason is refused', () => {
	expect(() => matrix.declaration('x', {})).toThrow(/say where it runs, with the reason/);
	expect(() => matrix.declaration('x', { everyVersion: 'because n8n changed it', oldestAndNewest: 'because it did not' })).toThrow(/say where it runs/);
	expect(() => matrix.declaration('x', { everyVersion: '' })).toThrow(/say where it runs/);
	expect(matrix.declaration('x', { oldestAndNewest: 'the node alone decides' })).toEqual({ every: false, why: 'the node alone decides' });
});

test('e2e/README.md holds the table the declarations give (node e2e/matrix-table.js)', () => {
	const readme = fs.readFileSync(path.join(ROOT, 'e2e', 'README.md'), 'utf8');
	expect(readme).toContain(matrix.table(all));
});

describe('which version runs what', () => {
	const bounded = all.find((entry) => !matrix.declaration(entry.base, entry.expectation).every)!;
	const every = all.find((entry) => matrix.declaration(entry.base, entry.expectation).every)!;
	const run = { versions: ALL };

	test('a run of all versions: the bounds run everything, the versions between only everyVersion scenarios', () => {
		for (const version of [OLDEST, NEWEST]) expect(matrix.scenarioRunsOn(bounded, version, run)).toBe(true);
		for (const version of BETWEEN) {
			expect(matrix.scenarioRunsOn(bounded, version, run)).toBe(false);
			expect(matrix.scenarioRunsOn(every, version, run)).toBe(true);
		}
		// nothing that runs is dropped from every version
		for (const entry of all) expect(ALL.some((version) => matrix.scenarioRunsOn(entry, version, run))).toBe(true);
	});

	test('--full runs everything everywhere; a version alone, or a run without a bound, runs everything', () => {
		for (const version of BETWEEN) {
			expect(matrix.scenarioRunsOn(bounded, version, { ...run, full: true })).toBe(true);
			expect(matrix.scenarioRunsOn(bounded, version, { versions: [version] })).toBe(true);
			expect(matrix.scenarioRunsOn(bounded, version, { versions: BETWEEN })).toBe(true);
		}
	});

	test('--matrix all: one CI job per version runs that version\'s share of a run of all', () => {
		for (const version of BETWEEN) expect(matrix.boundsRunOn(version, { versions: [version], matrix: ALL })).toBe(false);
		for (const version of [OLDEST, NEWEST]) expect(matrix.boundsRunOn(version, { versions: [version], matrix: ALL })).toBe(true);
	});
});
