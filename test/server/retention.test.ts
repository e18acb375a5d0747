// The retention sweep (store/retention.ts): every kind of expiring row past its retention is deleted, rows still
// within it (or live) stay, batches are bounded, two sweeps at once delete each row once, the service's own sweeper
// runs it (every so many rate-limit takes, and on a timer), and an expired link answers the same before and after its
// row is gone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { RATE_LIMIT_SWEEP_EVERY_TAKES } from '../../src/server/constants/rate-limits.ts';
import {
  SESSION_RETENTION_AFTER_END_MS,
  TELEMETRY_RETENTION_DAY_MS,
  TELEMETRY_RETENTION_DAYS_DEFAULT,
  TOKEN_RETENTION_AFTER_EXPIRY_MS,
} from '../../src/server/constants/retention.ts';
import type { Db } from '../../src/server/db/db.ts';
import { serviceOptionsFromEnv } from '../../src/server/env-options.ts';
import { RETENTION_RULES, sweepRetention } from '../../src/server/store/retention.ts';
import { iso } from '../../src/server/store/time.ts';
import { until } from '../support/poll.ts';
import {
  expectError,
  latestToken,
  PORTAL_URL,
  post,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const HOUR_MS = 60 * 60_000;
const TELEMETRY_MS = TELEMETRY_RETENTION_DAYS_DEFAULT * TELEMETRY_RETENTION_DAY_MS;
/** Far more than any table holds here: one pass takes everything past retention. */
const WHOLE = 10_000;

/** A row of one kind, tagged so the test can tell which rows are left: `insert` writes it, `end` is when it ended. */
interface Kind {
  rule: string;
  insert(db: Db, tag: string, end: string): Promise<void>;
  /** The tags of the rows of this kind still there. */
  tags(db: Db): Promise<string[]>;
}

async function fixtures(db: Db, at: string): Promise<void> {
  await db.query(`insert into users (id, status, created_at) values ('user-r', 'active', $1)`, [at]);
  await db.query(`insert into user_emails (id, user_id, email, created_at) values ('email-r', 'user-r', $2, $1)`, [
    at,
    uniqueEmail('retention'),
  ]);
  await db.query(
    `insert into oauth_registrations (id, user_id, provider, provider_subject, created_at, last_used_at)
     values ('reg-r', 'user-r', 'google', 'subject-r', $1, $1)`,
    [at],
  );
  await db.query(`insert into organizations (id, name, slug, created_at) values ('org-r', 'R', 'r-org', $1)`, [at]);
  await db.query(
    `insert into members (id, organization_id, email, provenance, created_at)
     values ('member-r', 'org-r', 'member@r.test', 'invited', $1)`,
    [at],
  );
}

/** A kind whose rows carry the tag as their id. */
function byId(rule: string, table: string, columns: string, values: string): Kind {
  return {
    rule,
    insert: async (db, tag, end) => {
      await db.query(`insert into ${table} (id, ${columns}) values ($1, ${values})`, [tag, end]);
    },
    tags: async (db) =>
      (await db.query<{ id: string }>(`select id from ${table} where id like 'tag-%' order by id`)).map((r) => r.id),
  };
}

/** `$1` = the tag (id), `$2` = the end time. */
const KINDS: Kind[] = [
  byId(
    'sessions (expired)',
    'sessions',
    'token_hash, user_id, started_at, last_accessed_at, expires_at',
    `'h' || $1, 'user-r', $2, $2, $2`,
  ),
  byId(
    'sessions (revoked)',
    'sessions',
    'token_hash, user_id, started_at, last_accessed_at, expires_at, revoked_at',
    `'h' || $1, 'user-r', $2, $2, '2999-01-01', $2`,
  ),
  byId(
    'member_sessions (expired)',
    'member_sessions',
    'token_hash, member_id, organization_id, started_at, last_accessed_at, expires_at',
    `'h' || $1, 'member-r', 'org-r', $2, $2, $2`,
  ),
  byId(
    'member_sessions (revoked)',
    'member_sessions',
    'token_hash, member_id, organization_id, started_at, last_accessed_at, expires_at, revoked_at',
    `'h' || $1, 'member-r', 'org-r', $2, $2, '2999-01-01', $2`,
  ),
  byId(
    'magic_links',
    'magic_links',
    'token_hash, user_id, email_id, redirect_url, created_at, expires_at',
    `'h' || $1, 'user-r', 'email-r', '', $2, $2`,
  ),
  byId(
    'otp_codes',
    'otp_codes',
    'method_id, user_id, delivery_method, code_hash, created_at, expires_at',
    `'email-r', 'user-r', 'email', 'h' || $1, $2, $2`,
  ),
  byId(
    'password_resets',
    'password_resets',
    'token_hash, user_id, email_id, created_at, expires_at',
    `'h' || $1, 'user-r', 'email-r', $2, $2`,
  ),
  byId(
    'impersonation_tokens',
    'impersonation_tokens',
    'token_hash, user_id, impersonator_id, created_at, expires_at',
    `'h' || $1, 'user-r', 'support', $2, $2`,
  ),
  byId(
    'oauth_states',
    'oauth_states',
    'state_hash, provider, login_redirect_url, signup_redirect_url, nonce, provider_code_verifier, ' +
      'created_at, expires_at',
    `'h' || $1, 'google', '', '', 'n', 'v', $2, $2`,
  ),
  byId(
    'oauth_tokens',
    'oauth_tokens',
    'token_hash, user_id, registration_id, created_at, expires_at',
    `'h' || $1, 'user-r', 'reg-r', $2, $2`,
  ),
  byId('oauth_callbacks', 'oauth_callbacks', 'callback_hash, created_at, expires_at', `'h' || $1, $2, $2`),
  byId(
    'intermediate_sessions',
    'intermediate_sessions',
    'token_hash, email, created_at, expires_at',
    `'h' || $1, 'member@r.test', $2, $2`,
  ),
  byId(
    'member_email_tokens',
    'member_email_tokens',
    'kind, token_hash, email, created_at, expires_at',
    `'login_otp', 'h' || $1, 'member@r.test', $2, $2`,
  ),
  byId(
    'member_sms_codes',
    'member_sms_codes',
    'member_id, organization_id, phone_number, code_hash, created_at, expires_at',
    `'member-r', 'org-r', '+14155550100', 'h' || $1, $2, $2`,
  ),
  byId('admin_sessions', 'admin_sessions', 'token_hash, created_at, expires_at', `'h' || $1, $2, $2`),
  byId('totps', 'totps', 'user_id, secret, created_at, expires_at', `'user-r', 's', $2, $2`),
  byId(
    'member_totps',
    'member_totps',
    'member_id, organization_id, secret, created_at, expires_at',
    `'member-r', 'org-r', 's', $2, $2`,
  ),
  {
    rule: 'auth_failures',
    insert: async (db, tag, end) => {
      await db.query(`insert into users (id, status, created_at) values ($1, 'active', $2)`, [tag, end]);
      await db.query('insert into auth_failures (user_id, failed_at) values ($1, $2)', [tag, end]);
    },
    tags: async (db) =>
      (await db.query<{ user_id: string }>('select user_id from auth_failures order by user_id')).map((r) => r.user_id),
  },
  {
    rule: 'member_auth_failures',
    insert: async (db, tag, end) => {
      await db.query(
        `insert into members (id, organization_id, email, provenance, created_at)
         values ($1, 'org-r', $1 || '@r.test', 'invited', $2)`,
        [tag, end],
      );
      await db.query('insert into member_auth_failures (member_id, failed_at) values ($1, $2)', [tag, end]);
    },
    tags: async (db) =>
      (await db.query<{ member_id: string }>('select member_id from member_auth_failures order by member_id')).map(
        (r) => r.member_id,
      ),
  },
  byId('pending_contacts', 'pending_contacts', 'user_id, kind, value, created_at', `'user-r', 'email', $1, $2`),
  {
    rule: 'dfp_telemetry_ids',
    insert: async (db, tag, end) => {
      await db.query(
        `insert into dfp_devices (visitor_id, signals, user_agent, ip_address, first_seen_at, last_seen_at)
         values ($1, '{}', 'ua', '127.0.0.1', now(), '2999-01-01')`,
        [tag],
      );
      await db.query(
        'insert into dfp_telemetry_ids (id_digest, visitor_id, created_at, expires_at) values ($1, $1, $2, $2)',
        [tag, end],
      );
    },
    tags: async (db) =>
      (
        await db.query<{ id_digest: string }>(
          `select id_digest from dfp_telemetry_ids where id_digest like 'tag-%' order by id_digest`,
        )
      ).map((r) => r.id_digest),
  },
  {
    rule: 'dfp_devices',
    insert: async (db, tag, end) => {
      await db.query(
        `insert into dfp_devices (visitor_id, signals, user_agent, ip_address, first_seen_at, last_seen_at)
         values ('device-' || $1, '{}', 'ua', '127.0.0.1', $2, $2)`,
        [tag, end],
      );
    },
    tags: async (db) =>
      (
        await db.query<{ visitor_id: string }>(
          `select substr(visitor_id, 8) as visitor_id from dfp_devices where visitor_id like 'device-tag-%'
           order by visitor_id`,
        )
      ).map((r) => r.visitor_id),
  },
  {
    rule: 'events',
    insert: async (db, tag, end) => {
      await db.query(`insert into events (source, name, created_at) values ('sdk', $1, $2)`, [tag, end]);
    },
    tags: async (db) =>
      (await db.query<{ name: string }>(`select name from events where name like 'tag-%' order by name`)).map(
        (r) => r.name,
      ),
  },
];

function keepOf(rule: string): number {
  const found = RETENTION_RULES.find((r) => r.name === rule);
  assert.ok(found, `no retention rule ${rule}`);
  return found.keepMs ?? TELEMETRY_MS;
}

const sweep = (t: TestService, batch = WHOLE, telemetryRetentionMs = TELEMETRY_MS) =>
  sweepRetention(t.service.db, { now: t.now(), batch, telemetryRetentionMs });

describe('retention sweep', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
    await fixtures(t.service.db, iso(t.now()));
  });
  after(() => t.close());

  it('has a test kind for every rule, and every rule a kind', () => {
    assert.deepEqual(KINDS.map((kind) => kind.rule).sort(), RETENTION_RULES.map((rule) => rule.name).sort());
  });

  it('deletes each kind past its retention; rows within it and live rows stay', async () => {
    const db = t.service.db;
    const now = t.now();
    for (const [i, kind] of KINDS.entries()) {
      const keep = keepOf(kind.rule);
      // Distinct tags per kind, since two rules share a table.
      await kind.insert(db, `tag-${i}-gone`, iso(now - keep - 60_000));
      await kind.insert(db, `tag-${i}-kept`, iso(now - keep + 60_000));
      await kind.insert(db, `tag-${i}-live`, iso(now + HOUR_MS));
    }
    const deleted = await sweep(t);
    assert.deepEqual(deleted, Object.fromEntries(RETENTION_RULES.map((rule) => [rule.name, 1])));
    for (const [i, kind] of KINDS.entries()) {
      const mine = (await kind.tags(db)).filter((tag) => tag.startsWith(`tag-${i}-`));
      assert.deepEqual(mine, [`tag-${i}-kept`, `tag-${i}-live`], kind.rule);
    }
    assert.deepEqual(await sweep(t), Object.fromEntries(RETENTION_RULES.map((rule) => [rule.name, 0])));
    for (const [i, kind] of KINDS.entries()) {
      const rows = (await kind.tags(db)).filter((tag) => tag.startsWith(`tag-${i}-`));
      // Clean up for the tests below, which count rows of one table.
      for (const tag of rows) {
        await db.query(`delete from ${tableOf(kind)} where ${tagColumnOf(kind)} = ${tagValueOf(kind)}`, [tag]);
      }
    }
  });

  it('keeps a verified authenticator, however old its expiry', async () => {
    const db = t.service.db;
    const long = iso(t.now() - 365 * 24 * HOUR_MS);
    await db.query(
      'insert into totps (id, user_id, secret, verified, created_at, expires_at) ' +
        `values ('tag-v', 'user-r', 's', true, $1, $1)`,
      [long],
    );
    await db.query(
      `insert into member_totps (id, member_id, organization_id, secret, verified, created_at, expires_at)
       values ('tag-mv', 'member-r', 'org-r', 's', true, $1, $1)`,
      [long],
    );
    await sweep(t);
    assert.deepEqual(await db.query('select id from totps'), [{ id: 'tag-v' }]);
    assert.deepEqual(await db.query('select id from member_totps'), [{ id: 'tag-mv' }]);
  });

  it('keeps a revoked session while a live Sign in with Westlight token names it', async () => {
    const db = t.service.db;
    const long = iso(t.now() - SESSION_RETENTION_AFTER_END_MS - HOUR_MS);
    await db.query(
      `insert into sessions (id, token_hash, user_id, started_at, last_accessed_at, expires_at, revoked_at)
       values ('tag-oidc', 'h-oidc', 'user-r', $1, $1, $1, $1)`,
      [long],
    );
    await db.query(
      `insert into oidc_payloads (id, kind, payload, expires_at) values ('rt-1', 'RefreshToken', $1, $2)`,
      [JSON.stringify({ sessionUid: 'tag-oidc' }), iso(t.now() + HOUR_MS)],
    );
    await sweep(t);
    assert.deepEqual(await db.query(`select id from sessions where id = 'tag-oidc'`), [{ id: 'tag-oidc' }]);
    // Once the token has expired it no longer answers (findPayload), so its session may go.
    await db.query(`update oidc_payloads set expires_at = $1 where id = 'rt-1'`, [iso(t.now() - 1)]);
    const deleted = await sweep(t);
    assert.equal(deleted['sessions (expired)'], 1);
    assert.deepEqual(await db.query(`select id from sessions where id = 'tag-oidc'`), []);
  });

  it('deletes at most `batch` rows of a kind per pass', async () => {
    const db = t.service.db;
    const kind = KINDS.find((k) => k.rule === 'magic_links')!;
    const end = iso(t.now() - TOKEN_RETENTION_AFTER_EXPIRY_MS - HOUR_MS);
    for (let i = 0; i < 7; i++) await kind.insert(db, `tag-batch-${i}`, end);
    const passes: number[] = [];
    for (let i = 0; i < 4; i++) passes.push((await sweep(t, 3)).magic_links!);
    assert.deepEqual(passes, [3, 3, 1, 0]);
    assert.deepEqual(await kind.tags(db), []);
  });

  it('two sweeps at once delete every row exactly once, without an error', async () => {
    const db = t.service.db;
    const kind = KINDS.find((k) => k.rule === 'sessions (expired)')!;
    const end = iso(t.now() - SESSION_RETENTION_AFTER_END_MS - HOUR_MS);
    const rows = 60;
    for (let i = 0; i < rows; i++) await kind.insert(db, `tag-race-${String(i).padStart(2, '0')}`, end);
    const sweeper = async () => {
      let total = 0;
      for (;;) {
        const n = (await sweep(t, 7))['sessions (expired)']!;
        if (n === 0) return total;
        total += n;
      }
    };
    const [a, b] = await Promise.all([sweeper(), sweeper()]);
    assert.equal(a + b, rows);
    assert.deepEqual(await kind.tags(db), []);
  });
});

