#!/usr/bin/env node
'use strict';
/*
 * Cost of an organization access review through the Code Hosting node against the strict local
 * stand-in of GitHub (test/servers/codehosting), side by side in one run:
 *
 *   node bench/codehosting-access-review.js [--repos 200] [--people 50] [--json]
 *
 * The organization: `repos` repositories and `people` people (3 owners, members, 1 in 7 an
 * outside collaborator), base permission read, 10 teams (each about a third of the repositories
 * at read, write or maintain, and 8 members), some direct grants.
 *   1. Access → Review: one run, lists only (organization, members, teams with their members and
 *      repositories, repositories, each repository's direct collaborators).
 *   2. The per-repository-per-person approach: the people and repositories listed (Organization →
 *      Get Members, Get Outside Collaborators, Get Repositories), then Collaborator → Get
 *      Permission (GET /repos/{o}/{r}/collaborators/{user}/permission) once per pair.
 * For each: requests (reads / writes) and wall time; the two answers are compared pair by pair
 * (Review's permission against role_name). The ratio printed last is the per-pair approach's
 * requests over Review's.
 *
 * Runs the TypeScript sources directly through the tests' WorkflowExecute harness (bench/lib.js).
 */
const path = require('path');

const { ROOT, runNode } = require('./lib');
const { CodeHosting } = require(path.join(ROOT, 'nodes/CodeHosting/CodeHosting.node.ts'));
const { CodeHostingApi } = require(path.join(ROOT, 'credentials/CodeHostingApi.credentials.ts'));
const { createCodeHostingServer, TOKEN, LOGIN } = require(path.join(ROOT, 'test/servers/codehosting/server.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const index = args.indexOf(`--${name}`);
	return index === -1 ? fallback : args[index + 1];
};
const REPOS = Number(option('repos', 200));
const PEOPLE = Number(option('people', 50));
const JSON_OUT = args.includes('--json');
const ORG = 'bench-org';
const rl = (value) => ({ __rl: true, mode: 'name', value });

/** The organization described above, on a fresh stand-in (rate limit raised: the per-pair run sends thousands of reads). */
async function benchServer() {
	const srv = createCodeHostingServer({ autoDeliver: false, rateLimit: { limit: 1000000 } });
	await srv.start();
	const people = Array.from({ length: PEOPLE - 1 }, (_, i) => `person-${String(i).padStart(3, '0')}`);
	for (const login of people) srv.addUser(login);
	const outside = people.filter((_, i) => i % 7 === 6);
	const members = people.filter((login) => !outside.includes(login));
	const roles = { [LOGIN]: 'admin', [members[0]]: 'admin', [members[1]]: 'admin' };
	for (const login of members.slice(2)) roles[login] = 'member';
	srv.addOrg(ORG, { members: roles, default_permission: 'pull' });
	const repos = Array.from({ length: REPOS }, (_, i) => `repo-${String(i).padStart(3, '0')}`);
	for (const [i, name] of repos.entries()) srv.addRepo(ORG, name, { private: i % 2 === 0 });
	const levels = ['pull', 'push', 'maintain'];
	for (let t = 0; t < 10; t++) {
		const teamMembers = Object.fromEntries(members.filter((_, i) => (i + t) % 5 === 0).slice(0, 8).map((login) => [login, 'member']));
		const teamRepos = Object.fromEntries(repos.filter((_, i) => (i + t) % 3 === 0).map((name) => [name, levels[t % 3]]));
		srv.addTeam(ORG, { name: `Team ${t}`, members: teamMembers, repos: teamRepos });
	}
	for (const [i, login] of outside.entries()) for (let r = i; r < REPOS; r += 25) srv.addCollaborator(ORG, repos[r], login, 'pull');
	for (const [i, login] of members.slice(3, 13).entries()) srv.addCollaborator(ORG, repos[(i * 7) % REPOS], login, 'admin');
	srv.resetRequests();
	return srv;
}

async function run(srv, parameters, items) {
	const before = srv.requests.length;
	const started = process.hrtime.bigint();
	const result = await runNode({
		node: new CodeHosting(),
		parameters: { authentication: 'accessToken', ...parameters },
		items,
		credentialTypes: [new CodeHostingApi()],
		credentials: { codeHostingApi: { server: srv.url, accessToken: TOKEN } },
	});
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	if (result.error) throw new Error(`${parameters.operation}: ${result.error.message}`);
	const requests = srv.requests.slice(before);
	const writes = requests.filter((request) => request.method !== 'GET').length;
	return { output: result.output.map((item) => item.json), requests: requests.length, reads: requests.length - writes, writes, ms: Math.round(ms) };
}

async function main() {
	const srv = await benchServer();
	try {
		const review = await run(srv, { resource: 'access', operation: 'review', owner: rl(ORG), output: 'perPersonAndRepository', options: { includeRepositoryInvitations: false } });
		srv.resetRequests();

		const listings = [];
		for (const operation of ['getMembers', 'getOutsideCollaborators', 'getRepositories']) {
			listings.push(await run(srv, { resource: 'organization', operation, owner: rl(ORG), returnAll: true }));
		}
		const logins = [...listings[0].output, ...listings[1].output].map((user) => user.login);
		const names = listings[2].output.map((repo) => repo.name);
		const pairs = names.flatMap((repository) => logins.map((username) => ({ repository, username })));
		const perPair = await run(
			srv,
			{ resource: 'collaborator', operation: 'getPermission', owner: rl(ORG), repository: rl('={{ $json.repository }}'), username: '={{ $json.username }}' },
			pairs,
		);

		// the same answer, pair by pair: Review's permission (none where it has no item) against role_name;
		// on a public repository everyone reads (role_name read), which is no grant and no Review item
		const reviewed = new Map(review.output.filter((item) => item.kind === 'access' && item.repository).map((item) => [`${item.login}|${item.repository}`, item.permission]));
		const isPublic = new Set(listings[2].output.filter((repo) => repo.private === false).map((repo) => repo.name));
		const mismatches = pairs.filter((pair, i) => {
			const mine = reviewed.get(`${pair.username}|${ORG}/${pair.repository}`) ?? 'none';
			const theirs = perPair.output[i].role_name;
			return mine !== theirs && !(mine === 'none' && theirs === 'read' && isPublic.has(pair.repository));
		}).length;

		const listingRequests = listings.reduce((sum, entry) => sum + entry.requests, 0);
		const results = {
			repositories: REPOS,
			people: logins.length,
			review: { requests: review.requests, reads: review.reads, writes: review.writes, ms: review.ms, items: review.output.length },
			perPair: {
				requests: listingRequests + perPair.requests,
				listingRequests,
				pairRequests: perPair.requests,
				writes: perPair.writes + listings.reduce((sum, entry) => sum + entry.writes, 0),
				ms: perPair.ms + listings.reduce((sum, entry) => sum + entry.ms, 0),
				pairs: pairs.length,
			},
			mismatches,
		};
		const ratio = results.perPair.requests / results.review.requests;
		if (JSON_OUT) {
			console.log(JSON.stringify({ ...results, ratio }, null, 2));
			return;
		}
		console.log(`Organization of ${REPOS} repositories and ${logins.length} people, 10 teams (strict local stand-in)`);
		console.log(`${'Access → Review'.padEnd(46)} ${String(results.review.requests).padStart(6)} requests (${results.review.reads} reads, ${results.review.writes} writes) ${String(results.review.ms).padStart(7)} ms  ${results.review.items} items`);
		console.log(
			`${'Listings + Get Permission per person and repo'.padEnd(46)} ${String(results.perPair.requests).padStart(6)} requests (${listingRequests} listing, ${perPair.requests} per pair, ${results.perPair.writes} writes) ${String(results.perPair.ms).padStart(7)} ms`,
		);
		console.log(`pairs whose permission differs between the two: ${mismatches} of ${pairs.length}`);
		console.log(`ratio (per-pair requests / Review requests): ${ratio.toFixed(1)}`);
	} finally {
		await srv.stop();
	}
}

main().then(
	// n8n-core's execution harness leaves timers behind: end the process once the figures are out.
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
