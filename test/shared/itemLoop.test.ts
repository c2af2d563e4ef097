/** The item loop's output mapping: each operation declares what it returns (no shape guessing). */
import { toExecutionData } from '../../nodes/shared/itemLoop';

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
