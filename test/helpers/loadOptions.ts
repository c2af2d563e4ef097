/** An n8n-core LoadOptionsContext for a node's listSearch / loadOptions methods. */
import { LoadOptionsContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, ICredentialType, IDataObject, ILoadOptionsFunctions, INode, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData, nodeTypesOf } from './runWorkflow';

export function loadOptionsContext(options: {
	node: INodeType;
	parameters: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	credentialTypes: ICredentialType[];
	/** The parameter whose options are loaded. */
	path: string;
}): ILoadOptionsFunctions {
	const typeName = `test.${options.node.description.name}`;
	const credentialsOnNode: INode['credentials'] = {};
	for (const type of Object.keys(options.credentials)) credentialsOnNode[type] = { id: `cred-${type}`, name: type };
	const node: INode = {
		id: 'n',
		name: 'Node',
		type: typeName,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: credentialsOnNode,
	};
	const workflow = new Workflow({ id: 'wf', nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesOf({ [typeName]: options.node }) });
	const additionalData = buildAdditionalData(options.credentials, options.credentialTypes, { nodes: [node], connections: {} });
	// The editor sends the parameters as they stand in the open node panel.
	additionalData.currentNodeParameters = options.parameters as INode['parameters'];
	return new LoadOptionsContext(workflow, node, additionalData, options.path) as unknown as ILoadOptionsFunctions;
}
