/** The Code Hosting repository reference, built in one place (actions/common/repository.ts). */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readRepository, repositoryPath } from '../../nodes/CodeHosting/actions/common';

const ctxWith = (parameters: Record<string, unknown>) =>
	({
		getNode: () => ({ id: '1', name: 'Code Hosting', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }),
		getNodeParameter: (name: string) => parameters[name],
	}) as unknown as IExecuteFunctions;

test('owner and repository are encoded into /repos/{owner}/{repo}', () => {
	expect(repositoryPath('n8n-io', 'n8n')).toBe('/repos/n8n-io/n8n');
	expect(repositoryPath('a b', 'c#d')).toBe('/repos/a%20b/c%23d');
});

test('readRepository reads both locators of the item', () => {
	expect(readRepository(ctxWith({ owner: 'octocat', repository: 'hello-world' }), 0)).toEqual({
		owner: 'octocat',
		repo: 'hello-world',
		path: '/repos/octocat/hello-world',
	});
});

test('an empty owner is bad input with the item index, before any request', () => {
	let caught: unknown;
	try {
		readRepository(ctxWith({ owner: '', repository: 'x' }), 4);
	} catch (error) {
		caught = error;
	}
	expect(caught).toBeInstanceOf(NodeOperationError);
	expect((caught as NodeOperationError).context.itemIndex).toBe(4);
});
