'use strict';
// An n8n user folder for the e2e runner: the pack installed as n8n installs it, credentials and workflows imported.
const fs = require('fs');
const path = require('path');

const { installPack } = require('./lib/pack');
const { n8nCli } = require('./lib/n8n');
const { buildCredentials } = require('./credentials');

function writeJson(file, value) {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify(value, null, 2));
	return file;
}

async function cli(info, env, args, what) {
	const res = await n8nCli(info, env, args);
	if (res.code !== 0) {
		throw new Error(`n8n ${args.join(' ')} (${what}) exited ${res.code ?? res.signal}\n${(res.stdout + res.stderr).slice(-4000)}`);
	}
	return res;
}

/** Installs the pack into a new user folder and imports credentials + workflows. */
async function prepareUserFolder(info, userFolder, tarball, servers, workflows, env, importArgs = []) {
	fs.mkdirSync(userFolder, { recursive: true });
	const { pkgDir } = installPack(userFolder, tarball, { env: info.env });
	const credFile = writeJson(path.join(userFolder, 'import', 'credentials.json'), buildCredentials(servers.urls));
	await cli(info, env, ['import:credentials', `--input=${credFile}`], 'import credentials');
	const wfDir = path.join(userFolder, 'import', 'workflows');
	fs.mkdirSync(wfDir, { recursive: true });
	for (const wf of workflows) writeJson(path.join(wfDir, `${wf.example ? 'example-' : ''}${wf.file}`), wf.workflow);
	await cli(info, env, ['import:workflow', '--separate', `--input=${wfDir}`, ...importArgs], 'import workflows');
	return pkgDir;
}

module.exports = { writeJson, cli, prepareUserFolder };
