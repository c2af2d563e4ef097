/** Types of the OpenAI-compatible stand-in (server.js); see the comment at the top of server.js. */

export interface ScriptedCall {
	/** The function name n8n gives the tool node (its node name, see constants.js). */
	tool: string;
	arguments: Record<string, unknown>;
}

export type ScriptStep = { toolCalls: ScriptedCall[] } | { text: string | ((completion: Completion) => string) };

export interface ToolResult {
	toolCallId: string;
	/** Name of the tool that the answered call asked for. */
	tool: string | undefined;
	content: string;
	/** The content parsed, when it is JSON. */
	json: unknown;
	/** Whether the content reports an error ({error} or [{error}, ...]). */
	error: boolean;
}

export interface Completion {
	model: string;
	turn: number;
	/** Names of the tools offered in the request. */
	tools: string[];
	/** Tool messages of the request (all of them, the conversation so far). */
	toolResults: ToolResult[];
	answer?: { text: string } | { toolCalls: Array<{ id: string; tool: string; arguments: Record<string, unknown> }> };
}

export interface RecordedRequest {
	method: string;
	path: string;
	rawPath: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	body?: string;
	status?: number;
	problem?: string;
	completion?: Completion;
}

export interface OpenAiServer {
	url: string;
	requests: RecordedRequest[];
	completions: Completion[];
	failNext(fault: { method?: string; path: string | RegExp; status?: number; body?: unknown; headers?: Record<string, string>; times?: number; drop?: boolean }): void;
	setScript(model: string, steps: ScriptStep[]): void;
	/** Each tool result the model received once, in order (for one model or all). */
	toolResults(model?: string): Array<ToolResult & { model: string }>;
	start(port?: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	resetRequests(): void;
}

export function createOpenAiServer(options?: { port?: number; scripts?: Record<string, ScriptStep[]> }): OpenAiServer;
export const BASE_PATH: string;
export const API_KEY: string;
export const SCRIPTS: Record<string, ScriptStep[]>;
export const MODELS: string[];
