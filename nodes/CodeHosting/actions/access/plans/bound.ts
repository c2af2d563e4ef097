import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PlanLine } from '../../../../shared/binding';
import { planKey, signPlan } from '../../../../shared/binding';
import { codeHosting } from '../../common';

/** The platform name Code Hosting's plan lines carry (a Governance plan is never applied here). */
export const PLAN_PLATFORM = 'codeHosting';

/** The operations whose plans Code Hosting Access → Apply Plan applies. */
export const PLANNING_OPERATIONS = ['access.removeGrants', 'access.revoke', 'access.sync'];

/** The key the credential's plans are signed with (a hash of its token, client secret or App key). */
export async function codeHostingPlanKey(ctx: IExecuteFunctions, itemIndex = 0): Promise<Buffer> {
	const connection = await codeHosting(ctx).connection(itemIndex);
	return planKey(PLAN_PLATFORM, connection.stableSecrets ?? connection.secrets);
}

/** Signed plan lines for these changes (one per change, in order). */
export async function signCodeHostingPlan(ctx: IExecuteFunctions, itemIndex: number, operation: string, changes: IDataObject[], rules: IDataObject = {}): Promise<PlanLine[]> {
	return signPlan(await codeHostingPlanKey(ctx, itemIndex), { operation, platform: PLAN_PLATFORM, rules }, changes);
}
