import { GovernanceApi, governanceAuthorization } from '../../credentials/GovernanceApi.credentials';
import { Workflow } from 'n8n-workflow';

const credential = new GovernanceApi();
const data = { region: 'custom', baseUrl: 'http://127.0.0.1:9999/', projectId: 'p1', apiKey: 'k1-secret' };

describe('governanceApi Authorization forms (mission-spec §5)', () => {
	test.each([
		['/latest/projects/create', 'Bearer :k1-secret'],
		['/latest/auth/users/u1/update', 'p1:k1-secret'],
		['/latest/auth/users/u1/delete', 'Bearer p1:k1-secret'],
		['/latest/auth/invite/create', 'Bearer p1:k1-secret'],
		['/latest/auth/invite/delete', 'Bearer p1:k1-secret'],
		['/latest/auth/invite/list', 'Bearer p1:k1-secret'],
		['/latest/auth/users/list', 'Bearer p1:k1-secret'],
		['/latest/projects/list', 'Bearer p1:k1-secret'],
		['/latest/auth/info', 'Bearer p1:k1-secret'],
	])('%s → %s', async (path, expected) => {
		expect(governanceAuthorization(path, 'p1', 'k1-secret')).toBe(expected);
		const options = await credential.authenticate(data, { url: `http://127.0.0.1:9999${path}`, method: 'POST' });
		expect(options.headers?.Authorization).toBe(expected);
	});

	test('relative URL with baseURL, as the credential test sends it', async () => {
		const options = await credential.authenticate(data, { baseURL: 'http://127.0.0.1:9999', url: '/latest/auth/info' });
		expect(options.headers?.Authorization).toBe('Bearer p1:k1-secret');
	});

	test('the key is never added for another host', async () => {
		const options = await credential.authenticate(data, { url: 'https://elsewhere.example.com/latest/auth/info' });
		expect(options.headers?.Authorization).toBeUndefined();
	});

	test('regions map to their base URLs', async () => {
		for (const [region, host] of [['au', 'api-f1db6c'], ['eu', 'api-d7b62b'], ['us', 'api-bcbe5a']]) {
			const url = `https://${host}.stack.tryrelevance.com/latest/auth/info`;
			const options = await credential.authenticate({ ...data, region }, { url });
			expect(options.headers?.Authorization).toBe('Bearer p1:k1-secret');
			const wrong = await credential.authenticate({ ...data, region: region === 'au' ? 'eu' : 'au' }, { url });
			expect(wrong.headers?.Authorization).toBeUndefined();
		}
	});
});

describe('governanceApi test request', () => {
	test('is GET /latest/auth/info on the region\'s base URL', () => {
		const { request } = credential.test;
		expect(request.url).toBe('/latest/auth/info');
		expect(request.method).toBe('GET');
		// Evaluate the baseURL expression with n8n's own expression engine.
		const workflow = new Workflow({ nodes: [], connections: {}, active: false, nodeTypes: { getByName: () => undefined, getByNameAndVersion: () => undefined, getKnownTypes: () => ({}) } as never });
		const evaluate = (credentials: object) =>
			workflow.expression.getSimpleParameterValue(
				{ name: 'x', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {}, id: 'x' },
				request.baseURL as string,
				'internal',
				{ $credentials: credentials },
			);
		expect(evaluate({ region: 'eu' })).toBe('https://api-d7b62b.stack.tryrelevance.com');
		expect(evaluate({ region: 'au' })).toBe('https://api-f1db6c.stack.tryrelevance.com');
		expect(evaluate({ region: 'us' })).toBe('https://api-bcbe5a.stack.tryrelevance.com');
		expect(evaluate({ region: 'custom', baseUrl: 'http://127.0.0.1:1234/' })).toBe('http://127.0.0.1:1234');
	});
});
