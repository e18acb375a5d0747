// The organization (B2B) client's own values: what it logs and the telemetry event it sends. Its cookie (the
// intermediate session token, ten minutes) is the session cookies' (constants/sessions.ts), its wire paths are the
// service's (src/api/organizations.ts, discovery.ts, sso.ts, mfa.ts).

/**
 * The mirror of the consumer client's B2B_TOKEN_MESSAGE (spec 8 names only that one): logged when the B2B client is
 * given a consumer project's token, as the hosted B2B SDK logs in that case.
 */
export const CONSUMER_TOKEN_MESSAGE =
  'This public token belongs to a consumer project, but the B2B client was used. Use a B2B project token.';

/** The event each B2B client instance logs once: the hosted B2B SDK's name for the consumer's INSTANTIATED_EVENT. */
export const B2B_INSTANTIATED_EVENT = 'b2b_sdk_instance_instantiated';

/**
 * Warned when an SSO token is exchanged without a stored `sso` code verifier while the project requires PKCE for SSO:
 * the service will refuse it, and the reason is a start in another browser or storage cleared in between.
 */
export const MSG_NO_SSO_VERIFIER =
  'No SSO code verifier found in storage. This project requires PKCE for SSO, so the token cannot be exchanged; ' +
  'start the SSO flow again in this browser.';
