'use strict';
// n8n's AI Agent with the scripted OpenAI stand-in (model "scripted-default-names"), whose
// validation keeps OpenAI's rule for function names (letters, digits, _ and -, at most 64
// characters: test/servers/openai/validate.js). The tool nodes carry the names n8n gives a node
// added from the node creator: "<action> in <defaults.name>" (n8n-workflow's makeNodeName on the
// tool variant), computed here from the built nodes, among them the longest of each node. n8n 1.x
// offers a tool under its whole name, 2.x cuts it at 64 characters: every name must be offered
// whole, and the model's three calls reach the three platforms.
const path = require('path');
const { nodeNameToToolName } = require('n8n-workflow');

const { REPO_ROOT } = require('../lib/runtime');

const MODEL = 'scripted-default-names';
const NODES = {
	governanceTool: ['Governance', 'Governance'],
	codeHostingTool: ['CodeHosting', 'CodeHosting'],
	clientInfoTool: ['ClientInfo', 'ClientInfo'],
};

/** "<action> in <defaults.name>" of the node's resource and operation, from the built pack. */
function defaultName(node) {
	const [folder, cls] = NODES[node.type.split('.').pop()];
	const Node = require(path.join(REPO_ROOT, 'dist', 'nodes', folder, `${folder}.node.js`))[cls];
	const description = new Node().description;
	const { resource, operation } = node.parameters;
	const selector = description.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	);
	const option = selector.options.find((o) => o.value === operation);
	return `${option.action} in ${description.defaults.name}`;
}

/** The longest default tool names among all operations of a node (all of the greatest length). */
function longestDefaultNames(type) {
	const [folder, cls] = NODES[type];
	const Node = require(path.join(REPO_ROOT, 'dist', 'nodes', folder, `${folder}.node.js`))[cls];
	const description = new Node().description;
	const names = description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) => p.options.map((o) => `${o.action} in ${description.defaults.name}`));
	const most = Math.max(...names.map((name) => name.length));
	return names.filter((name) => name.length === most);
}

module.exports = {
	// runs on every n8n version (e2e/README.md, "What runs where")
	everyVersion: "the tool name n8n offers the model comes from n8n's tool wrapper: 1.x offers the whole node name, 2.x cuts it at 64 characters",
	servers: ['openai', 'governance', 'codehosting', 'clientinfo'],
	check({ assert, items, runData, openai, governance, codehosting, clientinfo }) {
		const toolNodes = require('./ai-agent-default-names.json').nodes.filter((n) => n.type.endsWith('Tool'));
		// the workflow's tool nodes carry exactly the names n8n gives them, the longest of two nodes among them
		for (const node of toolNodes) assert.equal(node.name, defaultName(node), `tool node "${node.name}" has n8n's default name`);
		const names = toolNodes.map((n) => n.name);
		for (const type of ['governanceTool', 'codeHostingTool']) {
			const longest = longestDefaultNames(type);
			assert.ok(longest.some((name) => names.includes(name)), `a longest default name of ${type} (${longest.join(' | ')}: ${longest[0].length}) is among the tools`);
		}

		const script = openai.constants.SCRIPTS[MODEL];
		const [answer] = items('AI Agent');
		assert.equal(answer.output, script.at(-1).text, 'the agent returns the final text of the script');

		// the model API accepted the request: every tool offered under its whole name, within 64 characters
		const completions = openai.server.completions.filter((c) => c.model === MODEL);
		assert.deepEqual(completions.map((c) => c.turn), [0, 1]);
		const request = JSON.parse(openai.requests.find((r) => r.path === '/v1/chat/completions').body);
		const offered = request.tools.map((t) => t.function.name).sort();
		assert.deepEqual(offered, names.map((n) => nodeNameToToolName(n)).sort(), 'each tool is offered under its whole name');
		for (const name of offered) assert.ok(name.length <= 64, `tool name ${name} is at most 64 characters`);
		for (const t of request.tools) assert.ok(t.function.description, `tool ${t.function.name} has a description`);

		// the three called tools ran once each, the offered Sync never
		for (const name of ['Review access in Relevance AI', 'Get the repositories of an organization in GitHub', 'Get many templates in Content Snare']) {
			assert.equal(runData[name]?.length, 1, `tool node "${name}" ran once`);
			assert.ok(!runData[name][0].error, `tool node "${name}" failed: ${runData[name][0].error?.message}`);
		}
		assert.equal(runData['Sync access to a roster, removing others in Relevance AI'], undefined, 'the sync tool was offered, not called');

		// every answer came back to the model, none an error, and only reads reached the platforms
		const results = openai.server.toolResults(MODEL);
		assert.deepEqual(results.map((r) => r.tool).sort(), [
			'Get_many_templates_in_Content_Snare',
			'Get_the_repositories_of_an_organization_in_GitHub',
			'Review_access_in_Relevance_AI',
		]);
		for (const r of results) assert.equal(r.error, false, `tool ${r.tool} reported an error: ${r.content.slice(0, 300)}`);
		assert.ok(governance.requests.length > 0, 'the review reached the Relevance AI stand-in');
		assert.ok(governance.requests.every((r) => !/\/(create|delete|update)$/.test(r.path)), 'no Relevance AI write');
		assert.deepEqual(codehosting.requests.map((r) => `${r.method} ${r.path}`), ['GET /orgs/octo-org/repos']);
		const clientCalls = clientinfo.server.apiRequests();
		assert.ok(clientCalls.length >= 1 && clientCalls.every((r) => r.method === 'GET'), 'Content Snare: reads only');
	},
};
