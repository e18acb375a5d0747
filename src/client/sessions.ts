// session.* of the public API (wire contract 3.3, 1.6).
import { PATHS, type AuthenticateResponse } from '../api/index.ts';
import type { AuthenticateResult, SessionApi } from './types.ts';
import type { BaseStore, SessionStore } from './session.ts';
import { isUnrecoverable, type Http } from './http.ts';
import { validate } from './schema.ts';
import { accountCalls, deferred } from './lazy.ts';

/** Responses carry the user twice; `__user` is the provider's internal copy and never reaches callers. */
export function withoutUser<T extends AuthenticateResponse>(response: T): Omit<T, '__user'> {
  const { __user: _ignored, ...rest } = response;
  return rest;
}

/** Registers an unsubscribe with the owning client so destroy() can drop it. */
export type Track = (unsubscribe: () => void) => () => void;

/** Where a kind of session is re-authenticated and revoked: the consumer's `/sessions/…`, a member's `/b2b/…`. */
export interface SessionPaths {
  authenticate: string;
  revoke: string;
}

/**
 * The session calls every kind of store shares; `authenticate` resolves to the response as the service sent it
 * (`Response`: what the kind's authenticate path answers, of which its store reads the `R` part).
 */
export function sessionCalls<S, R, Response extends R = R>(
  http: Http,
  store: BaseStore<S, R>,
  track: Track,
  paths: SessionPaths,
) {
  return {
    getSync: () => store.getSession(),
    getTokens: () => store.getTokens(),

    async authenticate(options: { session_duration_minutes?: number } = {}): Promise<Response> {
      validate(options, { session_duration_minutes: 'optionalNumber' });
      try {
        // An undefined duration is dropped by JSON.stringify, so the background refresh sends `{}`.
        const response = await http.request<Response>('POST', paths.authenticate, {
          session_duration_minutes: options.session_duration_minutes,
        });
        store.applyAuthResponse(response);
        return response;
      } catch (error) {
        if (isUnrecoverable(error)) store.clear();
        throw error;
      }
    },

    async revoke(options: { forceClear?: boolean } = {}): Promise<void> {
      try {
        await http.request('POST', paths.revoke);
        store.clear();
      } catch (error) {
        // A session the service no longer knows is gone anyway; other failures (network) keep the user signed in.
        if (options.forceClear || isUnrecoverable(error)) store.clear();
        throw error;
      }
    },

    onChange: (callback: (session: S | null) => void) => track(store.onSession(callback)),
  };
}

export function createSessionApi(http: Http, store: SessionStore, track: Track): SessionApi {
  const calls = sessionCalls(http, store, track, {
    authenticate: PATHS.sessionsAuthenticate,
    revoke: PATHS.sessionsRevoke,
  });
  return {
    ...calls,
    authenticate: async (options): Promise<AuthenticateResult> => withoutUser(await calls.authenticate(options)),
    ...deferred(accountCalls, ['exchangeAccessToken', 'attest'], { http, store }),
  };
}
