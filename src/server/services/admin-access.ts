// Who may use the admin console, and the console's CSRF tokens. Development: anyone on this machine (the TCP peer is
// a loopback address and no proxy relayed the request), with no sign-in. Production: only a console session, made by
// entering the project secret on the login form; nobody is let in by address.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { ADMIN_CSRF_DIGEST_PREFIX, ADMIN_DEV_ACTOR, ADMIN_SESSION_LIFETIME_MS } from '../constants/admin.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { hashToken, newSecretToken, secretsEqual } from '../security/tokens.ts';
import { endAdminSession, findAdminSession, insertAdminSession, insertAuditRow } from '../store/admin-console.ts';
import { reserveAuthAttempt } from './client-limits.ts';

/** Someone the console lets in: how the audit log names them, and the secret their CSRF tokens are bound to. */
export interface AdminVisitor {
  actor: string;
  /** The console session (production), or null on development's loopback. */
  sessionId: string | null;
  csrfBinding: string;
}

/** What the route read from the request; nothing here is trusted yet. */
export interface AdminCredentials {
  /** The TCP peer, never a forwarded address: a proxy on this machine would make every client look local. */
  peerAddress: string;
  /** Whether the request carries X-Forwarded-For or Forwarded: then a proxy relayed it from elsewhere. */
  relayed: boolean;
  sessionToken: string | null;
  /** Development's per-browser CSRF secret (the console sets it on the first page). */
  devCsrfSecret: string | null;
}

/**
 * The visitor, or null when the console must not open: production without a live console session, development from
 * another machine (`loopbackOnly` is thrown instead, since signing in would not help there).
 */
export async function adminVisitor(deps: Deps, credentials: AdminCredentials): Promise<AdminVisitor | null> {
  if (deps.config.mode === 'development') {
    if (credentials.relayed || !isLoopbackAddress(credentials.peerAddress)) {
      throw Errors.unauthorizedAction('adminLoopbackOnly');
    }
    if (!credentials.devCsrfSecret) return null;
    return { actor: ADMIN_DEV_ACTOR, sessionId: null, csrfBinding: credentials.devCsrfSecret };
  }
  if (!credentials.sessionToken) return null;
  const sessionId = await findAdminSession(deps.db, hashToken(credentials.sessionToken), deps.config.now());
  if (!sessionId) return null;
  return { actor: `admin session ${sessionId}`, sessionId, csrfBinding: credentials.sessionToken };
}

/** 127.0.0.0/8 and ::1, also written IPv4-mapped (::ffff:127.0.0.1), as Node reports a dual-stack socket's peer. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (v4 && isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * The CSRF token of every console form: a digest of the visitor's session secret (or development's browser secret),
 * which only a page the console rendered for that browser can know. A cross-site form post carries the cookie but
 * cannot read the page, so it cannot send the token.
 */
export function csrfToken(visitor: AdminVisitor): string {
  return createHash('sha256').update(`${ADMIN_CSRF_DIGEST_PREFIX}${visitor.csrfBinding}`, 'utf8').digest('base64url');
}

/** Refuses a form whose token is not the visitor's (compared in constant time). */
export function checkCsrfToken(visitor: AdminVisitor, token: string): void {
  if (!secretsEqual(csrfToken(visitor), token)) throw Errors.unauthorizedAction('adminCsrfInvalid');
}

/** A fresh secret for development's CSRF cookie. */
export const newDevCsrfSecret = newSecretToken;

/**
 * The login form: the project secret, compared in constant time, opens a console session. Each try takes one of the
 * client's authentication attempts first (the per-IP failure budget every secret check shares), given back when the
 * secret was right. Both outcomes are audited.
 */
export async function adminSignIn(
  deps: Deps,
  meta: RequestMeta,
  secret: string,
): Promise<{ token: string; expiresAt: number }> {
  const attempt = await reserveAuthAttempt(deps, meta);
  const now = deps.config.now();
  const expected = deps.config.projectSecret;
  if (!expected || !secretsEqual(secret, expected)) {
    await audit(deps, { actor: 'anonymous', ipAddress: meta.ipAddress }, 'sign_in_refused', null, {});
    throw Errors.unauthorizedCredentials();
  }
  await attempt.release();
  const token = newSecretToken();
  const expiresAt = now + ADMIN_SESSION_LIFETIME_MS;
  const sessionId = await insertAdminSession(deps.db, {
    tokenHash: hashToken(token),
    ipAddress: meta.ipAddress,
    now,
    expiresAt,
  });
  await audit(deps, { actor: `admin session ${sessionId}`, ipAddress: meta.ipAddress }, 'sign_in', null, {});
  return { token, expiresAt };
}

export async function adminSignOut(deps: Deps, visitor: AdminVisitor, ipAddress: string): Promise<void> {
  if (!visitor.sessionId) return;
  await endAdminSession(deps.db, visitor.sessionId, deps.config.now());
  await audit(deps, { actor: visitor.actor, ipAddress }, 'sign_out', null, {});
}

/** One row of the audit log, at the service's clock. */
export async function audit(
  deps: Deps,
  who: { actor: string; ipAddress: string },
  action: string,
  targetUserId: string | null,
  details: Record<string, unknown>,
): Promise<void> {
  await insertAuditRow(deps.db, {
    actor: who.actor,
    action,
    targetUserId,
    details,
    ipAddress: who.ipAddress,
    now: deps.config.now(),
  });
}
