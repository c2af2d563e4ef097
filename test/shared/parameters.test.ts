/** Per-execution reads of parameters stored without expressions (nodes/shared/parameters.ts). */
import { holdsExpression, nodeOf, readOnceIfStatic } from '../../nodes/shared/parameters';

const ctxWith = (parameters: Record<string, unknown>) => ({ getNode: () => ({ parameters }) }) as never;

test('expressions are found in strings, locators and collections', () => {
	expect(holdsExpression('={{ $json.owner }}')).toBe(true);
	expect(holdsExpression({ __rl: true, mode: 'name', value: '={{ $json.repo }}' })).toBe(true);
	expect(holdsExpression({ options: [{ value: '=x' }] })).toBe(true);
	expect(holdsExpression({ __rl: true, mode: 'name', value: 'n8n' })).toBe(false);
	expect(holdsExpression(5)).toBe(false);
	expect(holdsExpression(undefined)).toBe(false);
});

test('a value from static parameters is read once per execution', () => {
	const ctx = ctxWith({ owner: { __rl: true, mode: 'name', value: 'octocat' } });
	let reads = 0;
	for (let item = 0; item < 3; item++) expect(readOnceIfStatic(ctx, 'k', ['owner'], () => ++reads)).toBe(1);
	expect(reads).toBe(1);
});

test('a value from an expression is read for every item; the node is copied only once', () => {
	let copies = 0;
	const ctx = { getNode: () => (copies++, { parameters: { owner: '={{ $json.owner }}' } }) } as never;
	let reads = 0;
	for (let item = 0; item < 3; item++) readOnceIfStatic(ctx, 'k', ['owner'], () => ++reads);
	expect(reads).toBe(3);
	expect(copies).toBe(1);
});

test('nodeOf: one copy of the node per execution context (n8n deep-copies it on every getNode)', () => {
	let copies = 0;
	const makeCtx = () => ({ getNode: () => ({ name: `copy ${++copies}` }) }) as never;
	const first = makeCtx();
	expect(nodeOf(first)).toBe(nodeOf(first));
	expect(copies).toBe(1);
	expect(nodeOf(makeCtx())).toEqual({ name: 'copy 2' });
});

test('a failed read is not kept: every item reads (and fails) again', () => {
	const ctx = ctxWith({ owner: '' });
	let reads = 0;
	const read = () => {
		reads++;
		throw new Error('empty owner');
	};
	expect(() => readOnceIfStatic(ctx, 'k', ['owner'], read)).toThrow('empty owner');
	expect(() => readOnceIfStatic(ctx, 'k', ['owner'], read)).toThrow('empty owner');
	expect(reads).toBe(2);
});
