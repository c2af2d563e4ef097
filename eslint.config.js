// One flat config: eslint-plugin-n8n-nodes-base (community, credentials and nodes rule sets)
// and @n8n/eslint-plugin-community-nodes (the rules of n8n's verification scanner).
const tsParser = require('@typescript-eslint/parser');
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
const { configs: communityConfigs, n8nCommunityNodesPlugin } = require('@n8n/eslint-plugin-community-nodes');

module.exports = [
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'test/**',
			'e2e/**',
			'scripts/**',
			'bench/**',
			'examples/**',
			'coverage/**',
			'.n8n-dev/**',
			'eslint.config.js',
			'gulpfile.js',
			'jest.config.js',
		],
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tsParser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Applies to n8n's own repository only (slugs); community credentials link a full URL,
			// which @n8n/community-nodes/credential-documentation-url requires.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two want the string 'main'; @n8n/community-nodes/node-connection-type-literal
			// (n8n's current scanner) wants NodeConnectionTypes.Main. The scanner wins.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins: { '@n8n/community-nodes': n8nCommunityNodesPlugin },
		rules: { ...communityConfigs.recommended.rules },
	},
];
