#!/usr/bin/env node
'use strict';
/*
 * Governance Trigger poll cost against the strict local stand-in of the control API
 * (test/servers/governance), side by side in one run:
 *
 *   node bench/governance-trigger.js [--json]
 *
 * For 300 and 3,000 members spread over 5 projects (every project of the key, scope Every
 * Project): requests and wall time of a poll with no change (member events only), the same with
 * the API key events (keys read per member), and a poll after 10 changes (what it emits). The
 * poll runs through n8n-core's PollContext (test/helpers/pollHarness.ts), one context per
 * activation as n8n does. Printed last, side by side: the cost of the API key events (requests and
 * time of a poll with them over one without: the control API lists API keys only per user, one
 * request per member; its OpenAPI has no read of a project's keys, projects/keys/* are the
 * project's integration secrets), then the requests of a 3,000-member poll over a 300-member poll
 * (the member pages grow with the members; the projects list and each project's invite list do
 * not).
 */
const path = require('path');

const { ROOT } = require('./lib');
const { GovernanceTrigger } = require(path.join(ROOT, 'nodes/GovernanceTrigger/GovernanceTrigger.node.ts'));
const { GovernanceApi } = require(path.join(ROOT, 'credentials/GovernanceApi.credentials.ts'));
const { createPollHarness } = require(path.join(ROOT, 'test/helpers/pollHarness.ts'));
const server = require(path.join(ROOT, 'test/servers/governance/server.js'));

const JSON_OUT = process.argv.includes('--json');
const MEMBER_EVENTS = ['memberAdded', 'memberRemoved', 'memberRolesChanged', 'becameAdmin', 'inviteCreated', 'inviteAccepted', 'inviteDeleted'];
const PROJECTS = ['bench-p1', 'bench-p2', 'bench-p3', 'bench-p4', 'bench-p5'];

/** A stand-in whose key reaches only the 5 bench projects, `members` people spread over them. */
async function standIn(members) {
	const srv = server.createGovernanceServer();
	await srv.start();
	for (const id of Object.keys(srv.state.projects)) srv.removeProject(id);
	for (const id of PROJECTS) srv.addProject(id, { name: id });
	for (let i = 0; i < members; i++) {
		const id = `staff-${String(i).padStart(4, '0')}`;
		srv.addUser({ _id: id, email: `${id}@example.com` });
		srv.addMember(PROJECTS[i % PROJECTS.length], id, ['viewer']);
	}
	return srv;
}

function poller(srv, events) {
	return createPollHarness({
		node: new GovernanceTrigger(),
		parameters: { scope: 'everyProject', events },
		credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: PROJECTS[0], apiKey: server.ADMIN_KEY } },
		credentialTypes: [new GovernanceApi()],
	});
}

async function measure(srv, h) {
	srv.resetRequests();
	const started = process.hrtime.bigint();
	const result = await h.poll();
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	return { requests: srv.requests.length, ms: Math.round(ms), emitted: result ? result[0].length : 0 };
}

async function scenario(members) {
	const srv = await standIn(members);
	const plain = poller(srv, MEMBER_EVENTS);
	await plain.poll(); // records
	const noChange = await measure(srv, plain);
	for (let i = 0; i < 10; i++) srv.addMember(PROJECTS[i % PROJECTS.length], `staff-${String(i).padStart(4, '0')}`, ['admin']);
	const tenChanges = await measure(srv, plain);
	const stateBytes = JSON.stringify(plain.staticData).length;
	const keys = poller(srv, [...MEMBER_EVENTS, 'apiKeyCreated', 'apiKeyDeleted']);
	await keys.poll();
	const withKeys = await measure(srv, keys);
	await srv.stop();
	return { members, noChange, tenChanges, withKeys, stateBytes };
}

async function main() {
	const small = await scenario(300);
	const large = await scenario(3000);
	const ratio = large.noChange.requests / small.noChange.requests;
	const keyCost = (r) => ({ requests: r.withKeys.requests / r.noChange.requests, time: r.withKeys.ms / Math.max(1, r.noChange.ms) });
	const keys = { small: keyCost(small), large: keyCost(large) };
	if (JSON_OUT) {
		console.log(JSON.stringify({ small, large, keys, ratio }, null, 2));
		return;
	}
	const line = (label, r) => `${label.padEnd(46)} ${String(r.requests).padStart(6)} requests ${String(r.ms).padStart(7)} ms  ${r.emitted} item(s)`;
	for (const r of [small, large]) {
		console.log(`Governance Trigger, ${r.members} members over 5 projects (strict local stand-in)`);
		console.log(line('  poll, no change (member events)', r.noChange));
		console.log(line('  poll after 10 made admin (member events)', r.tenChanges));
		console.log(line('  poll, no change, with the API key events', r.withKeys));
		console.log(`  what the trigger keeps (static data): ${(r.stateBytes / 1024).toFixed(1)} kB`);
	}
	const side = (r, k) => `${r.members} members ${k.requests.toFixed(1)}x requests, ${k.time.toFixed(1)}x time`;
	console.log(`ratio, API key events on / off (one request per member per poll): ${side(small, keys.small)} | ${side(large, keys.large)}`);
	console.log(`ratio (requests of a 3,000-member poll / a 300-member poll): ${ratio.toFixed(1)}`);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
