import { createHash, createHmac, randomUUID, timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/**
 * Plans that bind (issue 48): a plan an operation outputs is a value that can be approved and
 * then applied exactly, by Access → Apply Plan. Each line of a plan is one change, what it was
 * computed from (the platform's state the plan read) and a digest: an HMAC-SHA256 over the line's
 * canonical JSON, keyed with a key derived from the credential's secret. Nobody without the
 * credential can change a line, add one, or take one out of its plan (every line names its plan,
 * its position and the plan's size) without Apply refusing the plan whole; the credential's
 * secret never leaves n8n (the key is a hash of it).
 */

/** The form of a plan line (raised when the line's shape changes). */
export const PLAN_VERSION = 1;

/** One line of a plan, as it is output in an item's `plan` field. */
export interface PlanLine extends IDataObject {
	version: number;
	/** The plan's ID: every line of one plan has it. */
	id: string;
	/** `<resource>.<operation>` of the node that planned it, and the platform. */
	operation: string;
	platform: string;
	createdAt: string;
	/** 1-based position of this line, and the plan's number of lines. */
	line: number;
	lines: number;
	/** What the whole plan was planned with (the same in every line), e.g. Max Removals. */
	rules: IDataObject;
	/** The change this line makes, with the state it was computed from. */
	change: IDataObject;
	digest: string;
}

/** JSON with object keys sorted at every level (the digest's input: the same value, the same text). */
export function canonicalJson(value: unknown): string {
	if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
	if (Array.isArray(value)) return `[${value.map((entry) => canonicalJson(entry === undefined ? null : entry)).join(',')}]`;
	const entries = Object.keys(value as IDataObject)
		.filter((key) => (value as IDataObject)[key] !== undefined)
		.sort()
		.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as IDataObject)[key])}`);
	return `{${entries.join(',')}}`;
}

/** The HMAC key of a credential's plans: a hash of its secrets (never the secrets themselves). */
export function planKey(platform: string, secrets: string[]): Buffer {
	// a key from no secret would let anyone sign a plan
	if (!secrets.some((secret) => typeof secret === 'string' && secret.length >= 8)) throw new Error('The credential holds no secret to sign a plan with');
	const hash = createHash('sha256');
	hash.update(`n8n-nodes-governance-connectors plan key v${PLAN_VERSION}\u0000${platform}`);
	for (const secret of secrets) hash.update(`\u0000${secret}`);
	return hash.digest();
}

function digestOf(key: Buffer, line: Omit<PlanLine, 'digest'>): string {
	return `hmac-sha256:${createHmac('sha256', key).update(canonicalJson(line)).digest('base64')}`;
}

/** A plan's lines, signed: one per change, in order. */
export function signPlan(
	key: Buffer,
	header: { operation: string; platform: string; rules?: IDataObject },
	changes: IDataObject[],
): PlanLine[] {
	const id = randomUUID();
	const createdAt = new Date().toISOString();
	return changes.map((change, position) => {
		const line = {
			version: PLAN_VERSION,
			id,
			operation: header.operation,
			platform: header.platform,
			createdAt,
			line: position + 1,
			lines: changes.length,
			rules: header.rules ?? {},
			change,
		};
		return { ...line, digest: digestOf(key, line) };
	});
}

/** A plan as Apply reads it back: its lines in order, each checked. */
export interface VerifiedPlan {
	id: string;
	operation: string;
	createdAt: string;
	rules: IDataObject;
	lines: PlanLine[];
}

/** Why a given value cannot be applied; the plan is refused whole, before any request. */
export class PlanRefused extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
	}
}

const NOTHING = 'Nothing was changed.';

function asLine(value: unknown, position: number): PlanLine {
	const line = value as PlanLine;
	const ok =
		line !== null &&
		typeof line === 'object' &&
		!Array.isArray(line) &&
		typeof line.id === 'string' &&
		typeof line.digest === 'string' &&
		Number.isInteger(line.line) &&
		Number.isInteger(line.lines) &&
		line.change !== null &&
		typeof line.change === 'object';
	if (!ok) {
		throw new PlanRefused(
			`Entry ${position + 1} of the plan is not a plan line`,
			`A plan line is the \`plan\` field of an item a planning step output (with id, line, lines, change and digest). ${NOTHING}`,
		);
	}
	return line;
}

