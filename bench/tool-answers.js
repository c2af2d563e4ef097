#!/usr/bin/env node
'use strict';
/*
 * What a model reads from the pack's tools, against the strict local stand-ins, side by side in
 * one run:
 *
 *   node bench/tool-answers.js [--json]
 *
 * 1. The tool list: for every operation of the three action nodes, the description n8n gives a
 *    tool left on "Set Automatically" (`<action> in <node name>`, n8n-workflow makeDescription) and
 *    an input schema with every top-level parameter of that operation handed to the model in the
 *    editor's `$fromAI()` form (string, number, boolean): the bytes an MCP client lists when a
 *    builder exposes all of them (an upper bound; a real workflow hands over fewer).
 * 2. Answers: Issue → Get (20 issues with labels, assignees and a body) and User → Get Many
 *    (a 50-member project, per member), run as the tool variant with Simplify off (the whole
 *    platform object, what a tool answered before) and on (the default as a tool): median bytes of
 *    one answer's JSON.
 * The ratio printed last is the median Issue → Get answer without Simplify over with it.
 */
const path = require('path');

const { ROOT } = require('./lib');
const { runNode } = require(path.join(ROOT, 'test/helpers/runWorkflow.ts'));
const { CodeHosting } = require(path.join(ROOT, 'nodes/CodeHosting/CodeHosting.node.ts'));
const { Governance } = require(path.join(ROOT, 'nodes/Governance/Governance.node.ts'));
const { ClientInfo } = require(path.join(ROOT, 'nodes/ClientInfo/ClientInfo.node.ts'));
const { CodeHostingApi } = require(path.join(ROOT, 'credentials/CodeHostingApi.credentials.ts'));
const { GovernanceApi } = require(path.join(ROOT, 'credentials/GovernanceApi.credentials.ts'));
const codeHostingServer = require(path.join(ROOT, 'test/servers/codehosting/server.js'));
const governanceServer = require(path.join(ROOT, 'test/servers/governance/server.js'));

const JSON_OUT = process.argv.includes('--json');
const ISSUES = 20;
const MEMBERS = 50;

/** The editor's $fromAI type for a parameter type (everything else is text). */
function schemaType(type) {
	if (type === 'number') return 'number';
	if (type === 'boolean') return 'boolean';
	return 'string';
}

/** Whether `property` shows for this resource and operation (top-level displayOptions only). */
function shows(property, resource, operation) {
	const show = property.displayOptions?.show ?? {};
	if (show.resource && !show.resource.includes(resource)) return false;
	if (show.operation && !show.operation.includes(operation)) return false;
	return Boolean(show.resource || show.operation);
}

function toolList(node) {
	const { description } = node;
	const resources = description.properties.find((p) => p.name === 'resource').options.map((o) => o.value);
	const tools = [];
	for (const resource of resources) {
		const operations = description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
		for (const op of operations.options) {
			const properties = {};
			for (const p of description.properties) {
				if (['resource', 'operation', 'authentication'].includes(p.name) || p.type === 'notice' || !shows(p, resource, op.value)) continue;
				properties[p.name] = { type: schemaType(p.type), description: p.description ?? p.displayName };
			}
			tools.push({
				name: `${description.defaults.name}_${resource}_${op.value}`,
				description: `${op.action} in ${description.defaults.name}`,
				inputSchema: { type: 'object', properties },
			});
		}
	}
	return tools;
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
};
const bytes = (value) => Buffer.byteLength(JSON.stringify(value));

async function issueAnswers(simplify) {
	const srv = codeHostingServer.createCodeHostingServer({ autoDeliver: false });
	await srv.start();
	try {
		srv.addIssues(codeHostingServer.LOGIN, 'hello-world', ISSUES, {
			prefix: 'Crash when saving a file',
			labels: ['bug', 'needs-triage'],
			assignees: [codeHostingServer.LOGIN],
			body: 'Steps to reproduce: open the editor, save a file of 2 MB, see the crash. Expected: the file is saved.',
		});
		const sizes = [];
		for (let number = 2; number <= ISSUES + 1; number++) {
			const { output, error } = await runNode({
				node: new CodeHosting(),
				asTool: true,
				parameters: {
					authentication: 'accessToken',
					resource: 'issue',
					operation: 'get',
					owner: { __rl: true, mode: 'name', value: codeHostingServer.LOGIN },
					repository: { __rl: true, mode: 'name', value: 'hello-world' },
					issueNumber: number,
					options: { simplify },
				},
				credentialTypes: [new CodeHostingApi()],
				credentials: { codeHostingApi: { server: srv.url, accessToken: codeHostingServer.TOKEN } },
			});
			if (error) throw error;
			sizes.push(bytes(output[0].json));
		}
		return median(sizes);
	} finally {
		await srv.stop();
	}
}

async function memberAnswers(simplify) {
	const srv = governanceServer.createGovernanceServer();
	await srv.start();
	try {
		srv.addUsers(MEMBERS - 2);
		const { output, error } = await runNode({
			node: new Governance(),
			asTool: true,
			parameters: { resource: 'user', operation: 'getAll', returnAll: true, options: { simplify } },
			credentialTypes: [new GovernanceApi()],
			credentials: { governanceApi: { region: 'custom', baseUrl: srv.url, projectId: governanceServer.PROJECT_ID, apiKey: governanceServer.ADMIN_KEY } },
		});
		if (error) throw error;
		return { count: output.length, median: median(output.map((item) => bytes(item.json))) };
	} finally {
		await srv.stop();
	}
}

async function main() {
	const lists = [new Governance(), new CodeHosting(), new ClientInfo()].map(toolList);
	const tools = lists.flat();
	const descriptionBytes = tools.reduce((sum, t) => sum + Buffer.byteLength(t.description), 0);
	const schemaBytes = tools.reduce((sum, t) => sum + bytes(t.inputSchema), 0);
	const issueFull = await issueAnswers(false);
	const issueSimple = await issueAnswers(true);
	const memberFull = await memberAnswers(false);
	const memberSimple = await memberAnswers(true);
	const result = {
		tools: tools.length,
		toolListBytes: bytes(tools),
		descriptionBytes,
		schemaBytes,
		issueGetMedianBytes: { simplifyOff: issueFull, simplifyOn: issueSimple },
		memberMedianBytes: { members: memberFull.count, simplifyOff: memberFull.median, simplifyOn: memberSimple.median },
		ratio: Number((issueFull / issueSimple).toFixed(1)),
	};
	if (JSON_OUT) {
		console.log(JSON.stringify(result));
		return;
	}
	console.log(`tool list: ${result.tools} operations, ${result.toolListBytes} bytes (descriptions ${descriptionBytes} bytes, schemas ${schemaBytes} bytes with every parameter handed to the model)`);
	console.log(`Issue → Get, median answer of ${ISSUES}: ${issueFull} bytes with Simplify off, ${issueSimple} bytes with it on`);
	console.log(`User → Get Many, median per member of ${memberFull.count}: ${memberFull.median} bytes with Simplify off, ${memberSimple.median} bytes with it on`);
	console.log(`ratio (Issue → Get median answer, Simplify off / on): ${result.ratio}`);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
