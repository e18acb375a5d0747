// The inputs of the enterprise SSO stand-ins (development only): what the service sends them (an AuthnRequest, an
// authorization request, a token request) and their sign-in forms.
import type * as v from 'valibot';
import { body, emailAddress, optionalString, requiredString } from '../http/fields.ts';

const identityFields = { email: emailAddress(), name: optionalString() };

/** GET /dev/sso/saml: the HTTP-Redirect binding's AuthnRequest (deflated, base64) and RelayState. */
export const devSamlRequestQuery = body({ SAMLRequest: requiredString(), RelayState: requiredString() });
export type DevSamlRequest = v.InferOutput<typeof devSamlRequestQuery>;

/** POST /dev/sso/saml: the request carried on, and who signs in. */
export const devSamlSignInForm = body({
  SAMLRequest: requiredString(),
  RelayState: requiredString(),
  ...identityFields,
});

const authorizeFields = {
  client_id: requiredString(),
  redirect_uri: requiredString(),
  response_type: requiredString(),
  scope: optionalString(),
  state: requiredString(),
  nonce: requiredString(),
  code_challenge: requiredString(),
  code_challenge_method: requiredString(),
};

/** GET /dev/sso/oidc/authorize: the authorization request (code flow with PKCE, state and nonce). */
export const devOidcAuthorizeQuery = body(authorizeFields);
export type DevOidcAuthorizeRequest = v.InferOutput<typeof devOidcAuthorizeQuery>;

/** POST /dev/sso/oidc/authorize: the request carried on, and who signs in. */
export const devOidcSignInForm = body({ ...authorizeFields, ...identityFields });

/** POST /dev/sso/oidc/token: the code exchange (client_secret_basic or client_secret_post). */
export const devOidcTokenForm = body({
  grant_type: requiredString(),
  code: requiredString(),
  redirect_uri: requiredString(),
  code_verifier: requiredString(),
  client_id: optionalString(),
  client_secret: optionalString(),
});
export type DevOidcTokenRequest = v.InferOutput<typeof devOidcTokenForm>;