/**
 * The plans in `values` (plan lines, in any order, from one or more plans), each complete and
 * unchanged, for this platform and these operations; anything else refuses all of them.
 */
export function verifyPlans(key: Buffer, platform: string, operations: string[], values: unknown[]): VerifiedPlan[] {
	if (values.length === 0) {
		throw new PlanRefused('No plan was given', `Give the lines a planning step output (its items' \`plan\` field). ${NOTHING}`);
	}
	const byId = new Map<string, PlanLine[]>();
	for (const [position, value] of values.entries()) {
		const line = asLine(value, position);
		const { digest, ...rest } = line;
		const expected = Buffer.from(digestOf(key, rest));
		const given = Buffer.from(String(digest));
		if (line.version !== PLAN_VERSION || expected.length !== given.length || !timingSafeEqual(expected, given)) {
			throw new PlanRefused(
				`Line ${String(line.line)} of plan ${line.id} does not match its digest: the plan is refused`,
				`The line was changed after it was planned, or planned with another credential (or one whose secret changed since). Plan again and approve the new plan. ${NOTHING}`,
			);
		}
		if (line.platform !== platform || !operations.includes(line.operation)) {
			throw new PlanRefused(
				`Plan ${line.id} was made by ${line.platform} ${line.operation}, which this step does not apply`,
				`This step applies plans of ${operations.join(', ')}. ${NOTHING}`,
			);
		}
		const lines = byId.get(line.id) ?? [];
		lines.push(line);
		byId.set(line.id, lines);
	}
	const plans: VerifiedPlan[] = [];
	for (const [id, lines] of byId) {
		lines.sort((a, b) => a.line - b.line);
		const size = lines[0].lines;
		const positions = lines.map((line) => line.line);
		const complete = lines.length === size && positions.every((value, index) => value === index + 1);
		if (!complete) {
			const missing: number[] = [];
			for (let position = 1; position <= size && missing.length < 10; position++) if (!positions.includes(position)) missing.push(position);
			throw new PlanRefused(
				`Plan ${id} has ${size} line(s), ${lines.length} given: the plan is refused`,
				`${missing.length > 0 ? `Missing: line ${missing.join(', ')}${missing.length === 10 ? ', …' : ''}. ` : 'A line is given more than once. '}A plan is applied whole or not at all: give every line the planning step output (its items' \`plan\` field), unchanged. ${NOTHING}`,
			);
		}
		plans.push({ id, operation: lines[0].operation, createdAt: lines[0].createdAt, rules: lines[0].rules, lines });
	}
	return plans;
}

/**
 * The plan lines of the input: a value that is a line, an object with a `plan` field holding
 * lines, or a list of either (n8n's items of a planning step, or their `plan` fields). An item
 * without the field holds none (a change that writes nothing); anything else inside a `plan`
 * field is given on, for `verifyPlans` to refuse.
 */
export function planLinesIn(value: unknown, field = 'plan'): unknown[] {
	const lines: unknown[] = [];
	const visit = (entry: unknown, inField: boolean) => {
		if (Array.isArray(entry)) {
			for (const inner of entry) visit(inner, inField);
			return;
		}
		if (entry !== null && typeof entry === 'object') {
			const object = entry as IDataObject;
			if (typeof object.digest === 'string' && object.change !== undefined) {
				lines.push(object);
				return;
			}
			if (!inField && object.json !== null && typeof object.json === 'object') return visit((object.json as IDataObject)[field], true);
			if (!inField) return visit(object[field], true);
		}
		if (entry !== undefined && entry !== null && (inField || typeof entry !== 'object')) lines.push(entry);
	};
	visit(value, false);
	return lines;
}
