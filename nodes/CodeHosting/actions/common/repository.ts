import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readId, readOnceIfStatic, requireText } from '../../../shared';

const enc = encodeURIComponent;

/** `/repos/{owner}/{repo}` with both parts encoded. */
export function repositoryPath(owner: string, repo: string): string {
	return `/repos/${enc(owner)}/${enc(repo)}`;
}

/** The repository of this item: owner and name from their locators (validated), and its API path. */
export interface RepositoryReference {
	owner: string;
	repo: string;
	/** `/repos/{owner}/{repo}`, encoded. */
	path: string;
}

/**
 * Reads the Repository Owner and Repository Name locators of this item (once per execution
 * when neither holds an expression: then they are the same for every item).
 */
export function readRepository(ctx: IExecuteFunctions, itemIndex: number): RepositoryReference {
	return readOnceIfStatic(ctx, 'codeHosting.repository', ['owner', 'repository'], () => {
		const owner = readId(ctx, 'owner', 'Repository Owner', itemIndex);
		const repo = readId(ctx, 'repository', 'Repository Name', itemIndex);
		return { owner, repo, path: repositoryPath(owner, repo) };
	});
}

/** `/repos/{owner}/{repo}` for this item, both parts validated and encoded. */
export function repoPath(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRepository(ctx, itemIndex).path;
}

/** Owner and repository of this item, validated. */
export function ownerAndRepo(ctx: IExecuteFunctions, itemIndex: number): { owner: string; repo: string } {
	const { owner, repo } = readRepository(ctx, itemIndex);
	return { owner, repo };
}

/**
 * A file path inside a repository, encoded segment by segment (spaces, unicode and `#`
 * included). Leading/trailing slashes are dropped; `.` and `..` segments are refused.
 */
export function filePath(ctx: IExecuteFunctions, value: unknown, itemIndex: number, allowEmpty = false): string {
	const text = typeof value === 'string' ? value.trim().replace(/^\/+|\/+$/g, '') : '';
	if (text === '') {
		if (allowEmpty) return '';
		requireText(ctx, '', 'File Path', itemIndex);
	}
	const segments = text.split('/');
	if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
		throw new NodeOperationError(ctx.getNode(), `File Path "${text}" is not a valid path`, {
			itemIndex,
			description: 'Use a path inside the repository such as docs/readme.md, without "." or ".." parts.',
		});
	}
	return segments.map(enc).join('/');
}
