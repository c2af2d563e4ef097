'use strict';
/** Search: GET /search/issues, /search/repositories, /search/users. */
const shapes = require('../shapes');

/** Adds the handlers to `routes` (see ../routes.js). */
function registerSearch(routes, kit, common) {
	const { state } = kit;
	const { repoJson, sortBy, issueJson } = common;

	// ------------------------------------------------------------ search
	function tokenize(q) {
		const tokens = [];
		const re = /(-?)([a-z-]+:)?("([^"]*)"|\S+)/gi;
		let m;
		while ((m = re.exec(q))) {
			const negated = m[1] === '-';
			const qualifier = m[2] ? m[2].slice(0, -1).toLowerCase() : undefined;
			let value = m[4] !== undefined ? m[4] : m[3];
			if (qualifier && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
			tokens.push({ negated, qualifier, value });
		}
		return tokens;
	}

	routes['GET /search/issues'] = (ctx) => {
		const q = String(ctx.query.q ?? '');
		if (q.trim() === '') throw ctx.validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
		if (q.length > 256) throw ctx.validationFailed([{ message: 'The search is longer than 256 characters.', resource: 'Search', field: 'q', code: 'invalid' }]);
		const tokens = tokenize(q);
		const candidates = [];
		for (const repo of Object.values(state.repos)) {
			if (kit.level(repo, ctx.who.login) === null) continue;
			for (const issue of repo.issues.values()) candidates.push({ repo, issue });
		}
		const known = new Set(['repo', 'user', 'org', 'owner', 'is', 'type', 'state', 'author', 'assignee', 'label', 'in', 'no', 'mentions', 'involves', 'created', 'updated']);
		const test = ({ repo, issue }, token) => {
			const v = token.value.toLowerCase();
			switch (token.qualifier) {
				case 'repo':
					return `${repo.owner}/${repo.name}`.toLowerCase() === v;
				case 'user':
				case 'org':
				case 'owner':
					return repo.owner.toLowerCase() === v;
				case 'is':
				case 'type':
					if (v === 'issue') return !issue.pull;
					if (v === 'pr' || v === 'pull-request') return Boolean(issue.pull);
					if (v === 'open' || v === 'closed') return issue.state === v;
					if (v === 'merged') return Boolean(issue.pull?.merged);
					if (v === 'unmerged') return Boolean(issue.pull) && !issue.pull.merged;
					if (v === 'draft') return Boolean(issue.pull?.draft);
					if (v === 'public') return !repo.private;
					if (v === 'private') return repo.private;
					return true;
				case 'state':
					return issue.state === v;
				case 'author':
					return issue.user.toLowerCase() === v;
				case 'assignee':
					return issue.assignees.some((a) => a.toLowerCase() === v);
				case 'label':
					return issue.labels.some((l) => l.toLowerCase() === v);
				case 'no':
					if (v === 'assignee') return issue.assignees.length === 0;
					if (v === 'label') return issue.labels.length === 0;
					return true;
				case 'mentions':
					return (issue.body ?? '').toLowerCase().includes(`@${v}`);
				case 'involves':
					return issue.user.toLowerCase() === v || issue.assignees.some((a) => a.toLowerCase() === v) || (issue.body ?? '').toLowerCase().includes(`@${v}`);
				case 'in':
					return true;
				case 'created':
				case 'updated': {
					const m = /^(>=|<=|>|<)?(\d{4}-\d{2}-\d{2}(?:T[\d:]+Z?)?)$/.exec(token.value);
					if (!m) return true;
					const at = Date.parse(issue[`${token.qualifier}_at`]);
					const limit = Date.parse(m[2]);
					return m[1] === '>' ? at > limit : m[1] === '>=' ? at >= limit : m[1] === '<' ? at < limit : m[1] === '<=' ? at <= limit : at >= limit && at < limit + 86400000;
				}
				default: {
					const text = token.qualifier && !known.has(token.qualifier) ? `${token.qualifier}:${token.value}` : token.value;
					return `${issue.title}\n${issue.body ?? ''}`.toLowerCase().includes(text.toLowerCase());
				}
			}
		};
		let results = candidates.filter((candidate) => tokens.every((token) => (token.negated ? !test(candidate, token) : test(candidate, token))));
		const sort = ctx.query.sort;
		const order = ctx.query.order ?? 'desc';
		if (sort === 'created' || sort === 'updated') {
			results = sortBy(results.map((r) => ({ ...r, at: r.issue[`${sort}_at`] + String(r.issue.id).padStart(12, '0') })), 'at', order);
		} else if (sort === 'comments') {
			results = sortBy(results.map((r) => ({ ...r, n: [...r.repo.comments.values()].filter((c) => c.issueNumber === r.issue.number).length })), 'n', order);
		} else {
			results = results.sort((a, b) => b.issue.id - a.issue.id);
		}
		const perPage = Math.min(Number(ctx.query.per_page ?? 30), 100);
		const page = Number(ctx.query.page ?? 1);
		if ((page - 1) * perPage >= 1000) throw ctx.fail(422, 'Only the first 1000 search results are available');
		const items = kit.paginate(ctx, results, { max: 1000 });
		return {
			body: {
				total_count: results.length,
				incomplete_results: false,
				search_type: 'lexical',
				items: items.map(({ repo, issue }) => {
					const item = issueJson(ctx, repo, issue);
					return { ...item, body: item.body ?? '', score: 1 };
				}),
			},
		};
	};

	/** GET /search/repositories: user:, org:, owner:, repo:, is:public|private, fork:, plain words in the name/description. */
	routes['GET /search/repositories'] = (ctx) => {
		const q = String(ctx.query.q ?? '');
		if (q.trim() === '') throw ctx.validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
		const tokens = tokenize(q);
		const test = (repo, token) => {
			const v = token.value.toLowerCase();
			switch (token.qualifier) {
				case 'user':
				case 'org':
				case 'owner':
					return repo.owner.toLowerCase() === v;
				case 'repo':
					return `${repo.owner}/${repo.name}`.toLowerCase() === v;
				case 'is':
					return v === 'public' ? !repo.private : v === 'private' ? repo.private : true;
				case 'in':
				case 'fork':
				case 'archived':
					return true;
				case 'topic':
					return repo.topics.includes(v);
				default:
					return `${repo.name}\n${repo.description ?? ''}`.toLowerCase().includes(v);
			}
		};
		let results = Object.values(state.repos).filter(
			(repo) => kit.level(repo, ctx.who.login) !== null && tokens.every((token) => (token.negated ? !test(repo, token) : test(repo, token))),
		);
		const order = ctx.query.order ?? 'desc';
		if (ctx.query.sort === 'updated') results = sortBy(results, 'updated_at', order);
		else if (ctx.query.sort === 'stars') results = sortBy(results.map((r) => Object.assign(Object.create(r), { stars: r.stargazers.size })), 'stars', order);
		else results = sortBy(results.map((r) => Object.assign(Object.create(r), { fullName: `${r.owner}/${r.name}` })), 'fullName', 'asc');
		const items = kit.paginate(ctx, results, { max: 1000 });
		return { body: { total_count: results.length, incomplete_results: false, items: items.map((repo) => ({ ...repoJson(ctx, repo), score: 1 })) } };
	};

	/** GET /search/users: plain words in the login or name, type:user|org. */
	routes['GET /search/users'] = (ctx) => {
		const q = String(ctx.query.q ?? '');
		if (q.trim() === '') throw ctx.validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
		const tokens = tokenize(q);
		const accounts = [...Object.values(state.users), ...Object.values(state.orgs)].filter((account) =>
			tokens.every((token) => {
				const v = token.value.toLowerCase();
				if (token.qualifier === 'type') return v === 'org' ? account.type === 'Organization' : account.type === 'User';
				if (token.qualifier === 'in') return true;
				return `${account.login}\n${account.name ?? ''}`.toLowerCase().includes(v);
			}),
		);
		accounts.sort((a, b) => a.login.localeCompare(b.login));
		const items = kit.paginate(ctx, accounts, { max: 1000 });
		return { body: { total_count: accounts.length, incomplete_results: false, items: items.map((account) => ({ ...shapes.simpleUser(ctx.u, account), score: 1 })) } };
	};
}

module.exports = { registerSearch };
