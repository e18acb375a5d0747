// The start-up pass that keeps every stored secret under the current AUTH_SECRET_KEY: plaintext rows (a data folder
// from before encryption) and rows under a previous key are re-encrypted. Idempotent, and safe when two instances
// start at once: each row is rewritten only if it still holds the value that was read (compare and set), and either
// instance's ciphertext is valid under the shared key. Rows under a key the service does not have stop the start.
import { SECRET_RESEAL_BATCH, SEALED_SECRET_VERSION } from '../constants/secrets.ts';
import type { Db } from '../db/db.ts';
import { openOrPlain, seal } from '../security/encryption.ts';
import type { SecretKeys } from '../security/secret-keys.ts';
import { memberTotpSecretContext } from './member-totps.ts';
import { signingKeyContext } from './signing-keys.ts';
import { ssoClientSecretContext } from './sso-connections.ts';
import { totpSecretContext } from './totps.ts';

/** One encrypted column: how to find its rows and the GCM context each row's value is bound to. */
interface SealedColumn {
  table: string;
  idColumn: string;
  valueColumn: string;
  context(id: string): string;
}

const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'signing_keys', idColumn: 'kid', valueColumn: 'private_key_pem', context: signingKeyContext },
  { table: 'totps', idColumn: 'id', valueColumn: 'secret', context: totpSecretContext },
  { table: 'sso_connections', idColumn: 'id', valueColumn: 'client_secret', context: ssoClientSecretContext },
  { table: 'member_totps', idColumn: 'id', valueColumn: 'secret', context: memberTotpSecretContext },
];

/** Re-encrypts every stored secret not yet under the current key; returns how many rows were rewritten. */
export async function resealSecrets(db: Db, secrets: SecretKeys): Promise<number> {
  let rewritten = 0;
  for (const column of SEALED_COLUMNS) rewritten += await resealColumn(db, secrets, column);
  return rewritten;
}

async function resealColumn(db: Db, secrets: SecretKeys, column: SealedColumn): Promise<number> {
  const { table, idColumn, valueColumn } = column;
  const currentPrefix = `${SEALED_SECRET_VERSION}:${secrets.current.kid}:%`;
  let rewritten = 0;
  for (;;) {
    // Every row read here leaves this set once rewritten (by us or a concurrent instance), so the loop ends.
    const rows = await db.query<{ id: string; value: string }>(
      `select ${idColumn} as id, ${valueColumn} as value from ${table}
       where ${valueColumn} not like $1 order by ${idColumn} limit $2`,
      [currentPrefix, SECRET_RESEAL_BATCH],
    );
    if (rows.length === 0) return rewritten;
    for (const row of rows) {
      const context = column.context(row.id);
      const resealed = seal(secrets, openOrPlain(secrets, row.value, context), context);
      const updated = await db.query(
        `update ${table} set ${valueColumn} = $3 where ${idColumn} = $1 and ${valueColumn} = $2 returning ${idColumn}`,
        [row.id, row.value, resealed],
      );
      rewritten += updated.length;
    }
  }
}
