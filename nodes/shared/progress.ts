import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The error of a step that stopped part-way, with what was done before and what to do added to
 * its description (its message, status and platform text stay as they are).
 */
export function withProgress(error: unknown, notes: Array<string | undefined | false>): unknown {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.description = [error.description, ...notes].filter(Boolean).join(' ');
	}
	return error;
}

/** "1 change", "3 changes". */
export const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The notes of a write that failed part-way through a list of changes: where it stopped, what was
 * done before, what is left (the failed change and every later one), and that a rerun finishes the
 * job (it plans again from the platform's state and makes only the changes left).
 */
export function partialWriteNotes(what: string, stoppedAt: string, done: readonly string[], left: readonly string[]): string[] {
	return [
		`${what} stopped at ${stoppedAt}.`,
		done.length > 0 ? `Done before: ${countOf(done.length, 'change')}: ${done.join(', ')}.` : 'No change was made before.',
		`Left: ${countOf(left.length, 'change')}, the one it stopped at${left.length > 1 ? ` and ${left.length - 1} after it` : ''}: ${left.join(', ')}.`,
		'Running the step again finishes the job: it reads the access left and makes only the changes left.',
	];
}
