import { CodeHostingApi, withCodeHostingToken } from '../../credentials/CodeHostingApi.credentials';

const credential = new CodeHostingApi();
const authorization = async (server: string, options: { url: string; baseURL?: string }) =>
	(await credential.authenticate({ server, accessToken: 'tok-secret' }, { method: 'GET', ...options })).headers?.Authorization;

describe('codeHostingApi: the token goes only to the credential\'s own origin', () => {
	test.each([
		['https://api.github.com', 'https://api.github.com/repos/o/r'],
		['https://api.github.com', 'https://api.github.com:443/repos/o/r'],
		['https://api.github.com/', 'https://api.github.com/user'],
		['https://ghe.example.com/api/v3', 'https://ghe.example.com/api/v3/repos/o/r'],
		// same origin, outside the API path (GraphQL on Enterprise Server)
		['https://ghe.example.com/api/v3', 'https://ghe.example.com/api/graphql'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010/repos/o/r?per_page=100'],
		// the upload host of release assets beside api.github.com
		['https://api.github.com', 'https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip'],
	])('server %s, request %s → token', async (server, url) => {
		expect(await authorization(server, { url })).toBe('Bearer tok-secret');
	});

	test.each([
		['https://api.github.com', 'https://api.github.com.evil.example/repos/o/r'],
		['https://api.github.com', 'https://api.github.com@evil.example/repos/o/r'],
		['https://api.github.com', 'http://api.github.com/repos/o/r'],
		['https://api.github.com', 'http://uploads.github.com/repos/o/r/releases/1/assets'],
		['https://api.github.com', 'https://uploads.github.com.evil.example/repos/o/r/releases/1/assets'],
		['https://ghe.example.com/api/v3', 'https://uploads.github.com/repos/o/r/releases/1/assets'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:40100/repos/o/r'],
		['https://ghe.example.com/api/v3', 'https://ghe.example.com.evil.example/api/v3/user'],
		['https://api.github.com', '//evil.example/repos/o/r'],
	])('server %s, request %s → no token', async (server, url) => {
		expect(await authorization(server, { url })).toBeUndefined();
	});

	test('a relative URL with a baseURL (the credential test) is resolved first', async () => {
		expect(await authorization('https://api.github.com', { baseURL: 'https://api.github.com', url: '/user' })).toBe('Bearer tok-secret');
		expect(await authorization('https://api.github.com', { baseURL: 'https://api.github.com.evil.example', url: '/user' })).toBeUndefined();
	});

	test('other headers are kept and the given options are not changed', () => {
		const options = { url: 'https://api.github.com/user', headers: { Accept: 'application/vnd.github+json' } };
		const result = withCodeHostingToken('https://api.github.com', 't', options);
		expect(result.headers).toEqual({ Accept: 'application/vnd.github+json', Authorization: 'Bearer t' });
		expect(options.headers).toEqual({ Accept: 'application/vnd.github+json' });
	});
});
