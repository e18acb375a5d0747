// The inputs of enterprise SSO, checked at the edge: the start's query, the identity providers' answers (a SAML form
// post, an OIDC redirect's query) and the SDK's calls.
import type * as v from 'valibot';
import type { ProjectConfig } from '../config.ts';
import {
  body,
  emailAddress,
  optionalString,
  protectionFields,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import { codeChallenge, codeVerifier } from './token-authentication.schemas.ts';

/**
 * GET /v1/public/sso/start (the SDK's `sso.start`). `pkce_code_challenge` is an S256 challenge, required when the
 * project says `pkce_required_for_sso`. The `provider_<key>` parameters are read beside it (services/oauth.ts).
 */
export function ssoStartQuery(config: Pick<ProjectConfig, 'pkceRequiredForSso'>) {
  return body({
    public_token: optionalString(),
    connection_id: requiredString(),
    pkce_code_challenge: codeChallenge(() => config.pkceRequiredForSso, 'codeChallengeRequiredSso'),
    login_redirect_url: optionalString(),
    signup_redirect_url: optionalString(),
  });
}
export type SsoStartQuery = v.InferOutput<ReturnType<typeof ssoStartQuery>>;

/** POST /v1/b2b/sso/callback/:connection_id: the SAML HTTP-POST binding's form (its field names are the binding's). */
export const ssoAcsForm = body({
  SAMLResponse: requiredString(),
  RelayState: requiredString(),
});
export type SsoAcsInput = v.InferOutput<typeof ssoAcsForm>;

/** GET /v1/b2b/sso/callback/:connection_id: an OIDC authorization response (the code, or the IdP's error). */
export const ssoCallbackQuery = body({
  state: optionalString(),
  code: optionalString(),
  error: optionalString(),
});
export type SsoCallbackQuery = v.InferOutput<typeof ssoCallbackQuery>;

/** POST /b2b/sso/authenticate, in the order the SDK builds it. */
export const ssoAuthenticateBody = body({
  pkce_code_verifier: codeVerifier('pkce_code_verifier'),
  sso_token: requiredString(),
  session_duration_minutes: sessionDuration(),
  locale: optionalString(),
  ...protectionFields(),
  intermediate_session_token: optionalString(),
});
export type SsoAuthenticateInput = v.InferOutput<typeof ssoAuthenticateBody>;

/** GET /b2b/sso/discovery/connections?email_address=… */
export const ssoDiscoveryQuery = body({ email_address: emailAddress() });
