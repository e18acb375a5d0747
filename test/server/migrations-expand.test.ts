// Rolling upgrades (docs/decisions.md, "Rolling upgrades"): while a new release rolls out, the previous one still
// serves on the same database, so a migration may only expand the schema. What can be checked statically is checked
// here, on every migration: no dropped or renamed table or column, no column changing type, no existing column made
// NOT NULL, no NOT NULL column added without a default. A contract step (removing what the previous release no longer
// reads) is marked by a `-- contract:` comment saying so, in the statement it excuses.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations');

/** What a previous release's statements could trip on, each with the reason given when a migration has it. */
const BREAKING: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bdrop\s+table\b/, why: 'drops a table' },
  { pattern: /\bdrop\s+column\b/, why: 'drops a column' },
  { pattern: /\brename\b/, why: 'renames a table or column' },
  { pattern: /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/, why: "changes a column's type" },
  { pattern: /\bset\s+not\s+null\b/, why: 'makes an existing column NOT NULL' },
  {
    // An added column the previous release's inserts do not name must have a default, or they fail.
    pattern:
      /\badd\s+column\s+(?:(?!\bdefault\b|\bgenerated\b)[^,])*\bnot\s+null\b(?:(?!\bdefault\b|\bgenerated\b)[^,])*$/,
    why: 'adds a NOT NULL column without a default',
  },
];

/** The breaking steps of one migration's text, as `<why>: <statement>`; statements marked `-- contract:` pass. */
function breakingSteps(sql: string): string[] {
  const found: string[] = [];
  for (const raw of sql.split(';')) {
    if (/--\s*contract:/i.test(raw)) continue;
    const statement = raw.replace(/--.*$/gm, '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (!statement) continue;
    // A table created in the same statement has no rows and no previous-release readers.
    if (statement.startsWith('create ')) continue;
    for (const { pattern, why } of BREAKING) if (pattern.test(statement)) found.push(`${why}: ${statement}`);
  }
  return found;
}

describe('migrations only expand the schema', () => {
  it('no migration has a step the previous release could trip on', () => {
    const files = fs.readdirSync(MIGRATIONS_DIR).filter((name) => /^\d+_.+\.sql$/.test(name));
    assert.ok(files.length > 0);
    const found = files.flatMap((file) =>
      breakingSteps(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')).map((step) => `${file}: ${step}`),
    );
    assert.deepEqual(found, []);
  });

  it('finds each breaking step, and lets expanding steps and marked contract steps pass', () => {
    assert.deepEqual(
      breakingSteps(`
        alter table users drop column nickname;
        alter table users rename column email to address;
        alter table sessions rename to user_sessions;
        alter table users alter column status type varchar(20);
        alter table users alter column status set data type text;
        alter table users alter column nickname set not null;
        alter table users add column tier text not null;
        drop table old_things;
      `),
      [
        'drops a column: alter table users drop column nickname',
        'renames a table or column: alter table users rename column email to address',
        'renames a table or column: alter table sessions rename to user_sessions',
        "changes a column's type: alter table users alter column status type varchar(20)",
        "changes a column's type: alter table users alter column status set data type text",
        'makes an existing column NOT NULL: alter table users alter column nickname set not null',
        'adds a NOT NULL column without a default: alter table users add column tier text not null',
        'drops a table: drop table old_things',
      ],
    );
    assert.deepEqual(
      breakingSteps(`
        create table things (id text primary key, name text not null);
        alter table users add column tier text not null default 'free';
        alter table users add column nickname text;
        alter table things add column seq bigint not null generated always as identity;
        create index things_name_idx on things (name);
        drop index users_old_idx;
        -- contract: nothing reads users.nickname since 021 (one release ago)
        alter table users drop column nickname;
      `),
      [],
    );
  });
});
