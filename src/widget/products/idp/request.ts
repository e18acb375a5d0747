// The identity provider's request as the page's query string asks for it (its type is in config.ts). Only the
// product's machine reads it, once the consent or logout page opens, so it loads with the machine's chunk rather than
// with the record in the entry.
import {
  AUTHORIZE_QUERY_PARAMS,
  AUTHORIZE_REQUIRED_PARAMS,
  DEFAULT_AUTHORIZE_SCOPES,
  DEFAULT_RESPONSE_TYPE,
  LOGOUT_QUERY_PARAMS,
  LOGOUT_REQUIRED_PARAMS,
} from '../../../api/idp.ts';
import type { LogoutStartRequest } from '../../../api/index.ts';
import type { IdpRequest } from './config.ts';

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
