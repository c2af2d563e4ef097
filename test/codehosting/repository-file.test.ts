import { createHash, randomBytes } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { CodeHostingServer } from './harness';
import { LOGIN, ORG, repo, runCodeHosting, startServer, TOKEN } from './harness';

let srv: CodeHostingServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

const headersOf = (index: number) => srv.requests[index].headers as Record<string, string>;

describe('repository', () => {
	test('get: the repository JSON, with the platform headers and the token as Bearer', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'get', ...repo() } });
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ name: 'hello-world', full_name: `${LOGIN}/hello-world` });
		expect(headersOf(0).authorization).toBe(`Bearer ${TOKEN}`);
		expect(headersOf(0).accept).toBe('application/vnd.github+json');
		expect(headersOf(0)['x-github-api-version']).toBe('2022-11-28');
		expect(headersOf(0)['user-agent']).toBe('n8n-nodes-governance-connectors');
	});

	test('get by URL mode and against an Enterprise base (/api/v3)', async () => {
		const { output, error } = await runCodeHosting(srv, {
			server: `${srv.url}/api/v3`,
			parameters: {
				resource: 'repository',
				operation: 'get',
				owner: { __rl: true, mode: 'url', value: `https://ghe.example.com/${LOGIN}` },
				repository: { __rl: true, mode: 'url', value: `https://ghe.example.com/${LOGIN}/hello-world` },
			},
		});
		expect(error).toBeUndefined();
		expect(output[0].json.name).toBe('hello-world');
		expect(srv.requests[0].rawPath).toBe(`/api/v3/repos/${LOGIN}/hello-world`);
	});

	test('a renamed repository is followed through the 301', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'get', ...repo(LOGIN, 'legacy-name') } });
		expect(error).toBeUndefined();
		expect(output[0].json.name).toBe('renamed-repo');
	});

	test('create in the account and in an organization', async () => {
		const mine = await runCodeHosting(srv, {
			parameters: { resource: 'repository', operation: 'create', name: 'new-repo', organization: '', additionalFields: { private: true, description: 'd' } },
		});
		expect(mine.output[0].json).toMatchObject({ name: 'new-repo', private: true, description: 'd' });
		expect(srv.requests[0]).toMatchObject({ method: 'POST', path: '/user/repos' });
		const org = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'create', name: 'org-new', organization: ORG } });
		expect(org.output[0].json.full_name).toBe(`${ORG}/org-new`);
		expect(srv.requests[1].path).toBe(`/orgs/${ORG}/repos`);
	});

	test('star', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'star', ...repo(ORG, 'org-repo') } });
		expect(output[0].json).toEqual({ success: true, starred: true, owner: ORG, repository: 'org-repo' });
		expect(srv.requests[0]).toMatchObject({ method: 'PUT', path: `/user/starred/${ORG}/org-repo` });
		expect(srv.repo(ORG, 'org-repo')!.stargazers.has(LOGIN)).toBe(true);
	});

	test('a missing repository: "not found or not visible to this credential", the platform 404 kept in the description', async () => {
		const { error } = await runCodeHosting(srv, { parameters: { resource: 'repository', operation: 'get', ...repo(LOGIN, 'nope') } });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe(`repository ${LOGIN}/nope not found or not visible to this credential`);
		expect(error?.description).toContain('The platform answered "Not Found (HTTP 404)".');
		expect(error?.description).toContain('can see private repositories');
	});
});

