// The identity provider's calls, over the client's public API (client.idp, client.session), and the page leaving
// for the app (the client's navigation seam, which tests replace to read the address).
import { fromPromise } from 'xstate';
import type {
  AuthorizeStartResponse,
  AuthorizeSubmitResponse,
  LogoutStartRequest,
  LogoutStartResponse,
} from '../../../api/index.ts';
import { navigation } from '../../../client/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import { TRUSTED_TOKEN_SESSION_MINUTES } from './constants.ts';
import type { AuthorizeRequest, TrustedAuthTokenParams } from './config.ts';

/** The service's answers that mean "nobody is signed in" (the preflight needs a session, spec section 4). */
const SESSION_ERROR_TYPES = ['session_not_found', 'invalid_session_token', 'user_unauthenticated'];
const UNAUTHORIZED_STATUS = 401;

/** Whether a failed preflight failed for want of a session: the visitor is sent to sign in, not to an error screen. */
export function isSessionError(error: unknown): boolean {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    status_code?: unknown;
    error_type?: unknown;
  };
  return e.status_code === UNAUTHORIZED_STATUS || SESSION_ERROR_TYPES.includes(String(e.error_type));
}

/**
 * A trusted auth token signs the visitor in afresh (spec section 4): whatever session there was is revoked (a
 * failure changes nothing: the attest replaces it), then a 60-minute session is attested from the token.
 */
export const attestTrustedToken = fromPromise<unknown, { client: AuthClient; params: TrustedAuthTokenParams }>(
  async ({ input }) => {
    await input.client.session.revoke({ forceClear: true }).catch(() => undefined);
    return input.client.session.attest({
      token: input.params.trustedAuthToken,
      profile_id: input.params.tokenProfileID,
      session_duration_minutes: TRUSTED_TOKEN_SESSION_MINUTES,
    });
  },
);

export const authorizeStart = fromPromise<AuthorizeStartResponse, { client: AuthClient; request: AuthorizeRequest }>(
  ({ input }) => {
    const { client_id, redirect_uri, response_type, scopes, prompt } = input.request;
    return input.client.idp.authorizeStart({
      client_id,
      redirect_uri,
      response_type,
      scopes,
      ...(prompt ? { prompt } : {}),
    });
  },
);

export const authorizeSubmit = fromPromise<
  AuthorizeSubmitResponse,
  { client: AuthClient; request: AuthorizeRequest; consentGranted: boolean }
>(({ input }) => input.client.idp.authorizeSubmit({ ...input.request, consent_granted: input.consentGranted }));

export const logoutStart = fromPromise<LogoutStartResponse, { client: AuthClient; request: LogoutStartRequest }>(
  ({ input }) => input.client.idp.logoutStart(input.request),
);

/**
 * Logout: the session ends here whatever the service answers (spec section 4: errors ignored). With no session in
 * this browser (an app logging out a student who already left) there is nothing to revoke, and no call is made.
 */
export const revokeSession = fromPromise<void, { client: AuthClient }>(async ({ input }) => {
  if (input.client.session.getSync() === null) return;
  await input.client.session.revoke({ forceClear: true }).catch(() => undefined);
});

/** Sends the browser to the app (the address the service returned). */
export function leaveFor(url: string): void {
  navigation.assign(url);
}
