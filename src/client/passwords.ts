// passwords.* of the public API (wire contract 3.7, client spec 5 "Required fields by call").
import {
  PATHS,
  type PasswordAuthenticateResponse,
  type PasswordCreateResponse,
  type PasswordResetOptionsWire,
  type PasswordResetResponse,
  type PasswordResetStartRequest,
  type PasswordResetStartResponse,
  type PasswordStrengthCheckResponse,
} from '../api/index.ts';
import type { Http } from './http.ts';
import { clearPair, getOrStartPair, getPair } from './pkce.ts';
import { validate } from './schema.ts';
import type { SessionStore } from './session.ts';
import { withoutUser } from './sessions.ts';
import type { BootstrapApi, PasswordsApi } from './types.ts';

export function createPasswordsApi(http: Http, store: SessionStore, bootstrap: BootstrapApi): PasswordsApi {
  const pt = store.publicToken;

  /** Every password call that ends in a session: stored like any other sign-in, returned without `__user`. */
  const signIn = async <T extends PasswordResetResponse>(path: string, body: Record<string, unknown>) => {
    const response = await http.request<T>('POST', path, body, { retriable: true });
    store.applyAuthResponse(response);
    return withoutUser(response);
  };

  return {
    async create(options) {
      validate(options, { email: 'string', password: 'string', session_duration_minutes: 'number' });
      return signIn<PasswordCreateResponse>(PATHS.passwords, { ...options });
    },

    async authenticate(options) {
      validate(options, { email: 'string', password: 'string', session_duration_minutes: 'number' });
      return signIn<PasswordAuthenticateResponse>(PATHS.passwordsAuthenticate, { ...options });
    },

    async strengthCheck(options) {
      validate(options, { password: 'string', email: 'optionalString' });
      return http.request<PasswordStrengthCheckResponse>('POST', PATHS.passwordsStrengthCheck, { ...options });
    },

    async resetByEmailStart(options) {
      validate({ ...options }, { email: 'string' });
      const body: PasswordResetStartRequest = { ...options };
      // The wire contract drops `login_expiration_minutes` even though the UI's options carry it.
      delete (body as PasswordResetOptionsWire & { login_expiration_minutes?: number }).login_expiration_minutes;
      if ((await bootstrap.get()).pkceRequiredForPasswordResets) {
        body.code_challenge = (await getOrStartPair(pt, 'passwords')).code_challenge;
      }
      return http.request<PasswordResetStartResponse>(
        'POST',
        PATHS.passwordsEmailResetStart,
        { ...body },
        { retriable: true },
      );
    },

    async resetByEmail(options) {
      validate(options, { token: 'string', password: 'string', session_duration_minutes: 'number' });
      const result = await signIn<PasswordResetResponse>(PATHS.passwordsEmailReset, {
        ...options,
        code_verifier: getPair(pt, 'passwords')?.code_verifier,
      });
      clearPair(pt, 'passwords');
      return result;
    },

    async resetByExistingPassword(options) {
      validate(options, {
        email: 'string',
        existing_password: 'string',
        new_password: 'string',
        session_duration_minutes: 'number',
      });
      return signIn<PasswordResetResponse>(PATHS.passwordsExistingPasswordReset, { ...options });
    },

    async resetBySession(options) {
      validate(options, { password: 'string', session_duration_minutes: 'optionalNumber' });
      // Returned unstripped, like the provider's SDK (wire contract 3.7).
      const response = await http.request<PasswordResetResponse>(
        'POST',
        PATHS.passwordsSessionReset,
        { ...options },
        {
          retriable: true,
        },
      );
      store.applyAuthResponse(response);
      return response;
    },
  };
}
