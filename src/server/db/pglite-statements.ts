// Named prepared statements for PGlite, through its public protocol API (execProtocol, protocol.serialize,
// parse.parseResults). PGlite's own query() parses and plans every statement again and crosses into wasm six times
// (parse, describe, bind, describe, execute, sync); the service runs a few dozen fixed SQL texts, so each is parsed
// and planned once and then runs with one crossing. sessions/authenticate's statement (the session touch with the
// whole user) went from 2.9 to 0.84 ms in isolation (bench/throughput.ts shows the route).
//
// Safe here and not on PostgreSQL: the embedded database belongs to this one process, which migrates it before any
// statement is prepared, so no other process can change a table under a prepared plan ("cached plan must not change
// result type" during a rolling deploy is why postgres.ts keeps unnamed statements).
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** More distinct SQL texts than the service has: a runaway dynamic query evicts the oldest instead of growing. */
export const MAX_STATEMENTS = 500;

interface Statement {
  name: string;
  paramTypes: number[];
}

export interface PreparedStatements {
  /** Runs `sql` as a named prepared statement; `inTransaction` skips the file-system sync PGlite does per statement. */
  query<T>(sql: string, params: unknown[], inTransaction: boolean): Promise<T[]>;
}

export function preparedStatements(pg: PGlite): PreparedStatements {
  const statements = new Map<string, Statement>();
  let counter = 0;

  async function exchange(messages: Uint8Array[], syncToFs: boolean) {
    const { messages: replies } = await pg.execProtocol(concat([...messages, protocol.serialize.sync()]), {
      syncToFs,
      throwOnError: false,
    });
    const error = replies.find((m) => m instanceof protocol.messages.DatabaseError);
    if (error) throw error;
    return replies;
  }

  async function prepare(sql: string): Promise<Statement> {
    const name = `auth_login_${++counter}`;
    const replies = await exchange(
      [protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name })],
      false,
    );
    const description = replies.find((m) => m instanceof protocol.messages.ParameterDescriptionMessage);
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestSql, oldest] = statements.entries().next().value!;
      statements.delete(oldestSql);
      await exchange([protocol.serialize.close({ type: 'S', name: oldest.name })], false);
    }
    return statement;
  }

  function serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : pg.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  return {
    query: <T>(sql: string, params: unknown[], inTransaction: boolean) =>
      pg.runExclusive(async () => {
        const statement = statements.get(sql) ?? (await prepare(sql));
        const values = params.map((value, i) => serialize(value, statement.paramTypes[i]));
        const replies = await exchange(
          [
            protocol.serialize.bind({ statement: statement.name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
          ],
          !inTransaction,
        );
        const [result] = parse.parseResults(replies, pg.parsers) as Results<T>[];
        return result?.rows ?? [];
      }),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
