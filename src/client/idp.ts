// idp.* of the public API (wire contract 3.12, client spec 7 "Other"): the consent and logout screens' calls when the
// site acts as an OpenID provider. Loaded by index.ts only when one of them is called (a lazy chunk), so pages that
// never show consent carry none of it. Each is session-authenticated (Basic auth with the session token, as every
// call).
import type {
  AuthorizeStartRequest,
  AuthorizeStartResponse,
  AuthorizeSubmitRequest,
  AuthorizeSubmitResponse,
  LogoutStartRequest,
  LogoutStartResponse,
} from '../api/index.ts';
import { IDP_PATHS } from '../api/idp.ts';
import type { Http } from './http.ts';
import { validate } from './schema.ts';

const AUTHORIZE_FIELDS = {
  client_id: 'string',
  redirect_uri: 'string',
  response_type: 'string',
  scopes: 'stringArray',
  prompt: 'optionalString',
} as const;

/** Only the wire fields go out: a caller's extra properties are not sent to the service. */
function authorizeBody(request: AuthorizeStartRequest): AuthorizeStartRequest {
  const body: AuthorizeStartRequest = {
    client_id: request.client_id,
    redirect_uri: request.redirect_uri,
    response_type: request.response_type,
    scopes: request.scopes,
  };
  if (request.prompt !== undefined) body.prompt = request.prompt;
  return body;
}

export function authorizeStart(http: Http, request: AuthorizeStartRequest): Promise<AuthorizeStartResponse> {
  validate({ ...request }, AUTHORIZE_FIELDS);
  return http.request<AuthorizeStartResponse>('POST', IDP_PATHS.authorizeStart, { ...authorizeBody(request) });
}

export function authorizeSubmit(http: Http, request: AuthorizeSubmitRequest): Promise<AuthorizeSubmitResponse> {
  validate(
    { ...request },
    {
      ...AUTHORIZE_FIELDS,
      consent_granted: 'boolean',
      state: 'optionalString',
      nonce: 'optionalString',
      code_challenge: 'optionalString',
    },
  );
  const body: AuthorizeSubmitRequest = { ...authorizeBody(request), consent_granted: request.consent_granted };
  if (request.state !== undefined) body.state = request.state;
  if (request.nonce !== undefined) body.nonce = request.nonce;
  if (request.code_challenge !== undefined) body.code_challenge = request.code_challenge;
  return http.request<AuthorizeSubmitResponse>('POST', IDP_PATHS.authorizeSubmit, { ...body });
}

export function logoutStart(http: Http, request: LogoutStartRequest): Promise<LogoutStartResponse> {
  validate(
    { ...request },
    {
      client_id: 'string',
      post_logout_redirect_uri: 'string',
      state: 'optionalString',
      id_token_hint: 'optionalString',
    },
  );
  const body: LogoutStartRequest = {
    client_id: request.client_id,
    post_logout_redirect_uri: request.post_logout_redirect_uri,
  };
  if (request.state !== undefined) body.state = request.state;
  if (request.id_token_hint !== undefined) body.id_token_hint = request.id_token_hint;
  return http.request<LogoutStartResponse>('POST', IDP_PATHS.logoutStart, { ...body });
}
