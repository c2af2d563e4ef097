import * as fs from 'fs';
import * as path from 'path';

// Operations import from shared modules (core/, the transport, actions/common.ts, nodes/shared),
// never from another operation or another resource's folder: one access core, no hidden coupling.

const actions = path.resolve(__dirname, '../../nodes/Governance/actions');
const operationFiles = fs
	.readdirSync(actions, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.flatMap((entry) =>
		fs.readdirSync(path.join(actions, entry.name)).filter((file) => file.endsWith('.ts')).map((file) => path.join(entry.name, file)),
	);

test.each(operationFiles)('%s imports no operation and no other resource', (file) => {
	const source = fs.readFileSync(path.join(actions, file), 'utf8');
	const imports = [...source.matchAll(/(?:from|import) '([^']+)'/g)].map((match) => match[1]);
	const resource = path.dirname(file);
	for (const target of imports.filter((entry) => entry.startsWith('.'))) {
		const resolved = path.relative(actions, path.resolve(actions, resource, target));
		const inActions = !resolved.startsWith('..');
		if (!inActions) continue; // core/, transport, nodes/shared
		if (file.endsWith('index.ts') && path.dirname(resolved) === resource) continue; // a resource's index gathers its operations
		expect({ file, imports: resolved }).toEqual({ file, imports: expect.stringMatching(/^(common|node\.type)$|^[a-zA-Z]+\/common$/) });
		if (resolved.includes('/')) expect(path.dirname(resolved)).toBe(resource);
	}
});
