import pg from 'pg';
import type { Db } from './db.ts';

/** A real PostgreSQL server through a `pg` pool (DATABASE_URL). */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url });
  // PostgreSQL may end a connection the pool holds idle (a restart or failover, an administrator, a pooler's timeout).
  // pg reports that as an 'error' event on the pool, which would crash the process if nobody listened; the pool has
  // already dropped the connection and opens a new one for the next query, so noting it is all there is to do.
  pool.on('error', (error) => console.error('[identity service] PostgreSQL ended an idle connection:', error.message));
  // Fail at start, not on the first request, when the server cannot be reached.
  await pool.query('select 1');
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    exec: async (sql: string) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Db = {
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        exec: async (sql: string) => void (await client.query(sql)),
        transaction: (inner) => inner(tx),
        close: async () => {},
      };
      try {
        await client.query('begin');
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
