/**
 * Short-lived tokens kept per key for the whole process (every node, item and execution of a
 * main process or worker), each used until shortly before it expires. Concurrent callers that
 * need the same key share one mint; a token that the platform refused is dropped once, so that
 * twenty items that all got a 401 for it share one new mint too.
 */
export interface ExpiringToken {
	token: string;
	/** Epoch milliseconds. */
	expiresAt: number;
}

export class TokenCache {
	private readonly tokens = new Map<string, ExpiringToken>();

	private readonly minting = new Map<string, Promise<ExpiringToken>>();

	constructor(
		/** A token is replaced this long before its expiry. */
		private readonly refreshBeforeMs: number,
		private readonly now: () => number = () => Date.now(),
	) {}

	/** A token for `key` that is good for at least `refreshBeforeMs`, minted only when needed. */
	async get(key: string, mint: () => Promise<ExpiringToken>): Promise<ExpiringToken> {
		const held = this.tokens.get(key);
		if (held && held.expiresAt - this.now() > this.refreshBeforeMs) return held;
		const running = this.minting.get(key);
		if (running) return await running;
		const minted = (async () => {
			try {
				const token = await mint();
				this.tokens.set(key, token);
				return token;
			} finally {
				this.minting.delete(key);
			}
		})();
		this.minting.set(key, minted);
		return await minted;
	}

	/** Forgets `token` for `key` (after the platform refused it); a newer token stays. */
	drop(key: string, token: string): void {
		if (this.tokens.get(key)?.token === token) this.tokens.delete(key);
	}

	/** Forgets every token (tests). */
	clear(): void {
		this.tokens.clear();
		this.minting.clear();
	}
}

/** Values looked up once per key and process (an app's installation per account), shared while in flight. */
export class LookupCache<T> {
	private readonly values = new Map<string, T>();

	private readonly running = new Map<string, Promise<T>>();

	async get(key: string, lookup: () => Promise<T>): Promise<T> {
		if (this.values.has(key)) return this.values.get(key) as T;
		const pending = this.running.get(key);
		if (pending) return await pending;
		const started = (async () => {
			try {
				const value = await lookup();
				this.values.set(key, value);
				return value;
			} finally {
				this.running.delete(key);
			}
		})();
		this.running.set(key, started);
		return await started;
	}

	forget(key: string): void {
		this.values.delete(key);
	}

	clear(): void {
		this.values.clear();
		this.running.clear();
	}
}
