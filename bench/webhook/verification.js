'use strict';
/*
 * Part 2 of the webhook bench, in this process: verifySignature() of nodes/CodeHostingTrigger
 * (TypeScript loaded by bench/lib.js's require hook) against JSON.parse of the same body text;
 * rounds alternate which is timed first; median ns per delivery and the ratio.
 */
const assert = require('assert');
const crypto = require('crypto');
const path = require('path');

const { ROOT, median } = require('../lib');
const { example, deliveryPayload, bigPush } = require('./payloads');

const { verifySignature } = require(path.join(ROOT, 'nodes/CodeHostingTrigger/webhook.ts'));

function timeLoop(fn, iterations) {
	const started = process.hrtime.bigint();
	for (let i = 0; i < iterations; i++) fn();
	return Number(process.hrtime.bigint() - started) / iterations; // ns per call
}

function benchVerification({ event, rounds }) {
	const secret = crypto.randomBytes(32).toString('hex');
	const bodies = [
		['5.8 KB star.created (real)', example('star', (e) => e.action === 'created')],
		[`${event === 'issues' ? '11.6 KB issues.opened' : '7.7 KB push'} (part 1's body)`, deliveryPayload(event)],
		['1 MB push (commits repeated)', bigPush(1024 * 1024)],
	];
	const rows = [];
	for (const [label, payload] of bodies) {
		const text = JSON.stringify(payload);
		const raw = Buffer.from(text, 'utf8');
		const header = `sha256=${crypto.createHmac('sha256', secret).update(raw).digest('hex')}`;
		assert.equal(verifySignature(raw, header, secret), true, 'the signature verifies');
		assert.equal(verifySignature(raw, header.replace(/.$/, (c) => (c === '0' ? '1' : '0')), secret), false);
		// aim at ~0.3 s per measurement per round
		const iterations = Math.max(20, Math.round(3e8 / Math.max(raw.length, 1) / 2));
		const verify = () => {
			if (!verifySignature(raw, header, secret)) throw new Error('signature rejected');
		};
		let sink = 0;
		const parse = () => {
			sink += JSON.parse(text) ? 1 : 0;
		};
		timeLoop(verify, Math.ceil(iterations / 5)); // warm-up
		timeLoop(parse, Math.ceil(iterations / 5));
		const verifyNs = [];
		const parseNs = [];
		const ratios = [];
		for (let round = 0; round < rounds; round++) {
			let v;
			let p;
			if (round % 2 === 0) {
				v = timeLoop(verify, iterations);
				p = timeLoop(parse, iterations);
			} else {
				p = timeLoop(parse, iterations);
				v = timeLoop(verify, iterations);
			}
			verifyNs.push(v);
			parseNs.push(p);
			ratios.push(v / p);
		}
		if (sink < 0) console.log(sink);
		rows.push({ label, bytes: raw.length, verify: median(verifyNs), parse: median(parseNs), ratio: median(ratios), ratios });
	}
	return rows;
}

function printVerification(rows) {
	const us = (ns) => (ns / 1000).toFixed(ns < 100_000 ? 1 : 0);
	const mbs = (bytes, ns) => ((bytes / ns) * 1e9 / 1e6).toFixed(0);
	console.log('\nSignature verification in process (median of rounds; ratio = median of per-round verify / parse)');
	console.log('| body | bytes | verifySignature µs | MB/s | JSON.parse µs | MB/s | verify / parse | per-round ratios |');
	console.log('|---|---:|---:|---:|---:|---:|---:|---|');
	for (const r of rows) {
		console.log(
			`| ${r.label} | ${r.bytes} | ${us(r.verify)} | ${mbs(r.bytes, r.verify)} | ${us(r.parse)} | ${mbs(r.bytes, r.parse)} | ${r.ratio.toFixed(3)} | ${r.ratios.map((x) => x.toFixed(2)).join(' ')} |`,
		);
	}
}

module.exports = { benchVerification, printVerification };
