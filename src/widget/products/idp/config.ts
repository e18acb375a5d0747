// The identity provider's configuration is the page's query string (spec section 2, wire contract 3.12): what the
// authorize and logout pages read, mapped to the wire requests. In the entry with the record (isIdpQuery), so it stays
// free of the machine and of any string table; the mapping itself (request.ts) is read by the machine only, so it
// loads with it. The element's part (trustedAuthTokenParams) is read by the machine.
import type { AuthorizeSubmitRequest, LogoutStartRequest } from '../../../api/index.ts';

/**
 * A token from an issuer the project trusts (spec section 3: trustedAuthToken, tokenProfileID): on the consent page,
 * any session is revoked and one is attested from this token before the authorize flow runs.
 */
export interface TrustedAuthTokenParams {
  trustedAuthToken: string;
  /** The project's trusted-auth profile the token is checked against. */
  tokenProfileID: string;
}

/** What a page may set for the consent page (the element's `config`), kept as given. */
export interface IdpConfig {
  /** The consent page signs the user in from this token first (identity provider only). */
  trustedAuthTokenParams?: TrustedAuthTokenParams;
}

export function resolveIdpConfig(config: IdpConfig): IdpConfig {
  return config.trustedAuthTokenParams ? { trustedAuthTokenParams: { ...config.trustedAuthTokenParams } } : {};
}

/** An authorize link (client_id and redirect_uri) or a logout link (client_id and post_logout_redirect_uri). */
export function isIdpQuery(query: URLSearchParams): boolean {
  return query.has('client_id') && (query.has('redirect_uri') || query.has('post_logout_redirect_uri'));
}

/** The authorize request the page's query asks for, without the consent (added on submit). */
export type AuthorizeRequest = Omit<AuthorizeSubmitRequest, 'consent_granted'>;

export type IdpRequest =
  | { flow: 'authorize'; request: AuthorizeRequest }
  | { flow: 'logout'; request: LogoutStartRequest }
  /** A required parameter is absent: its name, for the spec's message. */
  | { flow: 'invalid'; missing: string };
