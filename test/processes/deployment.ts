// A deployment for the process tests: service processes sharing one database (two on PostgreSQL, one on a PGlite
// folder, which a single process owns), requests spread across them, and the database checks every race ends with.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/db.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import {
  clientIp,
  postTo,
  sharedDatabase,
  startServiceProcess,
  type ServiceProcess,
  type SharedDatabase,
} from './service-process.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** Which instance answered (index into `instances`). */
  instance: number;
}

export interface Deployment {
  database: SharedDatabase;
  instances: ServiceProcess[];
  /** Stops every instance, then opens the database in this process for checks; closed by `close()`. */
  inspect(): Promise<Db>;
  close(): Promise<void>;
}

/** `env`: settings every instance gets on top of the test defaults (e.g. CONNECTED_APPS, PUBLIC_URL). */
export async function deploy(env: Record<string, string> = {}): Promise<Deployment> {
  const database = await sharedDatabase();
  const count = database.multiProcess ? 2 : 1;
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startServiceProcess(database.options, env)),
  );
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(instances.map((instance) => instance.kill9()));
    await database.drop();
    throw failed.reason;
  }
  let inspected: Db | undefined;
  return {
    database,
    instances,
    async inspect() {
      await Promise.all(instances.map((instance) => instance.stop()));
      inspected ??= await openDatabase(database.options);
      return inspected;
    },
    async close() {
      await Promise.all(instances.map((instance) => instance.kill9()));
      await inspected?.close();
      await database.drop();
    },
  };
}

/** Runs `run` against a fresh deployment, closed afterwards whatever happens. */
export async function withDeployment(run: (deployment: Deployment) => Promise<void>): Promise<void> {
  const deployment = await deploy();
  try {
    await run(deployment);
  } finally {
    await deployment.close();
  }
}

/**
 * Request i of a burst: sent by client i (its own loopback address, so per-IP limits see many clients, as they would
 * in a real rush) to instance i mod the number of instances. A refused connection or a non-JSON body fails the test.
 */
export async function call(
  deployment: Deployment,
  i: number,
  path: string,
  body: unknown,
  ip = clientIp(i),
): Promise<Answer> {
  const instance = i % deployment.instances.length;
  const proc = deployment.instances[instance]!;
  const res = await postTo(proc, path, body, ip);
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, instance };
}

/** Strong enough for zxcvbn, different every time. */
export function strongPassword(): string {
  return `Lamp-${randomBytes(12).toString('base64url')}-Glow`;
}

/** `count` requests at once, request i to instance i mod (number of instances). */
export function inParallel<T>(count: number, send: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

/** The `data` of a 200 envelope. */
export function dataOf(answer: Answer): Record<string, unknown> {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data as Record<string, unknown>;
}

/** Status and error_type of every answer, counted: e.g. `{'200': 1, '400 duplicate_email': 99}`. */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status === 200 ? '200' : `${answer.status} ${String(answer.body.error_type)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function assertNo5xx(answers: Answer[]): void {
  const failures = answers.filter((answer) => answer.status >= 500);
  assert.deepEqual(
    failures.map((f) => `${f.status} ${JSON.stringify(f.body)}`),
    [],
    'no answer is a 5xx',
  );
}

/** Rows that point at a user that does not exist, per table: always zero. */
const USER_REFERENCES = [
  'user_emails',
  'user_phone_numbers',
  'sessions',
  'magic_links',
  'otp_codes',
  'auth_failures',
  'user_passwords',
  'password_resets',
  'oauth_registrations',
  'oauth_tokens',
  'webauthn_registrations',
  'crypto_wallets',
  'idp_grants',
  'pending_contacts',
] as const;

/**
 * No half-made rows: every user has a way to sign in (an email, a phone number, a social registration or a crypto
 * wallet); no row references a missing user; every passcode belongs to an email or phone of its own user.
 */
export async function assertNoOrphans(db: Db): Promise<void> {
  const emptyUsers = await db.query<{ id: string }>(
    `select u.id from users u
      where not exists (select 1 from user_emails e where e.user_id = u.id)
        and not exists (select 1 from user_phone_numbers p where p.user_id = u.id)
        and not exists (select 1 from oauth_registrations r where r.user_id = u.id)
        and not exists (select 1 from crypto_wallets w where w.user_id = u.id)`,
  );
  assert.deepEqual(emptyUsers, [], 'every user has an email, a phone number, a social registration or a crypto wallet');
  for (const table of USER_REFERENCES) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from ${table} t where not exists (select 1 from users u where u.id = t.user_id)`,
    );
    assert.equal(row?.n, 0, `${table} rows whose user is missing`);
  }
  const [codes] = await db.query<{ n: number }>(
    `select count(*)::int as n from otp_codes c
      where not exists (select 1 from user_emails e where e.id = c.method_id and e.user_id = c.user_id)
        and not exists (select 1 from user_phone_numbers p where p.id = c.method_id and p.user_id = c.user_id)
        and not exists (select 1 from pending_contacts w where w.id = c.method_id and w.user_id = c.user_id)`,
  );
  assert.equal(codes?.n, 0, 'passcodes whose method is not an email, phone number or pending contact of their user');
}
