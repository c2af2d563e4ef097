import type { AllEntities } from 'n8n-workflow';

/** Every resource of the Governance node and its operations. */
type GovernanceMap = {
	project: 'create' | 'getAll' | 'update' | 'delete' | 'getOrganizationInfo';
	invite: 'create' | 'delete' | 'getAll' | 'replace' | 'resend';
	user: 'get' | 'getAll' | 'updateRole' | 'remove' | 'updateOrganizationRole';
	access: 'ensure' | 'revoke' | 'sync' | 'review' | 'applyPlan' | 'removeGrants';
	apiKey: 'create' | 'getAll' | 'delete';
};

export type GovernanceType = AllEntities<GovernanceMap>;
export type GovernanceResource = keyof GovernanceMap;
export type GovernanceOperations = GovernanceMap;
