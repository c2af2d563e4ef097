#!/usr/bin/env node
'use strict';
/*
 * Refuses to release or publish a package that is not ready.
 *
 *   node scripts/prepublish-check.js --metadata      package.json metadata only (release-it's
 *                                                    before:init hook: before anything is tagged)
 *   node scripts/prepublish-check.js [--tag vX.Y.Z]  everything: metadata, the tag is `v<version>`
 *                                                    (default: GITHUB_REF_NAME in GitHub Actions),
 *                                                    CHANGELOG.md has a dated section for the
 *                                                    version, and package.json's repository is the
 *                                                    repository the workflow runs in
 *                                                    (GITHUB_REPOSITORY, when set)
 *
 * Metadata: author name and email, repository, homepage and bugs URLs, all without placeholder
 * values (example domains, `.invalid`, n8n's node starter defaults, `<...>`, "your-..."); n8n's
 * verification and npm's provenance statement both rely on them. Exits 1 with every problem found.
 */
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

const PLACEHOLDER =
	/(^|[./@])example\.(com|org|net)\b|\.(invalid|test|example|localhost)\b|\blocalhost\b|<[^>]*>|\byour[-_ ]|\bTODO\b|placeholder|n8n-nodes-starter|nathan@n8n\.io|^\s*$/i;

function text(value) {
	if (typeof value === 'string') return value;
	if (value && typeof value === 'object' && typeof value.url === 'string') return value.url;
	return '';
}

/** package.json fields n8n's verification and npm provenance rely on, without placeholders. */
function metadataProblems(pkg) {
	const problems = [];
	const author = typeof pkg.author === 'string' ? parsePerson(pkg.author) : pkg.author ?? {};
	const fields = [
		['author.name', author.name],
		['author.email', author.email],
		['repository.url', text(pkg.repository)],
		['homepage', pkg.homepage],
		['bugs.url', text(pkg.bugs)],
	];
	for (const [name, value] of fields) {
		if (typeof value !== 'string' || value.trim() === '') problems.push(`package.json ${name} is missing`);
		else if (PLACEHOLDER.test(value)) problems.push(`package.json ${name} is a placeholder: ${value}`);
	}
	if (author.email && !/^[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}$/i.test(author.email)) {
		problems.push(`package.json author.email is not an email address: ${author.email}`);
	}
	if (text(pkg.repository) && !githubSlug(text(pkg.repository))) {
		problems.push(
			`package.json repository.url must name a GitHub repository (npm provenance from GitHub Actions): ${text(pkg.repository)}`,
		);
	}
	if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(pkg.version ?? '')) {
		problems.push(`package.json version is not a semantic version: ${pkg.version}`);
	}
	return problems;
}

function parsePerson(value) {
	const email = /<([^>]*)>/.exec(value)?.[1]?.trim() ?? '';
	const name = value.replace(/<[^>]*>|\([^)]*\)/g, '').trim();
	return { name, email };
}

/** `owner/name` of a GitHub repository URL (any of npm's accepted forms), or null. */
function githubSlug(url) {
	const match = /^(?:git\+)?(?:https?:\/\/|git:\/\/|ssh:\/\/git@|git@)?(?:www\.)?github\.com[/:]([^/\s]+)\/([^/\s#?]+?)(?:\.git)?\/?$/i.exec(
		url.trim(),
	) ?? /^github:([^/\s]+)\/([^/\s#?]+)$/i.exec(url.trim());
	return match ? `${match[1]}/${match[2]}`.toLowerCase() : null;
}

/** Problems with publishing `pkg` from `tag`: metadata, tag, changelog section, repository. */
function releaseProblems(pkg, { tag, changelog, githubRepository } = {}) {
	const problems = metadataProblems(pkg);
	if (!tag) problems.push('no release tag given (--tag vX.Y.Z, or GITHUB_REF_NAME of a tag push)');
	else if (tag !== `v${pkg.version}`) {
		problems.push(`tag ${tag} does not match package.json version ${pkg.version} (expected v${pkg.version})`);
	}
	const escaped = String(pkg.version).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	if (changelog === undefined) problems.push('CHANGELOG.md is missing');
	else if (!new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}\\s*$`, 'm').test(changelog)) {
		problems.push(`CHANGELOG.md has no dated section "## [${pkg.version}] - YYYY-MM-DD" (run npm run release)`);
	}
	if (githubRepository) {
		const slug = githubSlug(text(pkg.repository));
		if (slug && slug !== githubRepository.toLowerCase()) {
			problems.push(
				`package.json repository.url names ${slug}, but this workflow runs in ${githubRepository}: npm's provenance check would refuse the publish`,
			);
		}
	}
	return problems;
}

function main(argv, env) {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	let problems;
	if (argv.includes('--metadata')) {
		problems = metadataProblems(pkg);
	} else {
		const tagIndex = argv.indexOf('--tag');
		const tag = tagIndex >= 0 ? argv[tagIndex + 1] : env.GITHUB_REF_TYPE === 'tag' ? env.GITHUB_REF_NAME : undefined;
		const changelogPath = path.join(ROOT, 'CHANGELOG.md');
		const changelog = fs.existsSync(changelogPath) ? fs.readFileSync(changelogPath, 'utf8') : undefined;
		problems = releaseProblems(pkg, { tag, changelog, githubRepository: env.GITHUB_REPOSITORY });
	}
	if (problems.length) {
		console.error(`prepublish-check: not ready to publish ${pkg.name}@${pkg.version}:`);
		for (const problem of problems) console.error(`  - ${problem}`);
		return 1;
	}
	console.log(`prepublish-check: ${pkg.name}@${pkg.version} is ready`);
	return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2), process.env);

module.exports = { metadataProblems, releaseProblems, githubSlug, main };
