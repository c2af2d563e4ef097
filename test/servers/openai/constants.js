'use strict';
/**
 * Fixed values of the OpenAI-compatible stand-in: the API key, the base path and the scripted
 * conversations, one per model name (the workflow's OpenAI Chat Model picks the script through
 * its Model field).
 *
 * A script is a list of steps, one per model turn; turn N is the request whose messages hold the
 * tool calls of turns 0..N-1 (their ids carry the turn), so the server keeps no conversation state. A step
 * is `{toolCalls: [{tool, arguments}]}` (the model asks for those tool calls, several at once when
 * more than one) or `{text}` (the final answer). `tool` is the function name n8n gives a tool
 * node: its node name with every run of characters other than letters, digits, `_` and `-`
 * replaced by `_` (n8n-workflow's nodeNameToToolName), e.g. node "Grant Access" → "Grant_Access".
 * The scripted arguments must fit the parameters n8n offers for that tool (its `$fromAI()` keys).
 */
const BASE_PATH = '/v1';
const API_KEY = 'sk-e2e-openai-stand-in-4f9c2a7e1b3d5c80';

/** Scripted conversations by model name; used by e2e/workflows/ai-agent-*.json and examples/. */
const SCRIPTS = {
	// ai-agent-tools: the three action nodes of the pack as tools, one per turn, Governance access →
	// ensure once more at the end (a repeated call must change nothing), then an answer
	'scripted-tools': [
		{ toolCalls: [{ tool: 'Grant_Access', arguments: { email: 'agent.invitee@example.com', role: 'editor' } }] },
		{ toolCalls: [{ tool: 'Get_Issue', arguments: { issue_number: 1 } }] },
		{ toolCalls: [{ tool: 'List_Clients', arguments: { limit: 5 } }] },
		{ toolCalls: [{ tool: 'Grant_Access', arguments: { email: 'agent.invitee@example.com', role: 'editor' } }] },
		{ text: 'agent.invitee@example.com is invited as editor (asking again changed nothing); read issue #1 and listed the clients.' },
	],
	// ai-agent-bad-input: bad inputs for two tools in one turn; the errors come back, then an answer
	'scripted-bad-input': [
		{
			toolCalls: [
				{ tool: 'Grant_Access', arguments: { email: 'not-an-email', role: 'editor' } },
				{ tool: 'Get_Issue', arguments: { issue_number: 0 } },
			],
		},
		{ text: 'Both tools refused the input; nothing was changed.' },
	],
	// examples/governance-agent-access.json (README Recipes): the agent plans only; it reads who has
	// access, plans a grant and a revoke in one turn (Plan Grant and Plan Revoke: Access → Ensure and
	// Revoke with Mode Plan Only, which return signed plans and write nothing), then answers; the
	// workflow applies exactly those plans after an approval
	'scripted-governance-agent': [
		{ toolCalls: [{ tool: 'Review_Access', arguments: {} }] },
		{
			toolCalls: [
				{ tool: 'Plan_Grant', arguments: { email: 'new.hire@example.com', role: 'editor' } },
				{ tool: 'Plan_Revoke', arguments: { email: 'viewer@example.com' } },
			],
		},
		{ text: 'Planned: new.hire@example.com gets the editor role; viewer@example.com loses access and their API keys. Nothing changes until a person approves.' },
	],
	// ai-agent-governance-project: the model picks the project of each Governance tool call
	// (Project By ID = $fromAI('project')): a review of Sandbox, then an ensure in Research
	'scripted-governance-project': [
		{ toolCalls: [{ tool: 'Review_Access', arguments: { project: 'proj-e2e-0004' } }] },
		{ toolCalls: [{ tool: 'Ensure_Access', arguments: { project: 'proj-e2e-0003', email: 'mixed.case@acme.test', role: 'editor' } }] },
		{ text: 'Sandbox has 2 members (both admins); Mixed.Case@acme.test is now an editor in Research.' },
	],
	// ai-agent-default-names: tool nodes named as n8n names them when added from the node creator
	// ("<action> in <defaults.name>"), the longest of each node among them; three reads in one turn
	'scripted-default-names': [
		{
			toolCalls: [
				{ tool: 'Review_access_in_Relevance_AI', arguments: {} },
				{ tool: 'Get_the_repositories_of_an_organization_in_GitHub', arguments: {} },
				{ tool: 'Get_many_templates_in_Content_Snare', arguments: {} },
			],
		},
		{ text: 'Listed who has access, the repositories of octo-org and the request templates.' },
	],
};

module.exports = { BASE_PATH, API_KEY, SCRIPTS, MODELS: Object.keys(SCRIPTS) };
