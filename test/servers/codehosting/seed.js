'use strict';
/**
 * Seeded on creation (SHAs of seeded commits are the same in every instance):
 *   users octo-user (id 1, TOKEN, all scopes; FINE_GRAINED_NO_WEBHOOKS_TOKEN, fine-grained: contents and issues read), other-user (id 2, OTHER_TOKEN: all scopes, but only
 *   push on hello-world and plain member of octo-org, so 403 on hooks/collaborators),
 *   outside-user (id 3, no token); org octo-org (id 100; octo-user admin, other-user member; SAML
 *   identities octo.user@corp.example → octo-user, other.user@corp.example → other-user, and
 *   not.yet@corp.example with no user).
 *   octo-user/hello-world (id 1296269, public): branches main, develop, feature-a, conflicting;
 *     tag v0.1.0 (= develop), v1.0.0 and v1.1.0 (releases, = main); files README.md,
 *     src/index.js, docs/guide.md, `docs/ü ber #1.md`; history on main: Initial commit (octo-user),
 *     Add sources and docs, Update README (other-user), README on main; issues #1 "Found a bug 1"
 *     (label bug, assignee octo-user), #2 "Question 2" (by other-user, mentions @octo-user), #3
 *     "Old issue 3" (closed); pulls #4 "Add feature A" (feature-a → main, mergeable, reviewer
 *     other-user, one COMMENTED review) and #5 "Conflicting change" (conflicting → main,
 *     mergeable false: README.md changed on both sides); workflows 161335 ci.yml (inputs
 *     environment, debug; 2 completed runs), 161336 deploy.yml (required choice input target:
 *     staging|production), 161337 nightly.yml (no workflow_dispatch); collaborator other-user
 *     (push), stargazer other-user; traffic (2 popular paths, referrers Google and github.com); events PushEvent, WatchEvent, IssuesEvent, 2 ReleaseEvents.
 *   octo-org/org-repo (id 1296300; README.md; issue #1 "Org issue 1"; outside-user pull: an
 *     outside collaborator of octo-org); team octo-org/developers "Developers" (id 200, visible;
 *     octo-user maintainer, other-user member; org-repo at pull).
 *   octo-user/renamed-repo (id 1296400) formerly legacy-name: /repos/octo-user/legacy-name/… →
 *     301 (307 for writes) to /repositories/1296400/…, which is served.
 *   octo-user/private-repo (id 1296500, private), other-user/other-repo (id 1296600).
 *   gists of octo-user: aa5a315d61ae9438b18d (public, hello.md), bb5a315d61ae9438b18e (secret).
 *   Projects (v2): org octo-org #1 PVT_kwDOAOrgProj01 "Org Roadmap": fields PVTF_lADOAOrgTitle
 *     Title, PVTSSF_lADOAOrgStatus Status (f75ad846 Todo, 47fc9ee4 In Progress, 98236657 Done),
 *     PVTF_lADOAOrgEstimate Estimate; item PVTI_lADOAOrgItem001 (octo-org/org-repo#1, Todo).
 *     user octo-user #1 PVT_kwHOAUserProj01 "Personal board": PVTSSF_lAHOAUserStatus Status
 *     (a1b2c3d4 Todo, b2c3d4e5 Doing, c3d4e5f6 Done); item PVTI_lAHOAUserItem001 (draft).
 */
const git = require('./git');
const shapes = require('./shapes');
const { TOKEN, OTHER_TOKEN, FINE_GRAINED_NO_WEBHOOKS_TOKEN, LOGIN, OTHER_LOGIN, OUTSIDER_LOGIN, ORG, isoAt } = require('./constants');

