import { randomUUID } from 'node:crypto';
import { ID_ENVIRONMENT, REQUEST_ID_PREFIX } from './constants.ts';

/** Identifiers in the hosted provider's style: `user-test-<uuid>`, `session-test-<uuid>`, ... */
export type IdKind =
  | 'user'
  | 'email'
  | 'phone-number'
  | 'session'
  | 'magic-link'
  | 'otp'
  | 'message'
  // Issue 6:
  | 'totp'
  | 'totp-recovery-code'
  | 'connected-app-grant'
  | 'impersonation-token'
  | 'password'
  | 'password-reset'
  // Issue 7:
  | 'oauth-user-registration'
  | 'oauth-state'
  | 'oauth-token'
  | 'oauth-callback'
  // Issue 14:
  | 'webauthn-registration'
  // Issue 15:
  | 'crypto-wallet'
  // Issue 16:
  | 'idp-grant';

export function newId(kind: IdKind): string {
  return `${kind}-${ID_ENVIRONMENT}-${randomUUID()}`;
}

export function newRequestId(): string {
  return `${REQUEST_ID_PREFIX}${randomUUID()}`;
}
