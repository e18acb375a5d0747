// The site owner's operations on any user, shared by the backend API (routes/backend/) and the admin console: look a
// user up, search, revoke sessions, delete one factor or the whole user. They reuse the user's own services and
// stores (services/accounts.ts, store/sessions.ts); only who may call them differs.
import type {
  BackendFactorKind,
  UserAdminView,
  UserSearchFilter,
  UserSearchRequest,
  UserSearchResults,
} from '../../api/backend.ts';
import type { Session } from '../../api/session.ts';
import type { User } from '../../api/user.ts';
import { USER_SEARCH_DEFAULT_LIMIT } from '../constants/backend-api.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { hashToken } from '../security/tokens.ts';
import { FULL_USER_COLUMNS, findUserWithMethods, toWireUser, type FullUserRow } from '../store/full-user.ts';
import {
  findActiveSession,
  listActiveSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
  touchSessionByToken,
  toWireSession,
} from '../store/sessions.ts';
import { deleteOidcPayloadsOf } from '../store/unproven-account.ts';
import { deleteUser } from '../store/users.ts';
import { FACTOR_TABLES, deleteFactor as deleteOwnFactor, listConnectedApps } from './accounts.ts';
import { sessionIdOfJwt } from './session-jwt.ts';
import { authenticatePayload, authenticatePayloadFor, minutesToMs, type AuthenticatePayload } from './sessions.ts';
import { withRoles } from './users.ts';

/** The user with every method and role; 404 `user_not_found` when no user has that id. */
export async function adminUser(deps: Deps, userId: string): Promise<User> {
  const user = await findUserWithMethods(deps.db, userId);
  if (!user) throw Errors.userNotFound();
  return withRoles(deps.config, user);
}

/** The user, their live sessions (most recently used first) and their connected apps; 404 for an unknown id. */
export async function userView(deps: Deps, userId: string): Promise<UserAdminView> {
  const user = await adminUser(deps, userId);
  const { connected_apps } = await listConnectedApps(deps, userId);
  return { user, sessions: await userSessions(deps, user), connected_apps };
}

/** The user's live sessions as the wire shows them, each with the user's roles. */
export async function userSessions(deps: Deps, user: User): Promise<Session[]> {
  const sessions = await listActiveSessions(deps.db, user.user_id, deps.config.now());
  return sessions.map((session) => ({ ...toWireSession(session), roles: user.roles }));
}

/** Ends every live session of the user at once (one statement); returns how many ended (0 for an unknown user). */
export async function revokeAllSessions(deps: Deps, userId: string): Promise<number> {
  return revokeUserSessions(deps.db, userId, deps.config.now());
}

/**
 * Deletes the user and everything of theirs: factors, sessions and grants by the database's cascade, and the OpenID
 * provider's codes and tokens issued to them, in one transaction. 404 `user_not_found` when no user has that id
 * (also for the second of two concurrent deletes: the row's delete decides).
 */
export async function deleteUserCompletely(deps: Deps, userId: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    await deleteOidcPayloadsOf(tx, userId);
    return deleteUser(tx, userId);
  });
  if (!deleted) throw Errors.userNotFound();
}

/**
 * Deletes one factor of the user (the same removal as the user's own DELETE /users/<kind>/{id}); 404 when the user
 * has no such factor. Answers the user without it.
 */
export async function deleteFactor(
  deps: Deps,
  userId: string,
  kind: BackendFactorKind,
  id: string,
): Promise<{ user_id: string; user: User }> {
  const { user_id, __user } = await deleteOwnFactor(deps, userId, kind, id);
  return { user_id, user: __user };
}

/** A session named by its token or its JWT (the backend API's sessions/authenticate and sessions/revoke). */
export type SessionReference = { field: 'session_token' | 'session_jwt' | 'session_id'; value: string };

/**
 * The backend API's sessions/authenticate: the live session the token or JWT names, marked used now (and given
 * `durationMinutes` more from now when asked), with its user and a fresh JWT. A JWT past its `exp` still names its
 * session (services/session-jwt.ts). The token is answered empty when the session was named by its JWT: only its
 * digest is stored. 404 `session_not_found` for anything that names no live session.
 */
