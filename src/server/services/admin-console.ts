// What the admin console reads and does. Every action goes through the same services the backend API uses
// (services/user-admin.ts) and writes one audit row: who, what, which user, from which address, when.
import type { BackendFactorKind, UserAdminView } from '../../api/backend.ts';
import type { User } from '../../api/user.ts';
import { ADMIN_SEARCH_LIMIT, ADMIN_USER_AUDIT_LIST_LENGTH } from '../constants/admin.ts';
import { USER_LOCK_FAILURE_WINDOW_MS } from '../constants/rate-limits.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { latestAuditRows, lockStateOf, type AuditRow } from '../store/admin-console.ts';
import { clearLock } from '../store/lockouts.ts';
import { revokeSession } from '../store/sessions.ts';
import { audit } from './admin-access.ts';
import {
  adminUser,
  deleteFactor,
  deleteUserCompletely,
  revokeAllSessions,
  searchUsers,
  userView,
} from './user-admin.ts';

/** Everything the user's page shows. */
export interface ConsoleUser extends UserAdminView {
  lock: { lockedUntil: string | null; recentFailures: number };
  audit: AuditRow[];
}

/** The one search box: a user id, or part of an email address or phone number. */
export async function consoleSearch(deps: Deps, text: string): Promise<User[]> {
  const found = await searchUsers(deps, {
    limit: ADMIN_SEARCH_LIMIT,
    query: {
      operator: 'OR',
      operands: [
        { filter_name: 'user_id', filter_value: [text] },
        { filter_name: 'email_address_fuzzy', filter_value: text },
        { filter_name: 'phone_number_fuzzy', filter_value: text },
      ],
    },
  });
  return found.results;
}

export async function consoleUser(deps: Deps, userId: string): Promise<ConsoleUser> {
  const view = await userView(deps, userId);
  return {
    ...view,
    lock: await lockStateOf(deps.db, userId, deps.config.now(), USER_LOCK_FAILURE_WINDOW_MS),
    audit: await latestAuditRows(deps.db, ADMIN_USER_AUDIT_LIST_LENGTH, userId),
  };
}

/** The console's actions on one user, as the forms name them. */
export type ConsoleAction =
  | { action: 'revoke_session'; sessionId: string }
  | { action: 'revoke_all_sessions' }
  | { action: 'clear_lockout' }
  | { action: 'delete_factor'; kind: BackendFactorKind; factorId: string }
  | { action: 'delete_user' };

/** Runs one action on the user and audits it; a user or session that does not exist is a 404 and no row. */
export async function runConsoleAction(
  deps: Deps,
  who: { actor: string; ipAddress: string },
  userId: string,
  input: ConsoleAction,
): Promise<void> {
  const { action, ...details } = input;
  switch (input.action) {
    case 'revoke_session': {
      // Only a session of this user: the form names the user in its path and the session in its body.
      const { sessions } = await userView(deps, userId);
      if (!sessions.some((session) => session.session_id === input.sessionId)) throw Errors.sessionNotFound();
      await revokeSession(deps.db, input.sessionId, deps.config.now());
      break;
    }
    case 'revoke_all_sessions':
      await adminUser(deps, userId);
      await revokeAllSessions(deps, userId);
      break;
    case 'clear_lockout':
      await adminUser(deps, userId);
      await clearLock(deps.db, { kind: 'user', id: userId }, deps.config.now());
      break;
    case 'delete_factor':
      await deleteFactor(deps, userId, input.kind, input.factorId);
      break;
    case 'delete_user':
      await deleteUserCompletely(deps, userId);
      break;
  }
  await audit(deps, who, action, userId, details);
}
