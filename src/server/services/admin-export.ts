// The users export: one JSON line per user (the wire's User, with roles), written as it is read, so a large table
// never sits in memory. Nothing secret is in a User: passwords appear as `{password_id, requires_reset}`, TOTPs as
// `{totp_id, verified}`, and sessions and tokens not at all.
import { EXPORT_USERS_BATCH } from '../constants/admin.ts';
import type { Deps } from '../context.ts';
import { usersAfter } from '../store/admin-export.ts';
import { toWireUser } from '../store/full-user.ts';
import { withRoles } from './users.ts';

/** Calls `write` with each user's line (ending in a newline); returns how many users were written. */
export async function exportUsers(
  deps: Pick<Deps, 'db' | 'config'>,
  write: (line: string) => void | Promise<void>,
): Promise<number> {
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const rows = await usersAfter(deps.db, after, EXPORT_USERS_BATCH);
    for (const row of rows) await write(`${JSON.stringify(withRoles(deps.config, toWireUser(row)))}\n`);
    count += rows.length;
    if (rows.length < EXPORT_USERS_BATCH) return count;
    after = rows[rows.length - 1]?.id ?? null;
  }
}
