import type { IdEnvironment } from '../constants/identifiers.ts';

/**
 * The whole database surface the service uses: parameterised SQL. Both implementations (PGlite and `pg`) speak
 * the same PostgreSQL dialect, so every store module works on both.
 */
export interface Db {
  /**
   * The environment of the ids of rows made in this database (`test` or `live`, ids.ts). A database holds one
   * environment's data, as each of the hosted provider's projects does, so its handle says which; and every store
   * already receives the handle, so none needs the service's config to spell an id. A transaction's is its database's.
   */
  readonly idEnvironment: IdEnvironment;
  /** One statement with `$1`-style parameters; returns the rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Nested calls join it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'memory' }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string };
