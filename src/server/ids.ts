// Identifiers in the hosted provider's style, each naming its environment: `user-test-<uuid>` from a development
// service, `session-live-<uuid>` from a production one (constants/identifiers.ts). The environment is passed in, never
// looked up: an id is made deep inside the stores, and the db handle every store already receives knows its
// environment (`Db.idEnvironment`, db/db.ts), so a development and a production service in one process (the tests hold
// both) each spell their own. AsyncLocalStorage could carry it implicitly, but on Node 20 it turns on promise hooks for
// every promise in the process, a cost every request pays (about a tenth of sessions/authenticate's CPU).
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PREFIX, type IdEnvironment } from './constants/identifiers.ts';
import type { Db } from './db/db.ts';

/** What an id starts with, before its environment and uuid. */
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

/** A new id of `kind` in the environment of the database it is made for: a transaction's is its database's. */
export function newId(db: Pick<Db, 'idEnvironment'>, kind: IdKind): string {
  return `${kind}-${db.idEnvironment}-${randomUUID()}`;
}

/** A request's id names the environment of the service answering it (middleware/request-context.ts). */
export function newRequestId(environment: IdEnvironment): string {
  return `${REQUEST_ID_PREFIX}-${environment}-${randomUUID()}`;
}
