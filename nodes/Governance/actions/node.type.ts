import type { AllEntities } from 'n8n-workflow';

/** Every resource of the Governance node and its operations. */
type GovernanceMap = {
	project: 'create' | 'getAll' | 'delete';
	invite: 'create' | 'delete' | 'getAll' | 'replace';
	user: 'getAll' | 'updateRole' | 'remove';
};

export type GovernanceType = AllEntities<GovernanceMap>;
export type GovernanceResource = keyof GovernanceMap;
export type GovernanceOperations = GovernanceMap;
