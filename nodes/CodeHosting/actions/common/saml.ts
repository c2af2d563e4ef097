import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { codeHosting } from '../../transport';

const SAML_QUERY = `query SamlIdentities($org: String!, $after: String) {
  organization(login: $org) {
    samlIdentityProvider {
      externalIdentities(first: 100, after: $after) {
        nodes { samlIdentity { nameId emails { value } } user { login } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`;

interface SamlPage {
	organization?: {
		samlIdentityProvider?: {
			externalIdentities: {
				nodes: Array<{ samlIdentity?: { nameId?: string; emails?: Array<{ value?: string }> } | null; user?: { login?: string } | null }>;
				pageInfo: { hasNextPage: boolean; endCursor?: string | null };
			};
		} | null;
	} | null;
}

interface Identity {
	emails: string[];
	login?: string;
}

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * An organization's SAML identities (GraphQL `samlIdentityProvider.externalIdentities`), read a
 * page at a time only as far as a lookup needs, each page once: several emails of one run (a
 * roster) cost the pages of the identities, not a read per email.
 */
export class SamlLogins {
	private readonly identities: Identity[] = [];
	private after: string | null = null;
	private complete = false;
	private hasProvider = true;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly org: string,
		/** Where the login goes instead, as the error's advice says it: "in Person", "in the roster". */
		private readonly enterLogin: string,
	) {}

	/** The login the organization's SAML identities map `email` to; an error asking for the login otherwise (nothing written). */
	async loginOf(email: string, itemIndex: number): Promise<string> {
		const { org } = this;
		const askForLogin = (message: string, why: string) =>
			new NodeOperationError(this.ctx.getNode(), message, {
				itemIndex,
				description: `${why} Enter the person's login (their GitHub username) ${this.enterLogin} instead. Nothing was changed.`,
			});
		for (let seen = 0; ; ) {
			for (; seen < this.identities.length; seen++) {
				const identity = this.identities[seen];
				if (!identity.emails.some((value) => same(value, email))) continue;
				if (identity.login) return identity.login;
				throw askForLogin(`The SAML identity ${email} of ${org} is linked to no GitHub login`, 'The person has not signed in on GitHub with it.');
			}
			if (!this.hasProvider) {
				throw askForLogin(`The organization ${org} has no SAML single sign-on to map ${email} to a login`, 'Only an organization with SAML single sign-on links emails to logins.');
			}
			if (this.complete) break;
			await this.nextPage(itemIndex);
		}
		throw askForLogin(`No SAML identity of ${org} has the email ${email}`, 'The organization\'s SAML identities map no login to this email.');
	}

	private async nextPage(itemIndex: number): Promise<void> {
		const { org, after } = this;
		const data: SamlPage = await codeHosting(this.ctx).graphql<SamlPage>('SamlIdentities', SAML_QUERY, { org, after }, itemIndex, { kind: 'orgs', login: org });
		const provider = data?.organization?.samlIdentityProvider;
		if (!provider) {
			this.hasProvider = false;
			this.complete = true;
			return;
		}
		const { nodes, pageInfo } = provider.externalIdentities;
		for (const node of nodes) {
			const identity = node?.samlIdentity;
			const emails = [identity?.nameId, ...(identity?.emails ?? []).map((entry) => entry?.value)].filter((value): value is string => typeof value === 'string');
			this.identities.push({ emails, login: node?.user?.login || undefined });
		}
		if (!pageInfo.hasNextPage || !pageInfo.endCursor) this.complete = true;
		else this.after = pageInfo.endCursor;
	}
}
