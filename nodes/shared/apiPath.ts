import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { hasControlCharacter, requireText } from './validation';

type Ctx = Pick<IExecuteFunctions, 'getNode'>;

export interface ApiPath {
	/** The path, starting with `/`, still percent-encoded as given. */
	path: string;
	/** Query parameters that came with the path after `?`. */
	qs: IDataObject;
}

/**
 * The endpoint of a generic API-call operation as a path on the credential's own host.
 * Refused before anything is sent: absolute URLs (`https://…`, `mailto:`), protocol-relative
 * paths (`//host`), backslashes, `.` and `..` segments (also percent-encoded), `#`, `@`, spaces
 * and control characters. `stripPrefix` (e.g. `/partner_api/v1`) is removed when the path starts
 * with it, so both `/clients` and `/partner_api/v1/clients` work.
 */
export function requireApiPath(
	ctx: Ctx,
	value: unknown,
	label: string,
	itemIndex: number,
	options: { example: string; stripPrefix?: string },
): ApiPath {
	const text = requireText(ctx, value, label, itemIndex);
	const refuse = (why: string): never => {
		throw new NodeOperationError(ctx.getNode(), `${label} "${text}" is not allowed: ${why}`, {
			itemIndex,
			description: `Enter a path of the API such as ${options.example}. The request always goes to the credential's own host, with the credential's authentication.`,
		});
	};
	if (/^[a-z][a-z0-9+.-]*:/i.test(text)) refuse('absolute URLs are not accepted');
	if (text.startsWith('//')) refuse('protocol-relative paths are not accepted');
	if (text.includes('\\')) refuse('backslashes are not accepted');
	if (hasControlCharacter(text)) refuse('control characters are not accepted');
	const questionMark = text.indexOf('?');
	const rawPath = questionMark === -1 ? text : text.slice(0, questionMark);
	const rawQuery = questionMark === -1 ? '' : text.slice(questionMark + 1);
	let path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
	let decoded: string;
	try {
		decoded = decodeURIComponent(path);
	} catch {
		return refuse('it is not validly percent-encoded');
	}
	if (decoded.includes('\\')) refuse('backslashes are not accepted');
	if (decoded.split('/').some((part) => part === '..' || part === '.')) refuse('"." and ".." segments are not accepted');
	if (/[\s#@]/.test(path) || rawQuery.includes('#')) refuse('spaces, "#" and "@" must be percent-encoded');
	if (options.stripPrefix) {
		const prefix = options.stripPrefix.replace(/\/+$/, '');
		if (path === prefix) path = '/';
		else if (path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
	}
	if (path.startsWith('//')) refuse('protocol-relative paths are not accepted');
	const qs: IDataObject = {};
	for (const [key, entry] of new URLSearchParams(rawQuery)) qs[key] = entry;
	return { path, qs };
}
