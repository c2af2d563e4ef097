'use strict';
/*
 * The least a node can do per item under the pack's rules, as a yardstick for the Code Hosting
 * node: read the item's issue number (one parameter), call the platform through n8n's
 * `httpRequestWithAuthentication` with the credential loaded once, await the answer before the
 * next item's request (the platform asks for requests one at a time), and pair the output item.
 * No validation, no retries, no error wording, no redaction: what is left is n8n's own cost of one
 * awaited request per item.
 */
const { NodeConnectionTypes } = require('n8n-workflow');

class SequentialFloor {
	constructor() {
		this.description = {
			displayName: 'Sequential Floor',
			name: 'sequentialFloor',
			group: ['transform'],
			version: 1,
			description: 'One awaited GET per item',
			defaults: { name: 'Sequential Floor' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'codeHostingApi', required: true }],
			properties: [
				{ displayName: 'Path', name: 'path', type: 'string', default: '' },
				{ displayName: 'Issue Number', name: 'issueNumber', type: 'number', default: 1 },
			],
		};
	}

	async execute() {
		const items = this.getInputData();
		const credentials = await this.getCredentials('codeHostingApi');
		const credentialsDecrypted = { id: 'floor', name: 'floor', type: 'codeHostingApi', data: credentials };
		const base = `${credentials.server}${this.getNodeParameter('path', 0)}`;
		const output = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const number = this.getNodeParameter('issueNumber', itemIndex);
			const json = await this.helpers.httpRequestWithAuthentication.call(
				this,
				'codeHostingApi',
				{
					method: 'GET',
					url: `${base}/issues/${number}`,
					headers: { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28', 'User-Agent': 'bench' },
					json: true,
				},
				{ credentialsDecrypted },
			);
			output.push({ json, pairedItem: { item: itemIndex } });
		}
		return [output];
	}
}

module.exports = { SequentialFloor };
