import { createHash } from 'node:crypto';
import pg from 'pg';
import { ID_ENVIRONMENT, type IdEnvironment } from '../constants/identifiers.ts';
import type { Db } from './db.ts';
import { MAX_STATEMENTS } from './pglite-statements.ts';

/**
 * Every statement is a named prepared statement, its name the hash of its text: each pooled connection parses and
 * plans a text once and then only binds and executes it. sessions/authenticate's statement (a session touch and the
 * whole user in seven subqueries) was planned afresh on every request before: bench/throughput.ts measured 846 →
 * 1173 req/s with one service process on one PostgreSQL.
 *
 * PostgreSQL re-plans a prepared statement itself when a table it reads changes, except when the change alters the
 * statement's result columns (a migration changing a selected column's type, or a column added under `returning *`):
 * then it answers "cached plan must not change result type" on that connection until the statement is prepared
 * again. Then every connection that was open is dropped (when next handed out) and the statement is retried on a new
 * one: a rolling deploy whose migration changes a column sees no error outside a transaction. Inside one, the error
 * ends that transaction, which its caller sees once, as for any other failed statement.
 */
export async function openPostgres(url: string, idEnvironment: IdEnvironment = ID_ENVIRONMENT): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url });
  // PostgreSQL may end a connection the pool holds idle (a restart or failover, an administrator, a pooler's timeout).
  // pg reports that as an 'error' event on the pool, which would crash the process if nobody listened; the pool has
  // already dropped the connection and opens a new one for the next query, so noting it is all there is to do.
  pool.on('error', (error) => console.error('[identity service] PostgreSQL ended an idle connection:', error.message));
  // Fail at start, not on the first request, when the server cannot be reached.
  await pool.query('select 1');
  // Connections prepared before a stale plan was seen may hold stale statements too: they are dropped when next
  // handed out, so one change to a table costs at most the statements already running, not one failure per connection.
  let generation = 0;
  const generationOf = new WeakMap<pg.PoolClient, number>();

  async function connect(): Promise<pg.PoolClient> {
    for (;;) {
      const client = await pool.connect();
      const seen = generationOf.get(client);
      if (seen === undefined || seen === generation) {
        generationOf.set(client, generation);
        return client;
      }
      client.release(true);
    }
  }

  /** Back to the pool; after a stale plan, dropped, and every connection open now dropped when next handed out. */
  function release(client: pg.PoolClient, stalePlan = false): void {
    if (!stalePlan) {
      client.release();
      return;
    }
    generation++;
    client.release(true);
  }

  async function query<T>(sql: string, params?: unknown[]): Promise<T[]> {
    for (let attempt = 0; ; attempt++) {
      const client = await connect();
      try {
        const result = await client.query(prepared(sql, params));
        release(client);
        return result.rows as T[];
      } catch (error) {
        release(client, isStalePlan(error));
        // A retry gets a connection prepared after the change; the second stale plan in a row is not one to hide.
        if (!isStalePlan(error) || attempt > 0) throw error;
      }
    }
  }

  return {
    idEnvironment,
    query,
    exec: async (sql: string) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await connect();
      // Noted where it happens: the transaction's own code may catch the error and go on.
      let stalePlan = false;
      // The ids made in a transaction say its database's environment, as those made outside one do.
      const tx: Db = {
        idEnvironment,
        query: async <T>(sql: string, params?: unknown[]) => {
          try {
            return (await client.query(prepared(sql, params))).rows as T[];
          } catch (error) {
            stalePlan ||= isStalePlan(error);
            throw error;
          }
        },
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
        release(client, stalePlan);
      }
    },
    close: () => pool.end(),
  };
}

const names = new Map<string, string>();

/**
 * The statement under its name, computed once per text (the service has a few hundred texts). Past MAX_STATEMENTS
 * texts a new one stays unnamed: a runaway dynamic query must not prepare without bound on every connection.
 */
function prepared(text: string, values?: unknown[]): pg.QueryConfig {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_STATEMENTS) return { text, values };
    name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
    names.set(text, name);
  }
  return { name, text, values };
}

/**
 * feature_not_supported, as PostgreSQL answers a prepared statement whose result columns a change to a table altered.
 */
function isStalePlan(error: unknown): boolean {
  return (
    (error as { code?: string } | undefined)?.code === '0A000' &&
    /cached plan must not change result type/.test(String((error as Error).message))
  );
}
