'use strict';
/**
 * JSON shapes of GitHub's REST API objects, built from the server's state. Every function takes
 * `u` = { api, web }: the API base the request came in on (`http://127.0.0.1:PORT` or
 * `http://127.0.0.1:PORT/api/v3`) and the web base (`http://127.0.0.1:PORT`), so URLs in responses
 * point back at the test server the way api.github.com's point at itself (Enterprise style).
 *
 * The functions live in shapes/ by resource group: accounts.js (users, organizations,
 * repositories), commits.js (commits, contents), issues.js (issues, pulls), activity.js (actions,
 * gists, releases, hooks, events); this module gathers them.
 */
const accounts = require('./shapes/accounts');
const commits = require('./shapes/commits');
const issues = require('./shapes/issues');
const activity = require('./shapes/activity');

module.exports = {
	nodeId: accounts.nodeId,
	encodePath: accounts.encodePath,
	simpleUser: accounts.simpleUser,
	publicUser: accounts.publicUser,
	privateUser: accounts.privateUser,
	organizationSimple: accounts.organizationSimple,
	repository: accounts.repository,
	permissionsObject: accounts.permissionsObject,
	commit: commits.commit,
	gitCommit: commits.gitCommit,
	contentEntry: commits.contentEntry,
	directoryEntries: commits.directoryEntries,
	label: issues.label,
	issue: issues.issue,
	issueComment: issues.issueComment,
	pullRequest: issues.pullRequest,
	review: issues.review,
	workflow: activity.workflow,
	workflowRun: activity.workflowRun,
	gist: activity.gist,
	release: activity.release,
	releaseAsset: activity.releaseAsset,
	collaborator: accounts.collaborator,
	roleName: accounts.roleName,
	invitation: accounts.invitation,
	hook: activity.hook,
	event: activity.event,
};
