const MASK = '[redacted]';

/** Replaces every occurrence of each secret (of 4+ characters) in `text` with a mask. */
export function redactSecrets(text: string, secrets: Array<string | undefined>): string {
	let result = text;
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length < 4) continue;
		result = result.split(secret).join(MASK);
	}
	return result;
}

/** Deep copy of a JSON-like value with secrets masked in every string. */
export function redactDeep<T>(value: T, secrets: Array<string | undefined>): T {
	if (typeof value === 'string') return redactSecrets(value, secrets) as unknown as T;
	if (Array.isArray(value)) return value.map((entry) => redactDeep(entry, secrets)) as unknown as T;
	if (value !== null && typeof value === 'object') {
		const copy: Record<string, unknown> = {};
		for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
			copy[key] = redactDeep(entry, secrets);
		}
		return copy as T;
	}
	return value;
}
