'use strict';
/*
 * The GitHub stand-in with one large organization, in its own process (so that the review's
 * process measures only itself), for bench/codehosting-access-review-scale.js. Forked with
 * `--repos R --people P [--teams T]` (20 teams unless said); sends {url} when ready and answers IPC messages:
 *   {cmd: 'reset'}            forget the requests so far
 *   {cmd: 'stats'}            → {requests, rest, graphql, graphqlPoints}
 *   {cmd: 'refuseGraphql'}    the next GraphQL request answers 404 (a server without GraphQL)
 * The organization: test/servers/codehosting/scaleOrg.js.
 */
const path = require('path');

const ROOT = path.resolve(__dirname, '../..');
const { createCodeHostingServer, LOGIN } = require(path.join(ROOT, 'test/servers/codehosting/server.js'));
const { addScaleOrg } = require(path.join(ROOT, 'test/servers/codehosting/scaleOrg.js'));

const arg = (name, fallback) => {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const REPOS = arg('repos', 1000);
const PEOPLE = arg('people', 300);
const ORG = 'scale-org';
const TEAMS = arg('teams', 20);

async function main() {
	const srv = createCodeHostingServer({ autoDeliver: false, rateLimit: { limit: 100000000 } });
	await srv.start();
	addScaleOrg(srv, { org: ORG, repos: REPOS, people: PEOPLE, teams: TEAMS, owner: LOGIN });
	srv.resetRequests();
	let graphqlUsed = srv.state.rate.graphql.used;

	process.on('message', (message) => {
		if (message.cmd === 'reset') {
			srv.resetRequests();
			graphqlUsed = srv.state.rate.graphql.used;
			process.send({ ok: true });
		} else if (message.cmd === 'stats') {
			const graphql = srv.requests.filter((request) => request.path === '/graphql').length;
			process.send({ requests: srv.requests.length, rest: srv.requests.length - graphql, graphql, graphqlPoints: srv.state.rate.graphql.used - graphqlUsed });
		} else if (message.cmd === 'refuseGraphql') {
			srv.failNext({ method: 'POST', path: '/graphql', status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/graphql' } });
			process.send({ ok: true });
		} else if (message.cmd === 'stop') {
			srv.stop().then(() => process.exit(0));
		}
	});
	process.send({ url: srv.url, org: ORG, people: PEOPLE, repos: REPOS, teams: TEAMS });
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
