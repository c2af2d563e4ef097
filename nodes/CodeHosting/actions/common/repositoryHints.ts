import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { codeHosting } from '../../transport';
import type { RepositoryReference } from './repository';
import { readRepository } from './repository';

/**
 * The name the platform gives a repository created as `name`: every run of characters other than
 * ASCII letters, digits, ".", "-" and "_" becomes one "-" ("my repo" → "my-repo").
 */
export function platformRepositoryName(name: string): string {
	const cleaned = name.trim().replace(/[^A-Za-z0-9._-]+/g, '-');
	return cleaned === '' || cleaned === '.' || cleaned === '..' ? '-' : cleaned;
}

/** Where a name the platform rewrites probably lives, or undefined when it keeps the name. */
export function probableNameHint(owner: string, repo: string): string | undefined {
	const probable = platformRepositoryName(repo);
	if (probable === repo) return undefined;
	return `The platform rewrites characters other than letters, digits, ".", "-" and "_" in repository names: it is probably named "${owner}/${probable}".`;
}

/**
 * Turns a 404 of a repository-scoped call into "repository <owner>/<name> not found or not
 * visible to this credential" when the repository itself cannot be read (one check request,
 * only after a 404), with the name the platform probably gave it. Other errors pass unchanged.
 */
export async function explainRepositoryNotFound(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Promise<unknown> {
	if (!(error instanceof NodeApiError) || error.httpCode !== '404' || error.context.appAuthentication) return error;
	let reference: RepositoryReference;
	try {
		reference = readRepository(ctx, itemIndex);
	} catch {
		return error; // the operation has no repository
	}
	const check = await codeHosting(ctx).fullRequest('GET', reference.path, { itemIndex, acceptStatuses: [404] });
	if (check.statusCode !== 404) return error; // the repository is there: something inside it is missing
	const platformMessage = error.message;
	error.message = `repository ${reference.owner}/${reference.repo} not found or not visible to this credential`;
	error.description = [
		`The platform answered "${platformMessage}".`,
		probableNameHint(reference.owner, reference.repo),
		'Check owner and name (a renamed repository is followed automatically), and that the token can see private repositories of this owner.',
	]
		.filter(Boolean)
		.join(' ');
	return error;
}
