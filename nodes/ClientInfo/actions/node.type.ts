import type { AllEntities } from 'n8n-workflow';

/** Every resource of the Client Info node and its operations. */
type ClientInfoMap = {
	client: 'create' | 'get' | 'getAll';
	request: 'create' | 'get' | 'getAll';
	template: 'getAll';
	apiCall: 'request';
};

export type ClientInfoType = AllEntities<ClientInfoMap>;
export type ClientInfoResource = keyof ClientInfoMap;
export type ClientInfoOperations = ClientInfoMap;
