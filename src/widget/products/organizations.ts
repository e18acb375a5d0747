// What the organization (B2B) products share (discovery, single sign-on, MFA): the organization client the element's
// headless client stands for, and where a first factor leads. Imported only by those products' chunks, so no byte of
// it is in the entry or a consumer product's chunk.
//
// For an organization sign-in the element makes the organization client (`createB2BClient`, its calls named as the
// hosted provider's organization client names them) instead of the consumer one (element/client.ts), and the products
// use it as it is; given a consumer client, they make an organization client for it here, once, from the same token
// and service.
import type { MemberAuthenticateResponse } from '../../api/organizations.ts';
import { createB2BClient } from '../../client/b2b.ts';
import type { AuthClient, B2BClient } from '../../client/types.ts';
import type { ProductOutput } from './types.ts';

const organizationClients = new WeakMap<AuthClient, B2BClient>();

/**
 * The organization client the element's client is (one with these calls), or one made for a consumer client on the
 * first call, with the same token and service, and destroyed with it (its timers and listeners end when the element's
 * do).
 */
export function organizationClient(client: AuthClient | B2BClient): B2BClient {
  if ('totp' in client) return client;
  let organization = organizationClients.get(client);
  if (!organization) {
    const made = createB2BClient({ publicToken: client.publicToken, baseUrl: client.baseUrl });
    const destroy = client.destroy.bind(client);
    client.destroy = () => {
      made.destroy();
      destroy();
    };
    organizationClients.set(client, made);
    organization = made;
  }
  return organization;
}

/**
 * Where a first factor (a discovered organization's exchange, a new organization, a single sign-on) leads: signed in,
 * or, when the organization's MFA policy or the member's enrolment asks for a second factor, the MFA screens with the
 * first factor's answer (their start parameters).
 */
export function afterFirstFactor(response: MemberAuthenticateResponse): ProductOutput {
  return response.member_authenticated
    ? { to: 'success' }
    : { to: 'product', product: 'mfa', params: { primary: response } satisfies SecondFactorStart };
}

/** What the single sign-on product starts with to send the visitor to one connection's identity provider. */
export interface SingleSignOnStart {
  connectionId: string;
}

/** An organization that admits its members only through its single sign-on: that product starts it. */
export function toSingleSignOn(connectionId: string): ProductOutput {
  return { to: 'product', product: 'sso', params: { connectionId } satisfies SingleSignOnStart };
}

/** What the MFA product starts with: the first factor's answer (member, organization, what MFA asks). */
export interface SecondFactorStart {
  primary: MemberAuthenticateResponse;
}
