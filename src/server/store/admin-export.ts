// The users export (`npm run export-users`): every user with every method, a batch at a time, in id order. The whole
// user is the wire's User (store/full-user.ts), which holds no secret: no password hash, TOTP seed or token digest.
import type { Db } from '../db/db.ts';
import { FULL_USER_COLUMNS, type FullUserRow } from './full-user.ts';

/** Up to `limit` users whose id sorts after `afterId` (null: from the first), in id order. */
export async function usersAfter(db: Db, afterId: string | null, limit: number): Promise<FullUserRow[]> {
  return db.query<FullUserRow>(
    `select ${FULL_USER_COLUMNS} from users u where $1::text is null or u.id > $1 order by u.id limit $2`,
    [afterId, limit],
  );
}
