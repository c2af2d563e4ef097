// The lint rules product.md asks for, in one flat config: n8n's default config (the one
// eslint.config.mjs exports and `n8n-node lint` runs in strict mode: eslint-plugin-n8n-nodes-base's
// community, credentials and nodes sets, @n8n/eslint-plugin-community-nodes' recommended set with
// the n8n Cloud rules, typescript-eslint and import-x) plus the two eslint-plugin-n8n-nodes-base
// rules that n8n's default switches off, so that the three sets apply whole. Used by
// `npm run lint` (scripts/lint.js) on what ships: package.json, nodes/ and credentials/.
import { config } from '@n8n/node-cli/eslint';

export default [
	...config,
	{
		files: ['credentials/**/*.ts'],
		rules: { 'n8n-nodes-base/cred-class-field-type-options-password-missing': 'error' },
	},
	{
		files: ['nodes/**/*.ts'],
		rules: { 'n8n-nodes-base/node-param-type-options-max-value-present': 'error' },
	},
];
