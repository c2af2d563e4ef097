import { createPrivateKey, generateKeyPairSync, verify } from 'node:crypto';

import { CodeHostingAppApi } from '../../credentials/CodeHostingAppApi.credentials';
import { AppKeyError, JWT_BACKDATE_SECONDS, JWT_LIFETIME_SECONDS, loadPrivateKey, normalizePrivateKey, signAppJwt } from '../../nodes/shared/appJwt';
import { APP_PRIVATE_KEY, APP_PUBLIC_KEY } from './harness';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
const pkcs8 = createPrivateKey(APP_PRIVATE_KEY).export({ format: 'pem', type: 'pkcs8' }).toString();
const body = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

/** A JWT's header and claims, after checking its RS256 signature with the app's public key. */
function verified(jwt: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
	const [header, payload, signature] = jwt.split('.');
	expect(verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), APP_PUBLIC_KEY, Buffer.from(signature, 'base64url'))).toBe(true);
	return { header: decode(header), claims: decode(payload) };
}

describe('the app JWT (RS256 with node:crypto)', () => {
	test('header, claims and signature: verified with the app\'s public key', () => {
		const now = 1_800_000_000;
		const { header, claims } = verified(signAppJwt(APP_PRIVATE_KEY, '4242', now));
		expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
		expect(claims).toEqual({ iat: now - 60, exp: now + 540, iss: 4242 });
		expect(JWT_BACKDATE_SECONDS).toBe(60);
		expect((claims.exp as number) - now).toBeLessThan(600);
		expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(600);
	});

	test('a client ID is the issuer as text', () => {
		expect(verified(signAppJwt(APP_PRIVATE_KEY, ' Iv1.9e2a4c6b8d0f1a3c ')).claims.iss).toBe('Iv1.9e2a4c6b8d0f1a3c');
	});

	test('a signature by another key does not verify with the app\'s public key', () => {
		const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
		const jwt = signAppJwt(privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(), '4242');
		const [header, payload, signature] = jwt.split('.');
		expect(verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), APP_PUBLIC_KEY, Buffer.from(signature, 'base64url'))).toBe(false);
	});

	test('the lifetime stays under GitHub\'s 10 minutes with the 60 s backdating', () => {
		expect(JWT_LIFETIME_SECONDS + JWT_BACKDATE_SECONDS).toBeLessThanOrEqual(600);
	});
});

describe('private key formats', () => {
	const forms: Array<[string, string]> = [
		['PKCS#1 with line breaks (as GitHub generates it)', APP_PRIVATE_KEY],
		['PKCS#8 with line breaks', pkcs8],
		['PKCS#1 on one line (breaks turned into spaces)', APP_PRIVATE_KEY.replace(/\n/g, ' ')],
		['PKCS#8 on one line without any space', pkcs8.replace(/\n/g, '')],
		['PKCS#1 with literal \\n (a form or an environment variable)', APP_PRIVATE_KEY.replace(/\n/g, '\\n')],
		['PKCS#1 with Windows line breaks and surrounding blanks', `\n  ${APP_PRIVATE_KEY.replace(/\n/g, '\r\n')}  \n`],
		['PKCS#1 in quotes (copied from a JSON string)', `"${APP_PRIVATE_KEY.replace(/\n/g, '\\n')}"`],
		['the bare base64 body of PKCS#1', body(APP_PRIVATE_KEY)],
		['the bare base64 body of PKCS#8', body(pkcs8)],
	];
	test.each(forms)('%s: the same key, and a JWT that verifies', (_name, text) => {
		const key = loadPrivateKey(text);
		expect(key.asymmetricKeyType).toBe('rsa');
		expect(key.export({ format: 'der', type: 'pkcs1' }).equals(createPrivateKey(APP_PRIVATE_KEY).export({ format: 'der', type: 'pkcs1' }))).toBe(true);
		verified(signAppJwt(text, '4242'));
	});

	test('a key with line breaks normalises to 64-character lines', () => {
		const lines = normalizePrivateKey(APP_PRIVATE_KEY.replace(/\n/g, ' ')).trim().split('\n');
		expect(lines[0]).toBe('-----BEGIN RSA PRIVATE KEY-----');
		expect(lines[lines.length - 1]).toBe('-----END RSA PRIVATE KEY-----');
		expect(lines.slice(1, -2).every((line) => line.length === 64)).toBe(true);
	});

	const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
	const broken: Array<[string, string, RegExp]> = [
		['empty', '  ', /empty/],
		['not PEM at all', 'my-app-secret-value!', /not a PEM key/],
		['a BEGIN line without END', APP_PRIVATE_KEY.split('-----END')[0], /not a complete PEM key/],
		['a public key', APP_PUBLIC_KEY, /public key, not a GitHub App private key/],
		['an EC key in PKCS#1-style PEM', ecKey.export({ format: 'pem', type: 'sec1' }).toString(), /ec private key, not a GitHub App private key/],
		['an EC key in PKCS#8', ecKey.export({ format: 'pem', type: 'pkcs8' }).toString(), /ec key; GitHub App keys are RSA/],
		['an encrypted PKCS#8 key', createPrivateKey(APP_PRIVATE_KEY).export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'pw' }).toString(), /encrypted with a passphrase/],
		['a truncated body', APP_PRIVATE_KEY.replace(/\n[A-Za-z0-9+/=]{64}\n/, '\n'), /could not be read/],
	];
	test.each(broken)('%s: a clear error that contains no part of the key', (_name, text, message) => {
		let caught: unknown;
		try {
			signAppJwt(text, '4242');
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(AppKeyError);
		const error = caught as AppKeyError;
		expect(error.message).toMatch(message);
		expect(error.description).toMatch(/\.pem|passphrase/);
		const said = `${error.message} ${error.description} ${String(error.stack)}`;
		for (const line of text.split(/\s+/).filter((part) => part.length >= 16 && !part.startsWith('-----'))) {
			expect(said).not.toContain(line.slice(0, 16));
		}
	});
});

