// user.* of the public API (wire contract 3.2).
import { PATHS, type User, type UserFactorKind, type UserSearchResponse, type UsersMeResponse } from '../api/index.ts';
import type { UserApi } from './types.ts';
import type { SessionStore } from './session.ts';
import type { Http } from './http.ts';
import { validate } from './schema.ts';
import type { Track } from './sessions.ts';
import { accountCalls, deferred } from './lazy.ts';

export function createUserApi(http: Http, store: SessionStore, track: Track): UserApi {
  const ctx = { http, store };
  const accounts = deferred(
    accountCalls,
    ['updateUser', 'deleteFactor', 'getConnectedApps', 'revokeConnectedApp'],
    ctx,
  );
  const remove = (kind: UserFactorKind) => (id: string) => accounts.deleteFactor(kind, id);
  return {
    getSync: () => store.getUser(),
    async get(): Promise<User> {
      // GET /users/me returns the user flat beside the common fields; store the user alone.
      const { request_id: _r, status_code: _s, ...user } = await http.request<UsersMeResponse>('GET', PATHS.usersMe);
      store.setUser(user);
      return user;
    },
    async search(email) {
      validate({ email }, { email: 'string' });
      return http.request<UserSearchResponse>('POST', PATHS.usersSearch, { email }, { retriable: true });
    },
    onChange: (callback) => track(store.onUser(callback)),
    update: accounts.updateUser,
    deleteEmail: remove('emails'),
    deletePhoneNumber: remove('phone_numbers'),
    deleteTOTP: remove('totps'),
    deleteCryptoWallet: remove('crypto_wallets'),
    deleteOAuthRegistration: remove('oauth'),
    deleteWebauthnRegistration: remove('webauthn_registrations'),
    deleteBiometricRegistration: remove('biometric_registrations'),
    getConnectedApps: accounts.getConnectedApps,
    revokeConnectedApp: accounts.revokeConnectedApp,
  };
}
