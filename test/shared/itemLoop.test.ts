/** The item loop's output mapping: each operation declares what it returns (no shape guessing). */
import { runItemLoop, toExecutionData } from '../../nodes/shared/itemLoop';

test('one item: the object is the item, even when it has a `json` key of its own', () => {
	expect(toExecutionData({ json: { a: 1 }, id: 7 }, 'item')).toEqual([{ json: { json: { a: 1 }, id: 7 } }]);
});

test('many items: one output item per entry; none for an empty list', () => {
	expect(toExecutionData([{ id: 1 }, { id: 2 }], 'items')).toEqual([{ json: { id: 1 } }, { json: { id: 2 } }]);
	expect(toExecutionData([], 'items')).toEqual([]);
});

test('binary: the items the operation built, as they are', () => {
	const items = [{ json: { path: 'a.txt' }, binary: { data: { data: 'eA==', mimeType: 'text/plain' } } }];
	expect(toExecutionData(items, 'binary')).toBe(items);
});

describe('runItemLoop: explainError runs for failed items only', () => {
	const node = { id: 'n', name: 'Node', type: 'test.node', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	const context = (items: number, continueOnFail: boolean) =>
		({
			getInputData: () => Array.from({ length: items }, (_, index) => ({ json: { index } })),
			getNode: () => node,
			continueOnFail: () => continueOnFail,
			helpers: {
				constructExecutionMetaData: (data: Array<{ json: object }>, { itemData }: { itemData: { item: number } }) =>
					data.map((entry) => ({ ...entry, pairedItem: itemData })),
			},
		}) as never;
	const operation = {
		returns: 'item' as const,
		async execute(itemIndex: number) {
			if (itemIndex === 1) throw new Error('raw failure');
			if (itemIndex === 2) throw new Error('second failure');
			return { ok: itemIndex };
		},
	};

	test('the explained error is what the item reports; an explanation that fails reports its own error', async () => {
		const explained: number[] = [];
		const explainError = async (_ctx: unknown, error: unknown, itemIndex: number) => {
			explained.push(itemIndex);
			if (itemIndex === 2) throw new Error('the lookup failed');
			return new Error(`explained: ${(error as Error).message}`);
		};
		const [output] = await runItemLoop.call(context(4, true), operation, async () => [], explainError);
		expect(explained).toEqual([1, 2]);
		expect(output).toEqual([
			{ json: { ok: 0 }, pairedItem: { item: 0 } },
			{ json: { error: 'explained: raw failure' }, pairedItem: { item: 1 } },
			{ json: { error: 'the lookup failed' }, pairedItem: { item: 2 } },
			{ json: { ok: 3 }, pairedItem: { item: 3 } },
		]);
	});

	test('without Continue On Fail the explained error stops the run with the item index', async () => {
		const explainError = async (_ctx: unknown, error: unknown) => new Error(`explained: ${(error as Error).message}`);
		await expect(runItemLoop.call(context(3, false), operation, async () => [], explainError)).rejects.toMatchObject({
			message: 'explained: raw failure',
			context: { itemIndex: 1 },
		});
	});
});