export async function authenticateSession(
  deps: Deps,
  reference: SessionReference,
  durationMinutes: number | undefined,
): Promise<Pick<AuthenticatePayload, 'user' | 'session' | 'session_token' | 'session_jwt'>> {
  const now = deps.config.now();
  const expiresAt = durationMinutes === undefined ? undefined : now + minutesToMs(durationMinutes);
  let payload: AuthenticatePayload;
  if (reference.field === 'session_token') {
    const touched = await touchSessionByToken(deps.db, hashToken(reference.value), now, expiresAt);
    if (!touched) throw Errors.sessionNotFound();
    const user = withRoles(deps.config, toWireUser(touched.user));
    payload = authenticatePayloadFor(deps, touched.session, user, reference.value);
  } else {
    const sessionId = await sessionIdOfReference(deps, reference);
    const session = sessionId ? await touchSession(deps.db, sessionId, now, { expiresAt }) : null;
    if (!session) throw Errors.sessionNotFound();
    payload = await authenticatePayload(deps, session, '');
  }
  const { user, session, session_token, session_jwt } = payload;
  return { user, session, session_token, session_jwt };
}

/** Ends the session named by its id, token or JWT; 404 `session_not_found` when it names no live session. */
export async function revokeSessionByReference(deps: Deps, reference: SessionReference): Promise<void> {
  const sessionId = await sessionIdOfReference(deps, reference);
  if (!sessionId || !(await revokeSession(deps.db, sessionId, deps.config.now()))) throw Errors.sessionNotFound();
}

async function sessionIdOfReference(deps: Deps, reference: SessionReference): Promise<string | null> {
  switch (reference.field) {
    case 'session_id':
      return reference.value;
    case 'session_jwt':
      return sessionIdOfJwt(deps, reference.value);
    case 'session_token':
      return (await findActiveSession(deps.db, hashToken(reference.value), deps.config.now()))?.id ?? null;
  }
}

/** The backend API names only the factor: its owner is looked up, then the factor is deleted as the owner's. */
export async function deleteFactorById(
  deps: Deps,
  kind: BackendFactorKind,
  id: string,
): Promise<{ user_id: string; user: User }> {
  const table = FACTOR_TABLES[kind];
  const [owner] = table
    ? await deps.db.query<{ user_id: string }>(`select user_id from ${table} where id = $1`, [id])
    : [];
  // Without an owner the delete finds nothing and answers the same 404 as for any unknown id.
  return deleteFactor(deps, owner?.user_id ?? '', kind, id);
}

/**
 * One page of the users a search query matches, oldest first, and the total. Operands combine with the query's
 * operator; no query (or no operands) matches every user. `cursor` continues after the last user of the previous page
 * (an opaque `created_at`/id pair, so a user created meanwhile neither repeats nor shifts a page).
 */
export async function searchUsers(deps: Deps, request: UserSearchRequest): Promise<UserSearchResults> {
  const limit = request.limit ?? USER_SEARCH_DEFAULT_LIMIT;
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const operands = request.query?.operands ?? [];
  const joiner = request.query?.operator === 'OR' ? ' or ' : ' and ';
  const matches = operands.length ? `(${operands.map((operand) => filterSql(operand, param)).join(joiner)})` : 'true';
  const [counted] = await deps.db.query<{ total: number }>(
    `select count(*)::int as total from users u where ${matches}`,
    params,
  );
  const after = request.cursor ? decodeCursor(request.cursor) : null;
  const page = after
    ? `${matches} and (u.created_at, u.id) > (${timestampOfMicros(param(after.micros))}, ${param(after.id)})`
    : matches;
  const rows = await deps.db.query<FullUserRow & { cursor_micros: string }>(
    `select ${FULL_USER_COLUMNS}, (extract(epoch from u.created_at) * 1000000)::bigint::text as cursor_micros
     from users u where ${page} order by u.created_at, u.id limit ${param(limit + 1)}`,
    params,
  );
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    results: rows.slice(0, limit).map((row) => withRoles(deps.config, toWireUser(row))),
    results_metadata: {
      total: counted?.total ?? 0,
      next_cursor: last ? encodeCursor(last.cursor_micros, last.id) : null,
    },
  };
}

