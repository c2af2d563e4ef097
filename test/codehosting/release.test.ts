import type { IDataObject } from 'n8n-workflow';

import { isOnServer } from '../../nodes/CodeHosting/transport';
import type { CodeHostingServer } from './harness';
import { LOGIN, repo, runCodeHosting, startServer } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const base = { resource: 'release', ...repo() };
const hello = () => srv.repo(LOGIN, 'hello-world')!;

describe('release', () => {
	test('create with every field: the tag is made from Target; one POST with the platform\'s names', async () => {
		const { output, error } = await runCodeHosting(srv, {
			parameters: {
				...base,
				operation: 'create',
				tag: ' v2.0.0 ',
				additionalFields: { name: 'Two', body: 'Notes\n', target_commitish: 'develop', draft: false, prerelease: true, make_latest: 'false' },
			},
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ tag_name: 'v2.0.0', name: 'Two', body: 'Notes\n', prerelease: true, draft: false });
		expect(srv.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /repos/${LOGIN}/hello-world/releases`]);
		// fields not added are sent at their shown defaults, the platform's own (issue 37)
		expect(JSON.parse(srv.requests[0].body!)).toEqual({ tag_name: 'v2.0.0', name: 'Two', body: 'Notes\n', target_commitish: 'develop', draft: false, prerelease: true, make_latest: 'false', generate_release_notes: false });
		expect(hello().tags.get('v2.0.0')).toBe(hello().branches.get('develop'));
	});

	test('create a draft with generated notes; an existing tag is the platform\'s 422 with its details', async () => {
		const draft = await runCodeHosting(srv, { parameters: { ...base, operation: 'create', tag: 'v3.0.0', additionalFields: { draft: true, generate_release_notes: true } } });
		expect(draft.output[0].json).toMatchObject({ draft: true, name: 'v3.0.0' });
		expect(String(draft.output[0].json.body)).toContain("What's Changed");
		const again = await runCodeHosting(srv, { parameters: { ...base, operation: 'create', tag: 'v1.0.0' } });
		expect(again.error?.httpCode).toBe('422');
		expect(again.error?.description).toContain('Release tag_name already_exists');
	});

	test('get by ID and by tag (tag encoded), update (publish a draft), delete', async () => {
		const [first] = hello().releases;
		const byId = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', getBy: 'id', releaseId: String(first.id) } });
		expect(byId.output[0].json.tag_name).toBe(first.tag_name);
		hello().tags.set('release/1 #a', hello().branches.get('main')!);
		await runCodeHosting(srv, { parameters: { ...base, operation: 'create', tag: 'release/1 #a' } });
		srv.resetRequests();
		const byTag = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', getBy: 'tag', tag: 'release/1 #a' } });
		expect(byTag.error).toBeUndefined();
		expect(byTag.output[0].json.tag_name).toBe('release/1 #a');
		expect(srv.requests[0].rawPath).toBe(`/repos/${LOGIN}/hello-world/releases/tags/release%2F1%20%23a`);

		const [draft] = srv.addReleases(LOGIN, 'hello-world', 1, { draft: true });
		const published = await runCodeHosting(srv, { parameters: { ...base, operation: 'update', releaseId: draft.id, updateFields: { draft: false, name: 'Out now', body: '' } } });
		expect(published.error).toBeUndefined();
		expect(published.output[0].json).toMatchObject({ draft: false, name: 'Out now', body: '' });
		expect(JSON.parse(srv.requests[srv.requests.length - 1].body!)).toEqual({ draft: false, name: 'Out now', body: '' });

		const deleted = await runCodeHosting(srv, { parameters: { ...base, operation: 'delete', releaseId: String(first.id) } });
		expect(deleted.output[0].json).toEqual({ success: true, releaseId: first.id });
		expect(hello().releases.some((r) => r.id === first.id)).toBe(false);
		const missing = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', getBy: 'id', releaseId: String(first.id) } });
		expect(missing.error?.name).toBe('NodeApiError');
		expect(missing.error?.httpCode).toBe('404');
	});

	test('get many: Limit fetches one page of that size', async () => {
		srv.addReleases(LOGIN, 'hello-world', 5);
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'getAll', returnAll: false, limit: 3 } });
		expect(output).toHaveLength(3);
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0].query).toEqual({ per_page: '3' });
	});

	describe('assets from binary data', () => {
		const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10]);
		const binaries = [{ data: { data: zip, fileName: 'app.zip', mimeType: 'application/zip' }, notes: { data: Buffer.from('sums\n'), fileName: 'SHA256SUMS', mimeType: 'text/plain' } }];

		test.each([
			['github.com style', ''],
			['Enterprise Server (/api/v3, uploads on /api/uploads)', '/api/v3'],
		])('create uploads each binary field to the upload host, bytes intact (%s)', async (_name, prefix) => {
			const { output, error } = await runCodeHosting(srv, {
				server: `${srv.url}${prefix}`,
				binaries,
				items: [{}],
				parameters: { ...base, operation: 'create', tag: 'v4.0.0', additionalFields: {}, uploadAssets: true, assetBinaryFields: 'data, notes' },
			});
			expect(error).toBeUndefined();
			expect((output[0].json.assets as IDataObject[]).map((a) => [a.name, a.content_type, a.size])).toEqual([
				['app.zip', 'application/zip', zip.length],
				['SHA256SUMS', 'text/plain', 5],
			]);
			const release = hello().releases.find((r) => r.tag_name === 'v4.0.0')!;
			expect(release.assets!.map((a) => a.data)).toEqual([zip, Buffer.from('sums\n')]);
			const uploads = srv.requests.filter((r) => r.rawPath.includes('/uploads/'));
			expect(uploads.map((r) => [r.rawPath, r.query.name])).toEqual([
				[`${prefix ? '/api' : ''}/uploads/repos/${LOGIN}/hello-world/releases/${release.id}/assets`, 'app.zip'],
				[`${prefix ? '/api' : ''}/uploads/repos/${LOGIN}/hello-world/releases/${release.id}/assets`, 'SHA256SUMS'],
			]);
		});

		test('the upload host of each server is allowed, no other', () => {
			const github = { credentialType: 'codeHostingApi', baseUrl: 'https://api.github.com', secrets: [] };
			expect(isOnServer(github, 'https://uploads.github.com/repos/o/r/releases/1/assets')).toBe(true);
			expect(isOnServer(github, 'http://uploads.github.com/repos/o/r/releases/1/assets')).toBe(false);
			expect(isOnServer(github, 'https://uploads.example.com/repos/o/r/releases/1/assets')).toBe(false);
			const ghes = { credentialType: 'codeHostingApi', baseUrl: 'https://git.example.com/api/v3', secrets: [] };
			expect(isOnServer(ghes, 'https://git.example.com/api/uploads/repos/o/r/releases/1/assets')).toBe(true);
			expect(isOnServer(ghes, 'https://git.example.com/other/path')).toBe(false);
			expect(isOnServer(ghes, 'https://uploads.github.com/repos/o/r/releases/1/assets')).toBe(false);
		});

		test('a missing binary field stops the item before the release is created', async () => {
			const { error } = await runCodeHosting(srv, {
				binaries,
				items: [{}],
				parameters: { ...base, operation: 'create', tag: 'v4.0.0', additionalFields: {}, uploadAssets: true, assetBinaryFields: 'data, missing' },
			});
			expect(error?.message).toBe('The input item has no binary field "missing" to upload');
			expect(srv.requests).toHaveLength(0);
		});

		test('an upload URL on another host is refused: the token goes nowhere else', async () => {
			srv.failNext({
				method: 'POST',
				path: `/repos/${LOGIN}/hello-world/releases`,
				status: 201,
				body: { id: 77, tag_name: 'v4.0.0', upload_url: 'https://evil.example.com/repos/x/y/releases/77/assets{?name,label}' },
			});
			const { error } = await runCodeHosting(srv, {
				binaries,
				items: [{}],
				parameters: { ...base, operation: 'create', tag: 'v4.0.0', additionalFields: {}, uploadAssets: true, assetBinaryFields: 'data' },
			});
			expect(error?.message).toBe('Uploading the asset "app.zip" failed: Refusing to send the token to https://evil.example.com');
			expect(error?.description).toContain('The release 77 (v4.0.0) was created and 0 of 1 assets were uploaded');
			expect(srv.requests).toHaveLength(1);
		});
	});

	describe('bad input: an item error before any request', () => {
		const cases: Array<[string, IDataObject, string]> = [
			// n8n itself stops a workflow whose required field is left empty; an expression can still give ''.
			['get: empty Release ID', { operation: 'get', getBy: 'id', releaseId: '={{ "" }}' }, 'Release ID is required'],
			['get: Release ID 0', { operation: 'get', getBy: 'id', releaseId: 0 }, 'Release ID must be a whole number of at least 1'],
			['get: Release ID text', { operation: 'get', getBy: 'id', releaseId: 'v1.0.0' }, 'Release ID must be a whole number of at least 1'],
			['get: empty tag', { operation: 'get', getBy: 'tag', tag: '={{ " " }}' }, 'Tag is required'],
			['update: no Release ID', { operation: 'update', releaseId: '={{ $json.missing }}', updateFields: { name: 'x' } }, 'Release ID is required'],
			['update: nothing to change', { operation: 'update', releaseId: '5', updateFields: {} }, 'Add at least one field to update'],
			['delete: Release ID 0', { operation: 'delete', releaseId: '0' }, 'Release ID must be a whole number of at least 1'],
			['create: empty tag', { operation: 'create', tag: '={{ "" }}', additionalFields: {} }, 'Tag is required'],
		];
		test.each(cases)('%s', async (_name, parameters, message) => {
			const { error } = await runCodeHosting(srv, { parameters: { ...base, ...parameters } });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(message);
			expect(error?.context?.itemIndex).toBe(0);
			expect(srv.requests).toHaveLength(0);
		});
	});
});
