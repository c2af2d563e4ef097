import type { IDataObject } from 'n8n-workflow';
import { maxOf } from '../../../shared/append';

/**
 * Which run a dispatch started, on servers that answer the dispatch with 204 and no run details
 * (GitHub Enterprise Server 3.17–3.19 describe only `ref` and `inputs`; the platform creates the
 * run a few seconds after the dispatch). A pure decision over the runs read back.
 */

/** What the dispatch knows about the run it is looking for. */
export interface DispatchClues {
	/** Runs of this workflow and ref read before the dispatch: none of them, nor an older one, is ours. */
	newestBefore?: number;
	/** Without a read before the dispatch: runs created earlier than this (ms, with skew allowed) are not ours. */
	createdSince?: number;
	/** The login of the token's user, when the platform told it: the run's actor. */
	actor?: string;
	/** The dispatch's inputs: a workflow that puts them in its run name (`run-name`) shows them in `display_title`. */
	inputs: IDataObject;
}

export type RunChoice =
	| { kind: 'none' }
	| { kind: 'one'; run: IDataObject; how: string }
	| { kind: 'ambiguous'; runs: IDataObject[] };

const login = (run: IDataObject) => String((run.actor as IDataObject | undefined)?.login ?? '').toLowerCase();

/** The input values that can show in a run name (non-empty text, numbers, booleans). */
function inputValues(inputs: IDataObject): string[] {
	return Object.values(inputs)
		.filter((value) => ['string', 'number', 'boolean'].includes(typeof value))
		.map((value) => String(value))
		.filter((value) => value.trim() !== '');
}

/** The runs that can be the dispatch's own: event workflow_dispatch, new since the dispatch, by its actor. */
export function candidateRuns(runs: IDataObject[], clues: DispatchClues): IDataObject[] {
	return runs.filter((run) => {
		if (run.event !== undefined && run.event !== 'workflow_dispatch') return false;
		if (clues.newestBefore !== undefined && !(Number(run.id) > clues.newestBefore)) return false;
		if (clues.createdSince !== undefined && !(Date.parse(String(run.created_at)) >= clues.createdSince)) return false;
		if (clues.actor && login(run) !== '' && login(run) !== clues.actor.toLowerCase()) return false;
		return true;
	});
}

/**
 * Picks the dispatch's run among candidates: the only one, or the only one whose run name shows
 * the most of the dispatch's input values; when several remain alike, none (never a guess).
 */
export function chooseDispatchedRun(candidates: IDataObject[], clues: DispatchClues): RunChoice {
	if (candidates.length === 0) return { kind: 'none' };
	const values = inputValues(clues.inputs);
	if (values.length > 0) {
		const score = (run: IDataObject) => values.filter((value) => String(run.display_title ?? '').includes(value)).length;
		const best = maxOf(candidates.map(score));
		if (best > 0) {
			const top = candidates.filter((run) => score(run) === best);
			if (top.length === 1) return { kind: 'one', run: top[0], how: 'its run name shows the dispatch\'s inputs' };
			return { kind: 'ambiguous', runs: top };
		}
	}
	if (candidates.length === 1) return { kind: 'one', run: candidates[0], how: 'the only new dispatch run of this workflow and ref' };
	return { kind: 'ambiguous', runs: candidates };
}

/** The runs of an ambiguous choice, named for an error message. */
export function nameRuns(runs: IDataObject[]): string {
	return runs
		.map((run) => `run ${String(run.id)} "${String(run.display_title ?? run.name ?? '')}" by ${login(run) || 'unknown'}, created ${String(run.created_at)}${typeof run.html_url === 'string' ? ` (${run.html_url})` : ''}`)
		.join('; ');
}
