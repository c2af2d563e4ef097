/** Shared set-up of the code-hosting test server's self-tests: real HTTP with fetch. */
import http from 'http';
import type { AddressInfo } from 'net';

import type { CodeHostingServer, CodeHostingServerOptions } from '../servers/codehosting/server';
import { API_VERSION, createCodeHostingServer, TOKEN } from '../servers/codehosting/server';

export const HEADERS = {
	authorization: `Bearer ${TOKEN}`,
	'user-agent': 'codehosting-self-test',
	accept: 'application/vnd.github+json',
	'x-github-api-version': API_VERSION,
};

export async function startServer(options: CodeHostingServerOptions = {}): Promise<CodeHostingServer> {
	const srv = createCodeHostingServer({ validateResponses: true, ...options });
	await srv.start();
	return srv;
}

export interface Answer {
	status: number;
	headers: Headers;
	text: string;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	json: any;
	buffer: Buffer;
}

/** Calls the server; `headers` entries set to undefined are left out. */
export async function call(
	srv: CodeHostingServer,
	method: string,
	path: string,
	options: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string | undefined>; redirect?: 'follow' | 'manual' } = {},
): Promise<Answer> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries({ ...HEADERS, ...(options.headers ?? {}) })) {
		if (value !== undefined) headers[name] = value;
	}
	let body: string | Buffer | undefined = options.rawBody;
	if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['content-type'] = 'application/json';
	}
	const response = await fetch(`${srv.url}${path}`, { method, headers, body, redirect: options.redirect ?? 'manual' });
	const buffer = Buffer.from(await response.arrayBuffer());
	const text = buffer.toString('utf8');
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: response.status, headers: response.headers, text, json, buffer };
}

export interface Received {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

/** A local webhook receiver answering `status` (200). */
export async function startReceiver(status = 200): Promise<{ url: string; received: Received[]; close: () => Promise<void>; waitFor: (n: number) => Promise<void> }> {
	const received: Received[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
			res.writeHead(status, { 'content-type': 'text/plain' });
			res.end('ok');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
		async waitFor(n: number) {
			const started = Date.now();
			while (received.length < n) {
				if (Date.now() - started > 5000) throw new Error(`only ${received.length} of ${n} deliveries arrived`);
				await new Promise((resolve) => setTimeout(resolve, 5));
			}
		},
	};
}

/** Parses a Link header into {rel: url}. */
export function links(header: string | null): Record<string, string> {
	const result: Record<string, string> = {};
	for (const part of (header ?? '').split(',')) {
		const m = /<([^>]+)>;\s*rel="([^"]+)"/.exec(part);
		if (m) result[m[2]] = m[1];
	}
	return result;
}
