import * as v from 'valibot';
import { DEFAULT_RESPONSE_TYPE } from '../../api/idp.ts';
import type { ConnectedAppConfig, ProjectConfig } from '../config.ts';
import { isPublicApp } from '../connected-apps.ts';
import { Errors } from '../http/errors.ts';
import { body, optionalString, refine, requiredBoolean, requiredString, requiredValue } from '../http/fields.ts';
import { MAX_IDP_SCOPES, MAX_IDP_STRING_LENGTH } from '../oidc/constants.ts';

/** RFC 6749 section 3.3: a scope token is printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** RFC 7636: an S256 challenge is the base64url SHA-256 digest, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function notTooLong<TValue extends string | undefined>(field: string) {
  return refine((value: TValue) => {
    if (value !== undefined && value.length > MAX_IDP_STRING_LENGTH) {
      throw Errors.invalidRequest('fieldTooLong', { field, max: MAX_IDP_STRING_LENGTH });
    }
    return value;
  });
}
const bounded = (field: string) => v.pipe(requiredString(), notTooLong<string>(field));
const optionalBounded = (field: string) => v.pipe(optionalString(), notTooLong<string | undefined>(field));

/** The requested scopes, each an RFC 6749 scope token; repeats are dropped. */
const scopes = v.pipe(
  requiredValue(),
  refine((value: unknown) => {
    if (!Array.isArray(value)) throw Errors.invalidRequest('fieldNotStringArray', { field: 'scopes' });
    if (value.length > MAX_IDP_SCOPES) throw Errors.invalidScope('tooManyScopes', { max: MAX_IDP_SCOPES });
    for (const scope of value) {
      if (typeof scope !== 'string') throw Errors.invalidRequest('fieldNotStringArray', { field: 'scopes' });
      if (!SCOPE_TOKEN.test(scope) || scope.length > MAX_IDP_STRING_LENGTH) {
        throw Errors.invalidScope('scopeNotValid', { scope: JSON.stringify(scope) });
      }
    }
    return [...new Set(value as string[])];
  }),
);

// The app named by client_id decides whether the URIs after it are its own, so these schemas are made per request
// and the client_id's step leaves the app for the steps after it.
function appFields(config: Pick<ProjectConfig, 'connectedApps'>) {
  let app: ConnectedAppConfig | undefined;
  const client_id = v.pipe(
    bounded('client_id'),
    refine((clientId: string) => {
      app = config.connectedApps.find((a) => a.client_id === clientId);
      if (!app) throw Errors.idpClientNotFound(clientId);
      return app;
    }),
  );
  return { client_id, app: () => app! };
}

/** The fields the authorize preflight and submit share, checked in the order the client sends them. */
function authorizeFields(config: Pick<ProjectConfig, 'connectedApps'>) {
  const { client_id, app } = appFields(config);
  const entries = {
    client_id,
    redirect_uri: v.pipe(
      bounded('redirect_uri'),
      refine((uri: string) => {
        if (!app().redirect_uris?.includes(uri)) throw Errors.invalidRedirectUri(uri);
        return uri;
      }),
    ),
    response_type: v.pipe(
      bounded('response_type'),
      refine((type: string) => {
        if (type !== DEFAULT_RESPONSE_TYPE) throw Errors.unsupportedResponseType();
        return type;
      }),
    ),
    scopes,
    prompt: optionalBounded('prompt'),
  };
  return { entries, app };
}

function authorizeRequest(fields: {
  client_id: ConnectedAppConfig;
  redirect_uri: string;
  scopes: string[];
  prompt: string | undefined;
}) {
  return {
    app: fields.client_id,
    redirectUri: fields.redirect_uri,
    scopes: fields.scopes,
    forceConsent: (fields.prompt ?? '').split(' ').includes('consent'),
  };
}

/** POST /idp/oauth/authorize/start (a fresh schema per request: see appFields). */
export function authorizeStartBody(config: Pick<ProjectConfig, 'connectedApps'>) {
  return v.pipe(
    body(authorizeFields(config).entries),
    v.transform((fields) => authorizeRequest(fields)),
  );
}
export type AuthorizeRequest = v.InferOutput<ReturnType<typeof authorizeStartBody>>;

/**
 * POST /idp/oauth/authorize/submit (a fresh schema per request: see appFields): the preflight's fields, then the
 * ones the code is minted with. A public client must use PKCE.
 */
export function authorizeSubmitBody(config: Pick<ProjectConfig, 'connectedApps'>) {
  const { entries, app } = authorizeFields(config);
  return v.pipe(
    body({
      ...entries,
      state: optionalBounded('state'),
      nonce: optionalBounded('nonce'),
      code_challenge: v.pipe(
        optionalBounded('code_challenge'),
        refine((challenge: string | undefined) => {
          if (challenge !== undefined && !S256_CHALLENGE.test(challenge)) {
            throw Errors.invalidCodeChallenge('codeChallengeNotS256');
          }
          if (challenge === undefined && isPublicApp(app())) {
            throw Errors.invalidCodeChallenge('codeChallengeRequiredPublicClient');
          }
          return challenge;
        }),
      ),
      consent_granted: requiredBoolean(),
    }),
    v.transform((fields) => ({
      request: authorizeRequest(fields),
      state: fields.state,
      nonce: fields.nonce,
      codeChallenge: fields.code_challenge,
      consentGranted: fields.consent_granted,
    })),
  );
}
export type AuthorizeSubmitInput = v.InferOutput<ReturnType<typeof authorizeSubmitBody>>;

/** POST /oauth/logout/start (a fresh schema per request: see appFields). */
export function logoutStartBody(config: Pick<ProjectConfig, 'connectedApps'>) {
  const { client_id, app } = appFields(config);
  return v.pipe(
    body({
      client_id,
      post_logout_redirect_uri: v.pipe(
        bounded('post_logout_redirect_uri'),
        refine((uri: string) => {
          if (!app().post_logout_redirect_uris?.includes(uri)) throw Errors.invalidPostLogoutRedirectUri(uri);
          return uri;
        }),
      ),
      state: optionalBounded('state'),
      id_token_hint: optionalBounded('id_token_hint'),
    }),
    v.transform((fields) => ({
      app: fields.client_id,
      postLogoutUri: fields.post_logout_redirect_uri,
      state: fields.state,
      hint: fields.id_token_hint,
    })),
  );
}
export type LogoutStartInput = v.InferOutput<ReturnType<typeof logoutStartBody>>;