function tableOf(kind: Kind): string {
  return RETENTION_RULES.find((rule) => rule.name === kind.rule)!.table;
}

function tagColumnOf(kind: Kind): string {
  if (kind.rule === 'auth_failures') return 'user_id';
  if (kind.rule === 'member_auth_failures') return 'member_id';
  if (kind.rule === 'events') return 'name';
  if (kind.rule === 'dfp_telemetry_ids') return 'id_digest';
  if (kind.rule === 'dfp_devices') return 'visitor_id';
  return 'id';
}

/** The tag's value in that column (a device's id carries a prefix, since its telemetry ids use the bare tag). */
function tagValueOf(kind: Kind): string {
  return kind.rule === 'dfp_devices' ? `'device-' || $1` : '$1';
}

describe("the service's sweeper", () => {
  it(`runs the retention sweep at every ${RATE_LIMIT_SWEEP_EVERY_TAKES}th rate-limit take`, async () => {
    const t = await startTestService({ telemetryRetentionDays: 2 });
    try {
      const db = t.service.db;
      await db.query(`insert into events (source, name, created_at) values ('sdk', 'tag-old', $1)`, [
        iso(t.now() - 2 * TELEMETRY_RETENTION_DAY_MS - HOUR_MS),
      ]);
      await db.query(`insert into events (source, name, created_at) values ('sdk', 'tag-recent', $1)`, [
        iso(t.now() - 2 * TELEMETRY_RETENTION_DAY_MS + HOUR_MS),
      ]);
      const batch = [{ event: { event_name: 'tick', public_token: DEFAULT_PUBLIC_TOKEN } }];
      const tags = async () =>
        (await db.query<{ name: string }>(`select name from events where name like 'tag-%' order by name`)).map(
          (r) => r.name,
        );
      // Each telemetry batch is one take of the per-IP events limit; this service has taken nothing else.
      for (let i = 1; i < RATE_LIMIT_SWEEP_EVERY_TAKES; i++)
        assert.equal((await post(t, '/events', batch)).status, 200);
      assert.deepEqual(await tags(), ['tag-old', 'tag-recent']);
      assert.equal((await post(t, '/events', batch)).status, 200);
      assert.deepEqual(await tags(), ['tag-recent']);
    } finally {
      await t.close();
    }
  });

  it('runs it on a timer as well, with no rate-limit take at all, stopped when the service closes', async () => {
    const t = await startTestService({ telemetryRetentionDays: 2, retentionSweepIntervalMs: 25 });
    const db = t.service.db;
    const events = async () =>
      (await db.query<{ name: string }>(`select name from events where name like 'timer-%' order by name`)).map(
        (r) => r.name,
      );
    try {
      await db.query(`insert into events (source, name, created_at) values ('sdk', 'timer-old', $1)`, [
        iso(t.now() - 2 * TELEMETRY_RETENTION_DAY_MS - HOUR_MS),
      ]);
      await db.query(`insert into events (source, name, created_at) values ('sdk', 'timer-recent', $1)`, [
        iso(t.now() - 2 * TELEMETRY_RETENTION_DAY_MS + HOUR_MS),
      ]);
      await until(async () => !(await events()).includes('timer-old'), "the timer's sweep");
      assert.deepEqual(await events(), ['timer-recent']);
    } finally {
      // The timer is stopped before the database closes: no pass runs on a closed database (it would throw here).
      await t.close();
    }
  });

  it('refuses a sweep interval that is not a positive whole number of milliseconds', async () => {
    for (const retentionSweepIntervalMs of [0, -1, 1.5, Number.NaN]) {
      await assert.rejects(startTestService({ retentionSweepIntervalMs }), /retentionSweepIntervalMs must be/);
    }
  });

  it('reads TELEMETRY_RETENTION_DAYS from the environment, refusing anything but 1..3650 whole days', () => {
    assert.equal(serviceOptionsFromEnv({ TELEMETRY_RETENTION_DAYS: '7' }, '/repo').telemetryRetentionDays, 7);
    assert.equal(serviceOptionsFromEnv({}, '/repo').telemetryRetentionDays, undefined);
    for (const bad of ['0', '3651', '1.5', '-3', 'month']) {
      assert.throws(
        () => serviceOptionsFromEnv({ TELEMETRY_RETENTION_DAYS: bad }, '/repo'),
        /^Error: TELEMETRY_RETENTION_DAYS must be a whole number of days/,
        bad,
      );
    }
  });
});

describe('answers do not change when a row is swept', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  it('an expired magic link answers 401 unable_to_auth_magic_link before and after its row is deleted', async () => {
    const email = uniqueEmail('swept');
    const sent = await post(t, '/magic_links/email/login_or_create', {
      email,
      login_magic_link_url: PORTAL_URL,
      signup_magic_link_url: PORTAL_URL,
    });
    assert.equal(sent.status, 200);
    const token = await latestToken(t, email);
    t.advance(7 * 24 * HOUR_MS + TOKEN_RETENTION_AFTER_EXPIRY_MS + HOUR_MS);
    const before = await expectError(
      await post(t, '/magic_links/authenticate', { token, session_duration_minutes: 30 }),
      401,
      'unable_to_auth_magic_link',
    );
    assert.equal((await sweep(t)).magic_links, 1);
    const afterSweep = await expectError(
      await post(t, '/magic_links/authenticate', { token, session_duration_minutes: 30 }),
      401,
      'unable_to_auth_magic_link',
    );
    assert.equal(afterSweep.error_message, before.error_message);
  });
});
