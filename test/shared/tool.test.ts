import type { IDataObject, INode } from 'n8n-workflow';

import { simplifyIssue, simplifyRun, TOOL_CONTENT_LIMIT, toolFileJson } from '../../nodes/CodeHosting/actions/common';
import { simplifyMember } from '../../nodes/Governance/actions/simplify';
import { AUTOMATIC, listValue, runsAsTool, simplifyField, wantsSimplify } from '../../nodes/shared';

// The pieces a tool run is made of, without HTTP: how a run knows it is a tool's, when Simplify is
// on, what File → Get puts in a tool's answer, and the list forms a model hands over.

function ctx(type: string, options: IDataObject | undefined, isToolExecution?: () => boolean) {
	return {
		getNode: () => ({ type, name: 'Under Test' }) as INode,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => (name === 'options' && options !== undefined ? options : fallback),
		...(isToolExecution ? { isToolExecution } : {}),
	} as unknown as Parameters<typeof runsAsTool>[0];
}

describe('runsAsTool', () => {
	test.each([
		['the tool variant (n8n 1.x: no isToolExecution)', 'n8n-nodes-governance-connectors.codeHostingTool', undefined, true],
		['the action node (n8n 1.x)', 'n8n-nodes-governance-connectors.codeHosting', undefined, false],
		['isToolExecution() says so (n8n 2.x supply-data context)', 'n8n-nodes-governance-connectors.codeHosting', () => true, true],
		['isToolExecution() false, tool variant (n8n 2.x execute context)', 'n8n-nodes-governance-connectors.codeHostingTool', () => false, true],
		['isToolExecution() false, action node', 'n8n-nodes-governance-connectors.codeHosting', () => false, false],
		['isToolExecution() throws, action node', 'n8n-nodes-governance-connectors.codeHosting', () => { throw new Error('no'); }, false],
	])('%s', (_name, type, isTool, expected) => {
		expect(runsAsTool(ctx(type, undefined, isTool as (() => boolean) | undefined))).toBe(expected);
	});
});

describe('wantsSimplify', () => {
	test('without the option: on as a tool, off otherwise (workflows saved before keep their output)', () => {
		expect(wantsSimplify(ctx('x.codeHostingTool', {}), 0)).toBe(true);
		expect(wantsSimplify(ctx('x.codeHosting', {}), 0)).toBe(false);
		expect(wantsSimplify(ctx('x.codeHosting', undefined), 0)).toBe(false);
	});
	test('the option added decides either way (values true/false, as the boolean it was stored them, or as text)', () => {
		expect(wantsSimplify(ctx('x.codeHostingTool', { simplify: false }), 0)).toBe(false);
		expect(wantsSimplify(ctx('x.codeHosting', { simplify: true }), 0)).toBe(true);
		expect(wantsSimplify(ctx('x.codeHostingTool', { simplify: 'false' }), 0)).toBe(false);
		expect(wantsSimplify(ctx('x.codeHosting', { simplify: 'true' }), 0)).toBe(true);
	});
	test('added at its shown default (Automatic) it changes nothing: on as a tool, off otherwise', () => {
		expect(simplifyField.default).toBe(AUTOMATIC);
		expect(wantsSimplify(ctx('x.codeHostingTool', { simplify: simplifyField.default }), 0)).toBe(true);
		expect(wantsSimplify(ctx('x.codeHosting', { simplify: simplifyField.default }), 0)).toBe(false);
		expect((simplifyField.options ?? []).map((option) => ('value' in option ? option.value : undefined))).toEqual([AUTOMATIC, false, true]);
	});
	test('any other value is an error naming Simplify', () => {
		expect(() => wantsSimplify(ctx('x.codeHosting', { simplify: 'sometimes' }), 3)).toThrow('Simplify must be Automatic, true or false');
	});
});

describe('listValue: the forms the editor and $fromAI hand over', () => {
	test.each([
		[['admin', ' editor '], ['admin', 'editor']],
		['admin, editor', ['admin', 'editor']],
		['editor', ['editor']],
		['["viewer"]', ['viewer']],
		['[ "viewer", "editor" ]', ['viewer', 'editor']],
		['[not json', ['[not json']],
		['', []],
		[undefined, []],
		['a,,b, ', ['a', 'b']],
	])('%j → %j', (input, expected) => {
		expect(listValue(input)).toEqual(expected);
	});
});