describe('codeHostingAppApi.authenticate', () => {
	const credential = new CodeHostingAppApi();
	const data = { server: 'https://ghe.example.com/api/v3', appId: '4242', privateKey: APP_PRIVATE_KEY, installation: 'fromOwner' };
	const authorization = async (url: string, extra: Record<string, unknown> = {}) =>
		(await credential.authenticate({ ...data, ...extra }, { method: 'GET', url })).headers?.Authorization as string | undefined;

	test.each([
		'https://ghe.example.com/api/v3/app',
		'https://ghe.example.com/api/v3/app/installations/5/access_tokens',
		'https://ghe.example.com/api/v3/repos/o/r/installation',
		'https://ghe.example.com/api/v3/orgs/o/installation',
		'https://ghe.example.com/api/v3/users/u/installation',
	])('%s: the app\'s JWT, even when an installation token is at hand', async (url) => {
		const header = await authorization(url, { installationToken: 'ghs_tokenvalue' });
		expect(header).toMatch(/^Bearer eyJ/);
		verified(header!.slice('Bearer '.length));
	});

	test('other calls: the installation token the node handed over', async () => {
		expect(await authorization('https://ghe.example.com/api/v3/repos/o/r/check-runs', { installationToken: 'ghs_tokenvalue' })).toBe('Bearer ghs_tokenvalue');
		expect(await authorization('https://ghe.example.com/api/graphql', { installationToken: 'ghs_tokenvalue' })).toBe('Bearer ghs_tokenvalue');
		expect(await authorization('https://ghe.example.com/api/uploads/repos/o/r/releases/1/assets', { installationToken: 'ghs_tokenvalue' })).toBe('Bearer ghs_tokenvalue');
	});

	test('github.com: the installation token also goes to uploads.github.com (release assets), nowhere else', async () => {
		const github = { installationToken: 'ghs_tokenvalue', server: 'https://api.github.com' };
		expect(await authorization('https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip', github)).toBe('Bearer ghs_tokenvalue');
		expect(await authorization('https://uploads.github.com.evil.example/repos/o/r/releases/1/assets', github)).toBeUndefined();
	});

	test('other hosts get nothing; a call without a token is refused clearly', async () => {
		expect(await authorization('https://evil.example/app', { installationToken: 'ghs_tokenvalue' })).toBeUndefined();
		expect(await authorization('https://ghe.example.com.evil.example/api/v3/app')).toBeUndefined();
		await expect(authorization('https://ghe.example.com/api/v3/repos/o/r')).rejects.toThrow(/needs an installation token/);
	});

	test('the credential test: GET /app/installations/{id} (By ID) or GET /app, with a message per failure', () => {
		expect(credential.test.request.url).toContain('/app/installations/');
		expect(credential.test.request.url).toContain('"/app"');
		const rules = credential.test.rules as unknown as Array<{ type: string; properties: { value: unknown; key?: string; message: string } }>;
		expect(rules.find((rule) => rule.properties.value === 401)?.properties.message).toMatch(/not this app's key/);
		expect(rules.find((rule) => rule.properties.value === 404)?.properties.message).toMatch(/not installed/);
		expect(rules.find((rule) => rule.properties.key === 'installations_count')?.properties.message).toMatch(/not installed on any account/);
	});
});
