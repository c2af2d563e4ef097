'use strict';
// Real webhook bodies from @octokit/webhooks-examples for the webhook bench.
const crypto = require('crypto');

const examples = require('@octokit/webhooks-examples');
function example(event, test) {
	const found = examples.find((e) => e.name === event).examples.find(test);
	if (!found) throw new Error(`no example for ${event}`);
	return JSON.parse(JSON.stringify(found));
}
/** The delivery of part 1: the first real `issues` opened example, or a real push with one commit. */
function deliveryPayload(event) {
	return event === 'issues'
		? example('issues', (e) => e.action === 'opened')
		: example('push', (e) => Array.isArray(e.commits) && e.commits.length === 1);
}
/** A real push example whose one commit is repeated (distinct ids) until the body is >= `bytes`. */
function bigPush(bytes) {
	const push = example('push', (e) => Array.isArray(e.commits) && e.commits.length === 1);
	const commit = push.commits[0];
	const commits = [];
	let size = JSON.stringify(push).length;
	for (let i = 0; size < bytes; i++) {
		const id = crypto.createHash('sha1').update(String(i)).digest('hex');
		const copy = { ...commit, id, tree_id: id, url: commit.url.replace(commit.id, id), message: `${commit.message} (${i})` };
		commits.push(copy);
		size += JSON.stringify(copy).length + 1;
	}
	push.commits = commits;
	return push;
}

module.exports = { example, deliveryPayload, bigPush };