/** The SQL condition one operand stands for, on the users row `u`; its values become parameters. */
function filterSql(operand: UserSearchFilter, param: (value: unknown) => string): string {
  const emails = (condition: string) => `exists (select 1 from user_emails e where e.user_id = u.id and ${condition})`;
  const phones = (condition: string) =>
    `exists (select 1 from user_phone_numbers p where p.user_id = u.id and ${condition})`;
  const has = (table: string, condition = 'true') =>
    `exists (select 1 from ${table} x where x.user_id = u.id and ${condition})`;
  switch (operand.filter_name) {
    case 'user_id':
      return `u.id = any(${param(operand.filter_value)}::text[])`;
    case 'email_address':
      return emails(`e.email = any(${param(operand.filter_value.map((e) => e.toLowerCase()))}::text[])`);
    case 'email_domain':
      return emails(
        `split_part(e.email, '@', 2) = any(${param(operand.filter_value.map((d) => d.toLowerCase()))}::text[])`,
      );
    case 'email_address_fuzzy':
      return emails(`e.email like ${param(containing(operand.filter_value.toLowerCase()))}`);
    case 'email_id':
      return emails(`e.id = ${param(operand.filter_value)}`);
    case 'email_verified':
      return emails(`e.verified = ${param(operand.filter_value)}`);
    case 'phone_number':
      return phones(`p.phone_number = any(${param(operand.filter_value)}::text[])`);
    case 'phone_number_fuzzy':
      return phones(`p.phone_number like ${param(containing(operand.filter_value))}`);
    case 'phone_id':
      return phones(`p.id = ${param(operand.filter_value)}`);
    case 'phone_verified':
      return phones(`p.verified = ${param(operand.filter_value)}`);
    case 'status':
      return `u.status = ${param(operand.filter_value)}`;
    case 'full_name_fuzzy':
      return `lower(concat_ws(' ', u.first_name, u.middle_name, u.last_name)) like ${param(
        containing(operand.filter_value.toLowerCase()),
      )}`;
    case 'created_at_greater_than':
      return `u.created_at > ${param(operand.filter_value)}::timestamptz`;
    case 'created_at_less_than':
      return `u.created_at < ${param(operand.filter_value)}::timestamptz`;
    case 'password_exists':
      return `${has('user_passwords')} = ${param(operand.filter_value)}`;
    case 'totp_exists':
      return `${has('totps', 'x.verified')} = ${param(operand.filter_value)}`;
    case 'webauthn_exists':
      return `${has('webauthn_registrations')} = ${param(operand.filter_value)}`;
    case 'crypto_wallet_verified':
      return has('crypto_wallets', `x.verified = ${param(operand.filter_value)}`);
    case 'crypto_wallet_address':
      return has(
        'crypto_wallets',
        `lower(x.address) = any(${param(operand.filter_value.map((a) => a.toLowerCase()))}::text[])`,
      );
    case 'oauth_provider':
      return has('oauth_registrations', `x.provider = any(${param(operand.filter_value)}::text[])`);
  }
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards in `text` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The timestamp a cursor's whole microseconds stand for, exactly (a float epoch would round them). */
function timestampOfMicros(micros: string): string {
  return `timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond'`;
}

const CURSOR_PATTERN = /^(\d{1,20})\.(.+)$/s;

function encodeCursor(micros: string, id: string): string {
  return Buffer.from(`${micros}.${id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; one this service did not write is 400 `invalid_request`. */
function decodeCursor(cursor: string): { micros: string; id: string } {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2] || match[2].includes('\u0000')) throw Errors.invalidRequest('searchCursorNotValid');
  return { micros: match[1], id: match[2] };
}
