import type { Db } from '../db/db.ts';

/**
 * At start, for a service without the dev inbox (production, or development with `devInbox` off): deletes every
 * message a development run left in the dev inbox's table. They hold live links and codes in the clear, and a
 * database first used in development must not carry them into production. Only this statement lives outside
 * src/server/dev/: the inbox itself (dev/inbox-store.ts) is never loaded in production.
 */
export async function deleteDevInboxLeftovers(db: Db): Promise<void> {
  await db.query('delete from dev_messages');
}