/** Fills store `s` (with its webhooks and items) with the seeded accounts, repositories and records. */
function seed(s) {
	const { state, key, authorOf, addUser, addOrg, addToken, addRepo, addFile, addBranch, renameRepo, addEvent } = s;
	const { addIssues, addPull, addWorkflow, addWorkflowRuns, addReleases, addGist, addProject } = s;
	const kit = s;
	addUser(LOGIN, { id: 1, name: 'Octo User', email: 'octo-user@example.com', company: 'Octo Org', location: 'Earth' });
	addUser(OTHER_LOGIN, { id: 2, name: 'Other User', email: 'other-user@example.com' });
	addUser(OUTSIDER_LOGIN, { id: 3, name: 'Outside User', email: 'outside-user@example.com' });
	addOrg(ORG, { id: 100, name: 'Octo Org', description: 'The seeded organization', members: { [LOGIN]: 'admin', [OTHER_LOGIN]: 'member' } });
	// the organization's SAML single sign-on: who signed in with which corporate identity (GraphQL samlIdentityProvider)
	state.orgs[ORG].saml = {
		identities: [
			{ nameId: 'octo.user@corp.example', emails: ['octo.user@corp.example'], login: LOGIN },
			{ nameId: 'other.user@corp.example', emails: ['other.user@corp.example', 'other-user@example.com'], login: OTHER_LOGIN },
			// linked at the identity provider, never signed in on GitHub: no user
			{ nameId: 'not.yet@corp.example', emails: ['not.yet@corp.example'], login: null },
		],
	};
	addToken(TOKEN, LOGIN);
	addToken(OTHER_TOKEN, OTHER_LOGIN);
	// a fine-grained token that may not manage webhooks (the e2e's activation-error credential: its
	// credential test passes, a trigger's activation is refused)
	s.addFineGrainedToken(FINE_GRAINED_NO_WEBHOOKS_TOKEN, LOGIN, { contents: 'read', issues: 'read' });

	const hello = addRepo(LOGIN, 'hello-world', { id: 1296269, description: 'My first repository', created_at: isoAt(0), language: 'JavaScript', topics: ['octocat', 'example'] });
	const t1 = {};
	t1['README.md'] = git.putBlob(hello, '# hello-world\n\nA seeded repository.\n');
	const c1 = git.makeCommit(hello, { tree: t1, message: 'Initial commit', authorLogin: LOGIN, author: authorOf(LOGIN), date: isoAt(100) });
	const t2 = { ...t1 };
	t2['src/index.js'] = git.putBlob(hello, "console.log('hello world');\n");
	t2['docs/guide.md'] = git.putBlob(hello, '# Guide\n');
	t2['docs/ü ber #1.md'] = git.putBlob(hello, '# Über #1\n\nA file whose path needs encoding.\n');
	const c2 = git.makeCommit(hello, { tree: t2, parents: [c1.sha], message: 'Add sources and docs', authorLogin: LOGIN, author: authorOf(LOGIN), date: isoAt(200) });
	const t3 = { ...t2 };
	t3['README.md'] = git.putBlob(hello, '# hello-world\n\nA seeded repository.\n\nSee docs/.\n');
	const c3 = git.makeCommit(hello, { tree: t3, parents: [c2.sha], message: 'Update README', authorLogin: OTHER_LOGIN, author: authorOf(OTHER_LOGIN), date: isoAt(300) });
	hello.branches.set('main', c3.sha);
	hello.branches.set('develop', c2.sha);
	hello.tags.set('v0.1.0', c2.sha);
	hello.pushed_at = isoAt(300);
	hello.updated_at = isoAt(300);
	hello.collaborators.set(OTHER_LOGIN, 'push');
	hello.stargazers.add(OTHER_LOGIN);
	hello.traffic = {
		paths: [
			{ path: `/${LOGIN}/hello-world`, title: `${LOGIN}/hello-world: My first repository`, count: 120, uniques: 45 },
			{ path: `/${LOGIN}/hello-world/blob/main/README.md`, title: 'hello-world/README.md at main', count: 33, uniques: 12 },
		],
		referrers: [
			{ referrer: 'Google', count: 40, uniques: 21 },
			{ referrer: 'github.com', count: 12, uniques: 7 },
		],
	};
	state.users[OTHER_LOGIN].starred.add(key(LOGIN, 'hello-world'));
	addIssues(LOGIN, 'hello-world', 1, { prefix: 'Found a bug', labels: ['bug'], assignees: [LOGIN], body: 'I am having a problem with this.' });
	addIssues(LOGIN, 'hello-world', 1, { prefix: 'Question', user: OTHER_LOGIN, body: 'How do I @octo-user?' });
	addIssues(LOGIN, 'hello-world', 1, { prefix: 'Old issue', state: 'closed' });
	addPull(LOGIN, 'hello-world', { head: 'feature-a', title: 'Add feature A', file: 'src/feature-a.js', date: isoAt(310), reviewers: [OTHER_LOGIN], reviews: [{ user: OTHER_LOGIN, state: 'COMMENTED', body: 'Looks fine' }] });
	addBranch(LOGIN, 'hello-world', 'conflicting', 'main');
	addFile(LOGIN, 'hello-world', 'README.md', '# conflicting README\n', 'conflicting', { message: 'Rewrite README', date: isoAt(320) });
	addFile(LOGIN, 'hello-world', 'README.md', '# hello-world (main moved on)\n', 'main', { message: 'README on main', date: isoAt(400) });
	addPull(LOGIN, 'hello-world', { head: 'conflicting', title: 'Conflicting change' });
	addWorkflow(LOGIN, 'hello-world', {
		id: 161335,
		name: 'CI',
		path: '.github/workflows/ci.yml',
		inputs: { environment: { required: false, type: 'string' }, debug: { required: false, type: 'boolean' } },
	});
	addWorkflow(LOGIN, 'hello-world', {
		id: 161336,
		name: 'Deploy',
		path: '.github/workflows/deploy.yml',
		inputs: { target: { required: true, type: 'choice', options: ['staging', 'production'] } },
		runName: 'Deploy ${{ inputs.target }}',
	});
	addWorkflow(LOGIN, 'hello-world', { id: 161337, name: 'Nightly', path: '.github/workflows/nightly.yml', dispatchable: false });
	addWorkflowRuns(LOGIN, 'hello-world', 161335, 2);
	addReleases(LOGIN, 'hello-world', 2);

	const orgRepo = addRepo(ORG, 'org-repo', { id: 1296300, description: 'An organization repository', auto_init: true, created_at: isoAt(500) });
	orgRepo.collaborators.set(OUTSIDER_LOGIN, 'pull');
	s.addTeam(ORG, { id: 200, name: 'Developers', description: 'Everyone who writes code', members: { [LOGIN]: 'maintainer', [OTHER_LOGIN]: 'member' }, repos: { 'org-repo': 'pull' } });
	addIssues(ORG, 'org-repo', 1, { prefix: 'Org issue' });
	addRepo(LOGIN, 'legacy-name', { id: 1296400, description: 'A repository that was renamed', auto_init: true, created_at: isoAt(600) });
	renameRepo(LOGIN, 'legacy-name', 'renamed-repo');
	addRepo(LOGIN, 'private-repo', { id: 1296500, private: true, auto_init: true, created_at: isoAt(700) });
	addRepo(OTHER_LOGIN, 'other-repo', { id: 1296600, auto_init: true, created_at: isoAt(800) });

	addGist(LOGIN, { id: 'aa5a315d61ae9438b18d', description: 'Hello gist', files: { 'hello.md': '# Hello\n' }, created_at: isoAt(900) });
	addGist(LOGIN, { id: 'bb5a315d61ae9438b18e', description: 'Secret gist', public: false, files: { 'secret.txt': 'psst\n' }, created_at: isoAt(1000) });

	const orgProject = addProject('organization', ORG, {
		id: 'PVT_kwDOAOrgProj01',
		number: 1,
		title: 'Org Roadmap',
		fields: [
			{ id: 'PVTF_lADOAOrgTitle', name: 'Title', dataType: 'TITLE' },
			{
				id: 'PVTSSF_lADOAOrgStatus',
				name: 'Status',
				dataType: 'SINGLE_SELECT',
				options: [
					{ id: 'f75ad846', name: 'Todo' },
					{ id: '47fc9ee4', name: 'In Progress' },
					{ id: '98236657', name: 'Done' },
				],
			},
			{ id: 'PVTF_lADOAOrgEstimate', name: 'Estimate', dataType: 'NUMBER' },
		],
		items: [{ id: 'PVTI_lADOAOrgItem001', type: 'ISSUE', content: { repo: `${ORG}/org-repo`, number: 1 }, values: { PVTSSF_lADOAOrgStatus: 'f75ad846' } }],
	});
	void orgProject;
	addProject('user', LOGIN, {
		id: 'PVT_kwHOAUserProj01',
		number: 1,
		title: 'Personal board',
		fields: [
			{ id: 'PVTF_lAHOAUserTitle', name: 'Title', dataType: 'TITLE' },
			{
				id: 'PVTSSF_lAHOAUserStatus',
				name: 'Status',
				dataType: 'SINGLE_SELECT',
				options: [
					{ id: 'a1b2c3d4', name: 'Todo' },
					{ id: 'b2c3d4e5', name: 'Doing' },
					{ id: 'c3d4e5f6', name: 'Done' },
				],
			},
		],
		items: [{ id: 'PVTI_lAHOAUserItem001', type: 'DRAFT_ISSUE', values: {} }],
	});

	addEvent('PushEvent', LOGIN, hello, { repository_id: hello.id, push_id: 1, ref: 'refs/heads/main', head: c3.sha, before: c2.sha });
	addEvent('WatchEvent', OTHER_LOGIN, hello, { action: 'started' });
	addEvent('IssuesEvent', OTHER_LOGIN, hello, (u) => ({ action: 'opened', issue: shapes.issue(u, hello, hello.issues.get(2), kit) }));
}

module.exports = { seed };