describe('simplifiers', () => {
	test('an issue: the fields a person reads, names instead of objects', () => {
		const issue = {
			id: 1,
			node_id: 'I_1',
			number: 7,
			title: 'Crash',
			state: 'open',
			user: { login: 'octocat', id: 1 },
			labels: [{ name: 'bug', color: 'f00' }, 'triage'],
			assignees: [{ login: 'hubot' }],
			comments: 2,
			html_url: 'https://github.com/o/r/issues/7',
			body: null,
			reactions: { total_count: 0 },
		};
		expect(simplifyIssue(issue)).toEqual({
			number: 7,
			title: 'Crash',
			state: 'open',
			author: 'octocat',
			labels: ['bug', 'triage'],
			assignees: ['hubot'],
			comments: 2,
			url: 'https://github.com/o/r/issues/7',
			body: '',
		});
		expect(simplifyIssue({ ...issue, pull_request: { url: 'x' } }).pullRequest).toBe(true);
	});
	test('a run: id, status, conclusion, url', () => {
		expect(simplifyRun({ id: 5, name: 'CI', status: 'completed', conclusion: 'success', html_url: 'u', head_branch: 'main', event: 'push', created_at: 't', jobs_url: 'j' })).toEqual({
			id: 5,
			name: 'CI',
			status: 'completed',
			conclusion: 'success',
			branch: 'main',
			event: 'push',
			createdAt: 't',
			url: 'u',
		});
	});
	test('a member: roles in the project as names', () => {
		const user = {
			_id: 'u1',
			email: 'a@b.c',
			first_name: 'Ada',
			last_name: 'Admin',
			type: 'user',
			permissions: { projects: { p1: { items: { serviceDefault: { actions: { admin: true, 'role:editor': true } } } }, p2: {} } },
		};
		expect(simplifyMember('p1')(user)).toEqual({ userId: 'u1', email: 'a@b.c', name: 'Ada Admin', type: 'user', roles: ['admin', 'editor'] });
		expect(simplifyMember('p3')(user).roles).toEqual([]);
	});
});

describe('toolFileJson: a file in a tool answer', () => {
	test('UTF-8 text: the text, a note first', () => {
		const json = toolFileJson('docs/a.md', Buffer.from('# Hi ✓\n'), 'text/markdown');
		expect(Object.keys(json)[0]).toBe('note');
		expect(json).toMatchObject({ path: 'docs/a.md', size: 9, mimeType: 'text/markdown', content: '# Hi ✓\n' });
		expect(json.note).toMatch(/text of docs\/a\.md/);
		expect(json.truncated).toBeUndefined();
	});
	test('bigger text: the first bytes, cut at a character, truncated', () => {
		const text = 'é'.repeat(TOOL_CONTENT_LIMIT); // 2 bytes each
		const json = toolFileJson('big.txt', Buffer.from(text), 'text/plain');
		expect(json.truncated).toBe(true);
		expect(json.size).toBe(2 * TOOL_CONTENT_LIMIT);
		expect(Buffer.byteLength(json.content as string)).toBe(TOOL_CONTENT_LIMIT);
		expect(json.content).toBe('é'.repeat(TOOL_CONTENT_LIMIT / 2));
		const odd = toolFileJson('odd.txt', Buffer.from(`a${text}`), 'text/plain');
		expect(Buffer.byteLength(odd.content as string)).toBe(TOOL_CONTENT_LIMIT - 1);
		expect(odd.note).toMatch(/first 99999 of 200001 bytes/);
	});
	test('binary: base64 with its MIME type; too big: described, not sent', () => {
		const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff]);
		expect(toolFileJson('logo.png', png, 'image/png')).toMatchObject({ encoding: 'base64', content: png.toString('base64'), mimeType: 'image/png', size: 8 });
		const big = toolFileJson('blob.bin', Buffer.alloc(TOOL_CONTENT_LIMIT + 1), 'application/octet-stream');
		expect(big.content).toBeUndefined();
		expect(big.truncated).toBe(true);
		expect(big.note).toMatch(/not text and has 100001 bytes/);
	});
});
