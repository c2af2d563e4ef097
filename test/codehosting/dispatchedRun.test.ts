import type { IDataObject } from 'n8n-workflow';

import { candidateRuns, chooseDispatchedRun } from '../../nodes/CodeHosting/actions/common/dispatchedRun';

// Which run a dispatch answered with 204 started: a pure choice over the runs read back.

const run = (id: number, title: string, login = 'octo-user', created = '2026-11-25T10:00:05Z', event = 'workflow_dispatch'): IDataObject => ({
	id,
	display_title: title,
	actor: { login },
	created_at: created,
	event,
});

describe('candidateRuns', () => {
	const runs = [run(10, 'Deploy blue'), run(11, 'Deploy blue', 'other-user'), run(12, 'Deploy green'), run(13, 'CI', 'octo-user', '2026-11-25T10:00:05Z', 'push')];

	test('only dispatch runs newer than every run read before the dispatch, by the token\'s user', () => {
		expect(candidateRuns(runs, { newestBefore: 10, actor: 'OCTO-USER', inputs: {} }).map((entry) => entry.id)).toEqual([12]);
		expect(candidateRuns(runs, { newestBefore: 9, inputs: {} }).map((entry) => entry.id)).toEqual([10, 11, 12]);
	});

	test('without a read before the dispatch: created since the dispatch (skew allowed)', () => {
		const since = Date.parse('2026-11-25T10:00:06Z');
		expect(candidateRuns([...runs, run(14, 'late', 'octo-user', '2026-11-25T10:00:07Z')], { createdSince: since, inputs: {} }).map((entry) => entry.id)).toEqual([14]);
	});
});

describe('chooseDispatchedRun', () => {
	test('none, or the only candidate', () => {
		expect(chooseDispatchedRun([], { inputs: {} })).toEqual({ kind: 'none' });
		expect(chooseDispatchedRun([run(1, 'Deploy')], { inputs: {} })).toMatchObject({ kind: 'one', run: { id: 1 } });
	});

	test('the run whose name shows the dispatch\'s inputs, among others', () => {
		const choice = chooseDispatchedRun([run(1, 'Deploy blue'), run(2, 'Deploy green')], { inputs: { env: 'green' } });
		expect(choice).toMatchObject({ kind: 'one', run: { id: 2 } });
		const more = chooseDispatchedRun([run(1, 'Deploy blue eu'), run(2, 'Deploy blue us')], { inputs: { env: 'blue', region: 'us', dry: false } });
		expect(more).toMatchObject({ kind: 'one', run: { id: 2 } });
	});

	test('runs that cannot be told apart: ambiguous, never a guess', () => {
		expect(chooseDispatchedRun([run(1, 'Deploy'), run(2, 'Deploy')], { inputs: { env: 'green' } })).toMatchObject({ kind: 'ambiguous', runs: [{ id: 1 }, { id: 2 }] });
		expect(chooseDispatchedRun([run(1, 'Deploy green'), run(2, 'Deploy green')], { inputs: { env: 'green' } })).toMatchObject({ kind: 'ambiguous' });
		expect(chooseDispatchedRun([run(1, 'Deploy'), run(2, 'Deploy')], { inputs: {} })).toMatchObject({ kind: 'ambiguous' });
	});
});
