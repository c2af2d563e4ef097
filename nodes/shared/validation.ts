import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

type Ctx = Pick<IExecuteFunctions, 'getNode'>;

function fail(ctx: Ctx, itemIndex: number, message: string, description?: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/** A required text value: trimmed, not empty. */
export function requireText(ctx: Ctx, value: unknown, label: string, itemIndex: number): string {
	if (typeof value === 'number') return String(value);
	if (typeof value !== 'string' || value.trim() === '') {
		fail(ctx, itemIndex, `${label} is required`, `Enter a value for "${label}".`);
	}
	return value.trim();
}

/** Whether the text holds a control character (U+0000 to U+001F, or U+007F). */
export function hasControlCharacter(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}

/**
 * An identifier that goes into a URL path as one segment: not empty, no `/`, no `..`, no
 * control characters. Returned trimmed and not yet encoded.
 */
export function requirePathSegment(
	ctx: Ctx,
	value: unknown,
	label: string,
	itemIndex: number,
): string {
	const text = requireText(ctx, value, label, itemIndex);
	if (text.includes('/') || text.includes('\\')) {
		fail(
			ctx,
			itemIndex,
			`${label} must not contain "/"`,
			`"${text}" is not a single identifier. Enter only the ID, not a path or URL.`,
		);
	}
	if (text === '.' || text === '..' || hasControlCharacter(text)) {
		fail(ctx, itemIndex, `${label} is not a valid identifier`, `"${text}" cannot be used as an ID.`);
	}
	return text;
}

const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/;

export function requireEmail(ctx: Ctx, value: unknown, label: string, itemIndex: number): string {
	const text = requireText(ctx, value, label, itemIndex);
	if (!EMAIL_PATTERN.test(text)) {
		fail(
			ctx,
			itemIndex,
			`${label} is not a valid email address: "${text}"`,
			'Enter an address such as name@example.com.',
		);
	}
	return text;
}

/** A JSON object given either as an object (from an expression) or as JSON text. */
export function parseJsonObject(
	ctx: Ctx,
	value: unknown,
	label: string,
	itemIndex: number,
): IDataObject {
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			fail(
				ctx,
				itemIndex,
				`${label} is not valid JSON`,
				`${(error as Error).message}. Enter a JSON object such as {"key": "value"}.`,
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		fail(ctx, itemIndex, `${label} must be a JSON object`, 'Enter a JSON object such as {"key": "value"}.');
	}
	return parsed as IDataObject;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date as YYYY-MM-DD. Accepts that text, an ISO date-time (as n8n's date picker and
 * `$now` give) or a Date/Luxon value, and rejects dates that do not exist (2026-02-30).
 */
export function requireDate(ctx: Ctx, value: unknown, label: string, itemIndex: number): string {
	let text: string | undefined;
	if (value instanceof Date) text = value.toISOString().slice(0, 10);
	else if (value && typeof value === 'object' && typeof (value as { toISODate?: unknown }).toISODate === 'function') {
		text = String((value as { toISODate: () => string }).toISODate());
	} else if (typeof value === 'string') {
		const trimmed = value.trim();
		text = /^\d{4}-\d{2}-\d{2}T/.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
	}
	const match = text ? DATE_PATTERN.exec(text) : null;
	if (!match) {
		fail(ctx, itemIndex, `${label} must be a date as YYYY-MM-DD`, `Got "${String(value)}".`);
	}
	const [, year, month, day] = match.map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
		fail(ctx, itemIndex, `${label} is not a real date: "${text}"`, 'Check the day and month.');
	}
	return text as string;
}

/**
 * A list as a parameter may hold it: a list (the editor's multi-select), or text as an expression or
 * an AI tool's `$fromAI()` hands it over (the editor makes `$fromAI('Key', '', 'string')` for a
 * list parameter): `"admin, editor"`, `"editor"` or `'["viewer"]'`. Entries are trimmed.
 */
export function listValue(value: unknown): unknown[] {
	if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'string' ? entry.trim() : entry));
	if (typeof value !== 'string' || value.trim() === '') return [];
	const text = value.trim();
	if (text.startsWith('[')) {
		try {
			const parsed = JSON.parse(text) as unknown;
			if (Array.isArray(parsed)) return listValue(parsed);
		} catch {
			// not JSON after all: read as comma-separated below (and refused if unknown)
		}
	}
	return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/** One value of a fixed list (an options parameter an expression or an AI agent may fill). */
export function requireChoice<T extends string>(ctx: Ctx, value: unknown, allowed: readonly T[], label: string, itemIndex: number): T {
	const text = typeof value === 'string' ? value.trim() : value;
	if (typeof text !== 'string' || !allowed.includes(text as T)) {
		fail(ctx, itemIndex, `Unknown value for ${label}: "${String(value)}"`, `Allowed: ${allowed.join(', ')}.`);
	}
	return text as T;
}

/** Every value must be one of `allowed` (a list or text, see listValue); at least one unless `allowEmpty`. */
export function requireChoices<T extends string>(
	ctx: Ctx,
	value: unknown,
	allowed: readonly T[],
	label: string,
	itemIndex: number,
	allowEmpty = false,
): T[] {
	const list = listValue(value);
	if (list.length === 0 && !allowEmpty) {
		fail(ctx, itemIndex, `Choose at least one value for ${label}`, `Allowed: ${allowed.join(', ')}.`);
	}
	for (const entry of list) {
		if (!allowed.includes(entry as T)) {
			fail(ctx, itemIndex, `Unknown value for ${label}: "${String(entry)}"`, `Allowed: ${allowed.join(', ')}.`);
		}
	}
	return [...new Set(list as T[])];
}

/** Return All / Limit as a number (Infinity for all), read for this item. */
export function readLimit(
	ctx: Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter'>,
	itemIndex: number,
): number {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return Infinity;
	const limit = Number(ctx.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		fail(ctx, itemIndex, 'Limit must be a whole number of at least 1', `Got "${String(limit)}".`);
	}
	return limit;
}

/** Reads a resource locator (or plain string) parameter as one path-safe identifier. */
export function readId(
	ctx: Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter'>,
	name: string,
	label: string,
	itemIndex: number,
): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return requirePathSegment(ctx, value, label, itemIndex);
}
