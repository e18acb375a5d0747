// session.* of the public API (wire contract 3.3, 1.6).
import { PATHS, type AuthenticateResponse } from '../api/index.ts';
import type { AuthenticateResult, SessionApi } from './types.ts';
import type { SessionStore } from './session.ts';
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

export function createSessionApi(http: Http, store: SessionStore, track: Track): SessionApi {
  return {
    getSync: () => store.getSession(),
    getTokens: () => store.getTokens(),

    async authenticate(options = {}): Promise<AuthenticateResult> {
      validate(options, { session_duration_minutes: 'optionalNumber' });
      try {
        // An undefined duration is dropped by JSON.stringify, so the background refresh sends `{}`.
        const response = await http.request<AuthenticateResponse>('POST', PATHS.sessionsAuthenticate, {
          session_duration_minutes: options.session_duration_minutes,
        });
        store.applyAuthResponse(response);
        return withoutUser(response);
      } catch (error) {
        if (isUnrecoverable(error)) store.clear();
        throw error;
      }
    },

    async revoke(options = {}) {
      try {
        await http.request('POST', PATHS.sessionsRevoke);
        store.clear();
      } catch (error) {
        // A session the service no longer knows is gone anyway; other failures (network) keep the user signed in.
        if (options.forceClear || isUnrecoverable(error)) store.clear();
        throw error;
      }
    },

    onChange: (callback) => track(store.onSession(callback)),
    ...deferred(accountCalls, ['exchangeAccessToken', 'attest'], { http, store }),
  };
}
