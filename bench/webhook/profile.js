'use strict';
/*
 * Where n8n's main process spends a webhook delivery: a V8 CPU profile (`--cpu-prof`) of n8n read
 * back after the bench. Self time is attributed to the package of each frame's file (the part of
 * the path after the last node_modules/, or "node:internal", "(native)" for V8/GC/idle frames);
 * the inclusive time of each trigger's own webhook() shows what the trigger code itself costs.
 */
const fs = require('fs');
const path = require('path');

/** The package a frame's file belongs to. */
function packageOf(url) {
	if (!url) return '(native: V8, GC, idle)';
	if (url.startsWith('node:')) return 'node:internal';
	const at = url.lastIndexOf('node_modules/');
	if (at === -1) return url.replace(/^file:\/\//, '');
	const rest = url.slice(at + 'node_modules/'.length).split('/');
	return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

/**
 * Reads one .cpuprofile. `webhookFns` maps a label to a test on a frame ({functionName, url}) that
 * picks a trigger's webhook function. Returns { totalMs, idleMs, byPackage: [[name, ms]], inclusive: {label: ms} }.
 */
function analyze(file, webhookFns) {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map();
	for (let i = 0; i < profile.samples.length; i++) {
		const id = profile.samples[i];
		self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
	}
	const inclusiveOf = new Map();
	const inclusive = (node) => {
		if (inclusiveOf.has(node.id)) return inclusiveOf.get(node.id);
		let ms = self.get(node.id) ?? 0;
		for (const child of node.children ?? []) ms += inclusive(byId.get(child));
		inclusiveOf.set(node.id, ms);
		return ms;
	};
	let totalMs = 0;
	let idleMs = 0;
	const packages = new Map();
	for (const node of profile.nodes) {
		const ms = self.get(node.id) ?? 0;
		totalMs += ms;
		if (node.callFrame.functionName === '(idle)') {
			idleMs += ms;
			continue;
		}
		const name = packageOf(node.callFrame.url);
		packages.set(name, (packages.get(name) ?? 0) + ms);
	}
	const webhook = {};
	const inside = {};
	for (const [label, test] of Object.entries(webhookFns)) {
		// outermost matches only, so recursion or nested matches are not counted twice
		let ms = 0;
		const frames = new Map();
		const walk = (node, within) => {
			const match = !within && test(node.callFrame);
			if (match) ms += inclusive(node);
			if (within || match) {
				const { functionName, url } = node.callFrame;
				const key = `${functionName || '(anonymous)'} ${packageOf(url)}/${path.basename(url || '')}`;
				frames.set(key, (frames.get(key) ?? 0) + (self.get(node.id) ?? 0));
			}
			for (const child of node.children ?? []) walk(byId.get(child), within || match);
		};
		walk(profile.nodes[0], false);
		webhook[label] = ms;
		inside[label] = [...frames].sort((a, b) => b[1] - a[1]).slice(0, 6);
	}
	return { totalMs, idleMs, byPackage: [...packages].sort((a, b) => b[1] - a[1]), inclusive: webhook, inside };
}

/** The main process's profile among those in `dir`: the largest file. */
function mainProfile(dir) {
	const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')) : [];
	if (files.length === 0) return undefined;
	return files.map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
}

/** Prints the split for `deliveries` deliveries per trigger (including warm-up). */
function printProfile(dir, deliveries) {
	const file = mainProfile(dir);
	if (!file) {
		console.log('\n(no CPU profile was written)');
		return;
	}
	const result = analyze(file, {
		ours: (frame) => frame.functionName === 'handleDelivery' && frame.url.includes('n8n-nodes-governance-connectors'),
		github: (frame) => frame.functionName === 'webhook' && /nodes\/Github\/GithubTrigger\.node\.js$/.test(frame.url),
	});
	const busy = result.totalMs - result.idleMs;
	console.log(`\nCPU profile of n8n's main process (${path.basename(file)}): ${(busy / 1000).toFixed(1)} s busy, ${(result.idleMs / 1000).toFixed(1)} s idle`);
	console.log('| self time by package | ms | share of busy time |');
	console.log('|---|---:|---:|');
	for (const [name, ms] of result.byPackage.slice(0, 14)) console.log(`| ${name} | ${ms.toFixed(0)} | ${((ms / busy) * 100).toFixed(1)}% |`);
	console.log('| trigger code (inclusive time of its webhook function) | ms | µs per delivery | share of busy time |');
	console.log('|---|---:|---:|---:|');
	for (const [label, ms] of Object.entries(result.inclusive)) {
		console.log(`| ${label === 'ours' ? 'Code Hosting Trigger handleDelivery()' : "GitHub Trigger webhook()"} | ${ms.toFixed(1)} | ${((ms * 1000) / deliveries[label]).toFixed(0)} | ${((ms / busy) * 100).toFixed(2)}% |`);
	}
	for (const [label, frames] of Object.entries(result.inside)) {
		console.log(`  inside ${label}: ${frames.map(([key, ms]) => `${key} ${ms.toFixed(0)} ms`).join('; ')}`);
	}
	return result;
}

module.exports = { analyze, printProfile, packageOf };
