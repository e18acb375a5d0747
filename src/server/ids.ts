import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { ServiceMode } from './config.ts';
import { ID_ENVIRONMENT, ID_ENVIRONMENTS, REQUEST_ID_PREFIX } from './constants/identifiers.ts';

/** Identifiers in the hosted provider's style: `user-test-<uuid>`, `session-live-<uuid>`, ... */
export type IdKind =
  | 'user'
  | 'email'
  | 'phone-number'
  | 'session'
  | 'magic-link'
  | 'otp'
  | 'message'
  | 'totp'
  | 'totp-recovery-code'
  | 'connected-app-grant'
  | 'impersonation-token'
  | 'password'
  | 'password-reset'
  | 'oauth-user-registration'
  | 'oauth-state'
  | 'oauth-token'
  | 'oauth-callback'
  | 'webauthn-registration'
  | 'crypto-wallet'
  | 'idp-grant'
  | 'organization'
  | 'member'
  | 'member-session'
  | 'intermediate-session'
  | 'member-email-token'
  | 'member-totp'
  | 'member-recovery-code'
  | 'member-sms-code'
  | 'sso-state'
  | 'sso-token'
  | 'sso-registration'
  | 'admin-session'
  | 'jwk';

type IdEnvironment = (typeof ID_ENVIRONMENTS)[ServiceMode];

/**
 * The environment of the service whose work is running. An id is made deep inside the stores, which know the database
 * but not the config, and one process may hold a development and a production service at once (the tests do): a
 * module-level setting would be the last service's, and threading the mode through every store call would touch every
 * call site for one word. AsyncLocalStorage follows each request (and each start-up) through its awaits, timers and
 * transactions, so every id a service makes carries that service's environment and no other's.
 */
const currentEnvironment = new AsyncLocalStorage<IdEnvironment>();

/** Runs `work` as the service in `mode`: every id made inside it, however deep or late, names that environment. */
export function withIdEnvironment<T>(mode: ServiceMode, work: () => T): T {
  return currentEnvironment.run(ID_ENVIRONMENTS[mode], work);
}

/** Outside any service (a test calling a store directly) ids say `test`, the development environment. */
function environment(): IdEnvironment {
  return currentEnvironment.getStore() ?? ID_ENVIRONMENT;
}

export function newId(kind: IdKind): string {
  return `${kind}-${environment()}-${randomUUID()}`;
}

export function newRequestId(): string {
  return `${REQUEST_ID_PREFIX}-${environment()}-${randomUUID()}`;
}
