// The identity provider's configuration is the page's query string (spec section 2, wire contract 3.12): what the
// authorize and logout pages read, mapped to the wire requests. In the entry with the record (isIdpQuery), so it stays
// free of the machine and of any string table. The element's part (trustedAuthTokenParams) is read by the machine.
import {
  AUTHORIZE_QUERY_PARAMS,
  AUTHORIZE_REQUIRED_PARAMS,
  DEFAULT_AUTHORIZE_SCOPES,
  DEFAULT_RESPONSE_TYPE,
  LOGOUT_QUERY_PARAMS,
  LOGOUT_REQUIRED_PARAMS,
  type AuthorizeSubmitRequest,
  type LogoutStartRequest,
} from '../../../api/index.ts';

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

/** Only the parameters the page reads; an empty value counts as absent. */
function read<K extends string>(query: URLSearchParams, names: readonly K[]): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = query.get(name);
    if (value) values[name] = value;
  }
  return values;
}

/** The flow a page's query string asks for: a post-logout address makes it the logout flow (spec section 2). */
export function idpRequestFrom(query: URLSearchParams): IdpRequest {
  if (query.has('post_logout_redirect_uri')) {
    const params = read(query, LOGOUT_QUERY_PARAMS);
    const missing = LOGOUT_REQUIRED_PARAMS.find((name) => !params[name]);
    if (missing) return { flow: 'invalid', missing };
    return { flow: 'logout', request: params as LogoutStartRequest };
  }
  const params = read(query, AUTHORIZE_QUERY_PARAMS);
  const missing = AUTHORIZE_REQUIRED_PARAMS.find((name) => !params[name]);
  if (missing) return { flow: 'invalid', missing };
  const { scope, response_type, client_id, redirect_uri, ...optional } = params;
  return {
    flow: 'authorize',
    request: {
      client_id: client_id!,
      redirect_uri: redirect_uri!,
      response_type: response_type ?? DEFAULT_RESPONSE_TYPE,
      scopes: scope ? scope.split(' ').filter(Boolean) : [...DEFAULT_AUTHORIZE_SCOPES],
      ...optional,
    },
  };
}
