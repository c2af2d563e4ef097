/** Error building (nodes/shared/http/errors.ts) and one attempt's pure parts (attempt.ts). */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { decodeBody, networkCode, toHttpOptions } from '../../nodes/shared/http/attempt';
import {
	buildApiError,
	defaultDescribeError,
	hintFor,
	networkErrorDetails,
	rateLimitErrorDetails,
	responseError,
} from '../../nodes/shared/http/errors';

const node = { id: '1', name: 'Node', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const SECRET = 'sekret-token-123';

describe('error building', () => {
	test('a refused response: platform message, status, hint, body, secrets redacted', () => {
		const error = responseError(
			{ node, secrets: [SECRET], itemIndex: 2 },
			{ statusCode: 404, headers: {}, body: { message: `no ${SECRET}` } },
			(response) => ({ message: `${String((response.body as { message: string }).message)} (HTTP 404)`, description: hintFor(404, { 404: 'Check the ID.' }) }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('no [redacted] (HTTP 404)');
		expect(error.description).toBe('Check the ID.');
		expect(error.httpCode).toBe('404');
		expect(error.context.itemIndex).toBe(2);
		expect(JSON.stringify(error)).not.toContain(SECRET);
	});

	test('hint table: the status, or the common 5xx hint', () => {
		expect(hintFor(401, { 401: 'Check the key.' })).toBe('Check the key.');
		expect(hintFor(503, {})).toBe('The platform had an internal error. Try again later.');
		expect(hintFor(418, {})).toBeUndefined();
	});

	test('default wording', () => {
		expect(defaultDescribeError({ statusCode: 500, headers: {}, body: '' }).message).toBe('The service answered with HTTP 500');
		expect(defaultDescribeError({ statusCode: 400, headers: {}, body: { message: 'bad' } }).message).toBe('bad');
	});

	test('network failures say whether the call was repeated', () => {
		expect(networkErrorDetails('ECONNRESET', true, 4)).toEqual({
			message: 'Could not reach the service: the connection was closed unexpectedly',
			description: 'The request was tried 4 times. Check that the server address in the credential is right and reachable from n8n. Network error code: ECONNRESET.',
		});
		expect(networkErrorDetails('ETIMEDOUT', false, 1).description).toMatch(/^The request changes data, so it was not repeated/);
	});

	test('a rate limit is not a credentials problem and says when it resets', () => {
		const details = rateLimitErrorDetails('slow down', 429, { resetAt: new Date('2026-01-01T00:00:00Z') }, 3000, 3);
		expect(details.message).toBe('Rate limit reached: slow down');
		expect(details.description).toBe(
			'The platform is throttling this credential (HTTP 429). This is not a credentials problem. The limit resets at 2026-01-01T00:00:00.000Z. Waited 3 s over 3 retries before giving up.',
		);
	});

	test('buildApiError keeps only redacted data', () => {
		const error = buildApiError({ node, secrets: [SECRET] }, { message: `token ${SECRET}`, description: SECRET }, 401, { response: { token: SECRET } });
		expect(error.message).toBe('token [redacted]');
		expect(error.description).toBe('[redacted]');
		expect(JSON.stringify(error.errorResponse)).not.toContain(SECRET);
	});
});

describe('one attempt, pure parts', () => {
	test('JSON bodies are serialised (an empty object too) with a JSON content type', () => {
		const options = toHttpOptions({ credentialType: 'x', method: 'POST', url: 'https://a/b', body: {}, headers: { Accept: 'text/plain' } });
		expect(options.body).toBe('{}');
		expect(options.headers).toEqual({ Accept: 'text/plain', 'Content-Type': 'application/json' });
		expect(options).toMatchObject({ returnFullResponse: true, ignoreHttpStatusErrors: true, encoding: 'text', sendCredentialsOnCrossOriginRedirect: false });
		expect(toHttpOptions({ credentialType: 'x', method: 'GET', url: 'https://a', encoding: 'arraybuffer' }).encoding).toBe('arraybuffer');
	});

	test('bodies are parsed as JSON when they are JSON', () => {
		expect(decodeBody('{"a":1}', 'json')).toEqual({ a: 1 });
		expect(decodeBody(Buffer.from('[1]'), 'json')).toEqual([1]);
		expect(decodeBody('not json', 'json')).toBe('not json');
		expect(decodeBody('', 'json')).toBe('');
		const bytes = Buffer.from('{"a":1}');
		expect(decodeBody(bytes, 'arraybuffer')).toBe(bytes);
	});

	test('network codes are found in the cause chain, also as an httpCode', () => {
		expect(networkCode({ message: 'x', cause: { cause: { code: 'ECONNRESET' } } })).toBe('ECONNRESET');
		expect(networkCode({ httpCode: 'ETIMEDOUT' })).toBe('ETIMEDOUT');
		expect(networkCode(new Error('plain'))).toBeUndefined();
		const loop: { cause?: unknown } = {};
		loop.cause = loop;
		expect(networkCode(loop)).toBeUndefined();
	});
});
