import { canonicalJson, planKey, planLinesIn, PlanRefused, signPlan, verifyPlans } from '../../nodes/shared/binding';

// The plan value of issue 48 as pure logic: the digest covers every field of a line, a line
// names its plan, position and size, and the key is a hash of the credential's secrets.

const key = planKey('governance', ['proj:key-1', 'key-1']);
const changes = [{ email: 'a@x.test', action: 'revoke' }, { email: 'b@x.test', action: 'invite', permissions: { items: {} } }];
const plan = () => signPlan(key, { operation: 'access.sync', platform: 'governance', rules: { maxRemovals: 5 } }, changes);

test('canonical JSON sorts keys at every level and drops undefined fields', () => {
	expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: undefined }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"f":2}]},"b":1}');
	expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
});

test('a signed plan verifies, in any order of its lines, and comes back in order', () => {
	const lines = plan();
	expect(lines.map((line) => [line.line, line.lines, line.id === lines[0].id])).toEqual([
		[1, 2, true],
		[2, 2, true],
	]);
	const [verified] = verifyPlans(key, 'governance', ['access.sync'], [lines[1], lines[0]]);
	expect(verified.lines.map((line) => line.change.email)).toEqual(['a@x.test', 'b@x.test']);
	expect(verified.rules).toEqual({ maxRemovals: 5 });
});

test.each([
	['another key', () => verifyPlans(planKey('governance', ['proj:key-2', 'key-2']), 'governance', ['access.sync'], plan()), /does not match its digest/],
	['the rules changed', () => verifyPlans(key, 'governance', ['access.sync'], plan().map((line) => ({ ...line, rules: { maxRemovals: 500 } }))), /does not match its digest/],
	['the size changed with a line dropped', () => verifyPlans(key, 'governance', ['access.sync'], plan().slice(0, 1).map((line) => ({ ...line, lines: 1 }))), /does not match its digest/],
	['a line dropped', () => verifyPlans(key, 'governance', ['access.sync'], plan().slice(1)), /has 2 line\(s\), 1 given/],
	['lines of two plans mixed', () => verifyPlans(key, 'governance', ['access.sync'], [plan()[0], plan()[1]]), /has 2 line\(s\), 1 given/],
	['another platform', () => verifyPlans(key, 'codeHosting', ['access.sync'], plan()), /which this step does not apply/],
	['another operation', () => verifyPlans(key, 'governance', ['access.revoke'], plan()), /which this step does not apply/],
	['nothing', () => verifyPlans(key, 'governance', ['access.sync'], []), /^No plan was given$/],
])('refused: %s', (_name, run, message) => {
	expect(run).toThrow(PlanRefused);
	expect(run).toThrow(message);
});

test('the key depends on every secret and the platform, is not a secret, and needs one', () => {
	expect(planKey('governance', ['secret-a1', 'secret-b1']).equals(planKey('governance', ['secret-a1', 'secret-c1']))).toBe(false);
	expect(planKey('governance', ['secret-a1']).equals(planKey('codeHosting', ['secret-a1']))).toBe(false);
	expect(planKey('governance', ['secret-a1']).toString('utf8')).not.toContain('secret');
	expect(() => planKey('governance', [])).toThrow('The credential holds no secret to sign a plan with');
	expect(() => planKey('governance', ['', 'short'])).toThrow('no secret');
});

test('plan lines are found in items, their plan fields, lists of them and n8n item wrappers', () => {
	const lines = plan();
	expect(planLinesIn([{ json: { plan: lines[0] } }, { json: { plan: [lines[1]] } }])).toEqual(lines);
	expect(planLinesIn([{ plan: lines }, { other: 1 }])).toEqual(lines);
	expect(planLinesIn(lines[0])).toEqual([lines[0]]);
	expect(planLinesIn(['not a line'])).toEqual(['not a line']);
	expect(planLinesIn([{ plan: { id: 'x' } }])).toEqual([{ id: 'x' }]);
});