describe('file', () => {
	const base = { resource: 'file', ...repo() };

	test('get as JSON: decoded text', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'README.md', asBinaryProperty: false } });
		expect(error).toBeUndefined();
		expect(output[0].json.content).toBe(srv.fileContent(LOGIN, 'hello-world', 'README.md')!.toString('utf8'));
		expect(output[0].json.encoding).toBeUndefined();
	});

	test('get a folder: one item per entry', async () => {
		const { output } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'docs', asBinaryProperty: false } });
		expect(output.map((item) => item.json.name).sort()).toEqual(['guide.md', 'ü ber #1.md']);
	});

	test('a path with a space, unicode and "#" is encoded per segment', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'docs/ü ber #1.md', asBinaryProperty: false } });
		expect(error).toBeUndefined();
		expect(output[0].json.path).toBe('docs/ü ber #1.md');
		expect(srv.requests[0].rawPath).toBe(`/repos/${LOGIN}/hello-world/contents/docs/%C3%BC%20ber%20%231.md`);
	});

	test('a 2 MB binary file round trip, byte for byte (raw media type on read)', async () => {
		const data = randomBytes(2 * 1024 * 1024);
		const write = await runCodeHosting(srv, {
			binaries: [{ data: { data, fileName: 'blob.bin', mimeType: 'application/octet-stream' } }],
			parameters: { ...base, operation: 'createOrUpdate', filePath: 'assets/blob.bin', binaryData: true, binaryPropertyName: 'data', commitMessage: 'add blob', additionalFields: {} },
		});
		expect(write.error).toBeUndefined();
		expect(srv.fileContent(LOGIN, 'hello-world', 'assets/blob.bin')!.equals(data)).toBe(true);

		srv.resetRequests();
		const read = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'assets/blob.bin', asBinaryProperty: true, binaryPropertyName: 'file' } });
		expect(read.error).toBeUndefined();
		const binary = read.output[0].binary!.file;
		const bytes = Buffer.from(binary.data, 'base64');
		expect(bytes.length).toBe(data.length);
		expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
		expect(binary.fileName).toBe('blob.bin');
		expect(srv.requests[0].headers.accept).toBe('application/vnd.github.raw');
	});

	test('a text file over 1 MB read as JSON still has its content', async () => {
		const text = 'x'.repeat(1_200_000);
		srv.addFile(LOGIN, 'hello-world', 'big.txt', text);
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'get', filePath: 'big.txt', asBinaryProperty: false } });
		expect(error).toBeUndefined();
		expect((output[0].json.content as string).length).toBe(text.length);
	});

	test('create, then update with the current SHA looked up, on a branch', async () => {
		const create = await runCodeHosting(srv, {
			parameters: { ...base, operation: 'createOrUpdate', filePath: 'notes/today.md', binaryData: false, fileContent: 'v1', commitMessage: 'c1', additionalFields: { branch: 'develop' } },
		});
		expect(create.error).toBeUndefined();
		const firstSha = ((create.output[0].json.content as IDataObject).sha) as string;
		srv.resetRequests();
		const update = await runCodeHosting(srv, {
			parameters: {
				...base,
				operation: 'createOrUpdate',
				filePath: 'notes/today.md',
				binaryData: false,
				fileContent: 'v2',
				commitMessage: 'c2',
				additionalFields: { branch: 'develop', committer: { value: { name: 'Bot', email: 'bot@example.com' } } },
			},
		});
		expect(update.error).toBeUndefined();
		expect(srv.requests.map((request) => [request.method, request.query.ref])).toEqual([['GET', 'develop'], ['PUT', undefined]]);
		expect(JSON.parse(srv.requests[1].body!)).toMatchObject({ sha: firstSha, branch: 'develop', committer: { name: 'Bot', email: 'bot@example.com' } });
		expect(srv.fileContent(LOGIN, 'hello-world', 'notes/today.md', 'develop')!.toString()).toBe('v2');
	});

	test('delete looks up the SHA and deletes; a missing file is a clear error', async () => {
		const { output, error } = await runCodeHosting(srv, { parameters: { ...base, operation: 'delete', filePath: 'docs/guide.md', commitMessage: 'rm', additionalFields: {} } });
		expect(error).toBeUndefined();
		expect(output[0].json.commit).toBeDefined();
		expect(srv.fileContent(LOGIN, 'hello-world', 'docs/guide.md')).toBeUndefined();
		const again = await runCodeHosting(srv, { parameters: { ...base, operation: 'delete', filePath: 'docs/guide.md', commitMessage: 'rm', additionalFields: {} } });
		expect(again.error?.message).toContain('does not exist');
	});

	test.each([
		['a ".." segment', 'docs/../../etc/passwd', /not a valid path/],
		['an empty path for create', '', /File Path is required/],
	])('bad path: %s → clear error, zero requests', async (_name, filePath, message) => {
		const { error } = await runCodeHosting(srv, {
			items: [{ p: filePath }],
			parameters: { ...base, operation: 'createOrUpdate', filePath: '={{ $json.p }}', binaryData: false, fileContent: 'x', commitMessage: 'm', additionalFields: {} },
		});
		expect(error?.message).toMatch(message);
		expect(srv.requests).toHaveLength(0);
	});
});
