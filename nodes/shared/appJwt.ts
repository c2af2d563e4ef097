import type { KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, sign } from 'node:crypto';

/**
 * GitHub App keys and JWTs with node:crypto alone (no runtime dependency).
 *
 * A private key is accepted as GitHub hands it out (PKCS#1 `RSA PRIVATE KEY`) or converted to
 * PKCS#8 (`PRIVATE KEY`), with its line breaks, or pasted on one line (line breaks turned into
 * spaces, or into literal `\n` by a form or an environment variable), or as the bare base64 body.
 * No message here ever contains any part of the key.
 */

/** A private key that cannot be used, with what to do about it. */
export class AppKeyError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'AppKeyError';
	}
}

const PASTE_HINT =
	'Paste the whole .pem file that GitHub gave you (App settings → Private keys → Generate a private key), from "-----BEGIN RSA PRIVATE KEY-----" to "-----END RSA PRIVATE KEY-----". Line breaks may be kept or lost.';

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key's PEM text with standard line breaks (64 characters per line). */
export function normalizePrivateKey(text: string): string {
	let value = String(text ?? '').trim();
	// quotes kept from a JSON string or a .env file, and literal "\n" sequences
	value = value.replace(/^["']|["']$/g, '').replace(/\\r\\n|\\n|\\r/g, '\n');
	if (value === '') {
		throw new AppKeyError('The private key is empty', PASTE_HINT);
	}
	const block = PEM_BLOCK.exec(value);
	let label: string;
	let body: string;
	if (block) {
		label = block[1];
		body = block[2];
	} else if (/-----BEGIN /.test(value)) {
		throw new AppKeyError('The private key is not a complete PEM key (its END line is missing or does not match the BEGIN line)', PASTE_HINT);
	} else {
		// the bare base64 body: PKCS#1 and PKCS#8 are both tried when it is loaded
		label = '';
		body = value;
	}
	if (label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(body)) {
		throw new AppKeyError(
			'The private key is encrypted with a passphrase',
			'GitHub App keys are not encrypted: use the .pem file as GitHub generated it, or remove the passphrase (openssl rsa -in key.pem -out plain.pem).',
		);
	}
	if (label === 'OPENSSH PRIVATE KEY' || label === 'EC PRIVATE KEY' || label === 'DSA PRIVATE KEY' || label === 'PUBLIC KEY' || label === 'RSA PUBLIC KEY' || label === 'CERTIFICATE') {
		throw new AppKeyError(`The key is a ${label.toLowerCase()}, not a GitHub App private key (an RSA private key in PEM)`, PASTE_HINT);
	}
	if (label !== '' && label !== 'RSA PRIVATE KEY' && label !== 'PRIVATE KEY') {
		throw new AppKeyError('The private key is not a PEM RSA private key', PASTE_HINT);
	}
	const compact = body.replace(/\s+/g, '');
	if (compact === '' || !BASE64.test(compact)) {
		throw new AppKeyError('The private key is not a PEM key (its body is not base64)', PASTE_HINT);
	}
	const lines = compact.match(/.{1,64}/g) ?? [];
	if (label === '') return compact; // loadPrivateKey tries both DER forms
	return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

const loadedKeys = new Map<string, KeyObject>();

/** The RSA key of a credential (parsed once per process and key). */
export function loadPrivateKey(text: string): KeyObject {
	const normalized = normalizePrivateKey(text);
	const id = createHash('sha256').update(normalized).digest('hex');
	const cached = loadedKeys.get(id);
	if (cached) return cached;
	let key: KeyObject | undefined;
	if (normalized.startsWith('-----BEGIN')) {
		try {
			key = createPrivateKey({ key: normalized, format: 'pem' });
		} catch {
			key = undefined;
		}
	} else {
		const der = Buffer.from(normalized, 'base64');
		for (const type of ['pkcs1', 'pkcs8'] as const) {
			try {
				key = createPrivateKey({ key: der, format: 'der', type });
				break;
			} catch {
				key = undefined;
			}
		}
	}
	if (!key) {
		throw new AppKeyError('The private key is not a valid PEM RSA private key (it could not be read)', PASTE_HINT);
	}
	if (key.asymmetricKeyType !== 'rsa') {
		throw new AppKeyError(`The private key is a ${String(key.asymmetricKeyType)} key; GitHub App keys are RSA keys`, PASTE_HINT);
	}
	if (loadedKeys.size > 50) loadedKeys.clear();
	loadedKeys.set(id, key);
	return key;
}

/** A short, non-secret identifier of a key (to tell credentials apart in caches). */
export function keyFingerprint(text: string): string {
	return createHash('sha256').update(normalizePrivateKey(text)).digest('hex').slice(0, 16);
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** Seconds before "now" in `iat`, against clock drift (GitHub's advice). */
export const JWT_BACKDATE_SECONDS = 60;
/** Seconds after "now" in `exp`: GitHub refuses a JWT that lives more than 10 minutes. */
export const JWT_LIFETIME_SECONDS = 540;

/**
 * The app's JWT: RS256, `iat` 60 s in the past, `exp` 9 minutes ahead, `iss` the App ID (a
 * number) or the client ID (text).
 */
export function signAppJwt(privateKey: string, appId: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
	const issuer = String(appId ?? '').trim();
	if (issuer === '') throw new AppKeyError('The App ID is empty', 'Enter the App ID (or the client ID) shown on the GitHub App\'s settings page.');
	const key = loadPrivateKey(privateKey);
	const header = { alg: 'RS256', typ: 'JWT' };
	const payload = {
		iat: nowSeconds - JWT_BACKDATE_SECONDS,
		exp: nowSeconds + JWT_LIFETIME_SECONDS,
		iss: /^\d+$/.test(issuer) ? Number(issuer) : issuer,
	};
	const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
	const signature = sign('RSA-SHA256', Buffer.from(input), key);
	return `${input}.${base64url(signature)}`;
}
