// release-it configuration for `npm run release -- <patch|minor|major|X.Y.Z>` (CONTRIBUTING.md, "Releasing").
// It checks the package metadata, bumps package.json and package-lock.json, moves the Unreleased
// section of CHANGELOG.md into the new version, builds, commits "Release vX.Y.Z", tags vX.Y.Z and
// pushes. Publishing is not done here: the tag starts .github/workflows/publish.yml, which runs
// every check and publishes with npm provenance.
const { githubSlug } = require('./scripts/prepublish-check');
const pkg = require('./package.json');

const slug = githubSlug(typeof pkg.repository === 'string' ? pkg.repository : pkg.repository.url);

module.exports = {
	hooks: {
		'before:init': 'node scripts/prepublish-check.js --metadata',
		'after:bump': 'npm run build',
	},
	git: {
		requireBranch: 'main',
		requireCleanWorkingDir: true,
		requireUpstream: false,
		commitMessage: 'Release v${version}',
		tagName: 'v${version}',
		tagAnnotation: 'Release v${version}',
		push: true,
	},
	// the first release names the version package.json already has: npm run release -- 0.1.0
	npm: { publish: false, allowSameVersion: true },
	github: { release: false },
	plugins: {
		'@release-it/keep-a-changelog': {
			filename: 'CHANGELOG.md',
			addUnreleased: true,
			addVersionUrl: true,
			strictLatest: false,
			// compare links from package.json's repository, also in a clone without a GitHub remote
			versionUrlFormats: slug ? { repositoryUrl: `https://github.com/${slug}` } : undefined,
		},
	},
};
