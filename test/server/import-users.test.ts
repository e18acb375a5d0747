// Importing users with password hashes from another system (`npm run import-users`, services/admin-import.ts): each
// format the hosted provider's migration takes signs in with its password and not with another, the first sign-in
// replaces the imported hash by our Argon2id, an unverified address's password leads only to a reset, bad lines are
// refused by number with nothing of them written, a taken address is refused (also between two parallel imports),
// the lockout and the per-IP failure budget count imported passwords, and the export never shows an imported hash.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import { hash as bcryptHash } from '@node-rs/bcrypt';
import { IMPORTED_BCRYPT_MAX_COST } from '../../src/server/constants/passwords.ts';
import { USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import { exportUsers } from '../../src/server/services/admin-export.ts';
import { importUsers, type RefusedLine } from '../../src/server/services/admin-import.ts';
import {
  dataOf,
  expectError,
  inbox,
  post,
  PORTAL_URL,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const PASSWORD = 'violet harbour lantern 42';
const OUR_ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

/** The library's Argon2 variants (a const enum this build cannot import): 1 is Argon2i, 2 Argon2id. */
const ARGON2I = 1;
const ARGON2ID = 2;

/** Hashes of PASSWORD as other systems store them, each as an import line's fields. */
async function foreignHashes(): Promise<Record<string, Record<string, unknown>>> {
  const bcrypt = await bcryptHash(PASSWORD, 4);
  const salt = randomBytes(16);
  const scrypt = { salt: salt.toString('base64'), n_parameter: 16_384, r_parameter: 8, p_parameter: 1, key_length: 64 };
  const scryptKey = scryptSync(PASSWORD, salt, 64, { N: 16_384, r: 8, p: 1 });
  return {
    argon_2i: {
      hash_type: 'argon_2i',
      hash: await argon2Hash(PASSWORD, { algorithm: ARGON2I, memoryCost: 4096, timeCost: 3, parallelism: 1 }),
    },
    argon_2id: {
      hash_type: 'argon_2id',
      hash: await argon2Hash(PASSWORD, { algorithm: ARGON2ID, memoryCost: 8192, timeCost: 1, parallelism: 2 }),
    },
    bcrypt_2a: { hash_type: 'bcrypt', hash: bcrypt.replace(/^\$2b\$/, '$2a$') },
    bcrypt_2b: { hash_type: 'bcrypt', hash: bcrypt },
    bcrypt_2y: { hash_type: 'bcrypt', hash: bcrypt.replace(/^\$2b\$/, '$2y$') },
    scrypt: { hash_type: 'scrypt', hash: scryptKey.toString('base64'), scrypt_config: scrypt },
  };
}

async function importLines(lines: unknown[]): Promise<{ imported: number; refused: RefusedLine[] }> {
  const refused: RefusedLine[] = [];
  const texts = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line)));
  const counts = await importUsers(t.service, texts, (line) => refused.push(line));
  assert.equal(counts.refused, refused.length);
  return { imported: counts.imported, refused };
}

function login(email: string, password: string, service = t) {
  return post(service, '/passwords/authenticate', { email, password, session_duration_minutes: 30 });
}

interface StoredPassword {
  password_hash: string;
  imported_hash_type: string | null;
  imported_hash: string | null;
  requires_reset: boolean;
}

async function storedPassword(email: string, service = t): Promise<StoredPassword | undefined> {
  const [row] = await service.service.db.query<StoredPassword>(
    `select p.password_hash, p.imported_hash_type, p.imported_hash, p.requires_reset
     from user_passwords p join user_emails e on e.user_id = p.user_id where e.email = $1`,
    [email],
  );
  return row;
}

async function usersWith(email: string): Promise<number> {
  const rows = await t.service.db.query('select 1 from user_emails where email = $1', [email]);
  return rows.length;
}

describe('each imported format', () => {
  it('signs in with its password and not another; the first sign-in replaces it by our Argon2id', async () => {
    for (const [format, fields] of Object.entries(await foreignHashes())) {
      const email = uniqueEmail(format.replace('_', '-'));
      const result = await importLines([
        {
          email,
          ...fields,
          set_email_verified: true,
          name: { first_name: 'Ada', last_name: format },
          trusted_metadata: { student_number: 'W-1815' },
        },
      ]);
      assert.deepEqual(result, { imported: 1, refused: [] }, format);
      const before = await storedPassword(email);
      assert.equal(before?.password_hash, '', format);
      assert.equal(before?.imported_hash_type, fields.hash_type, format);

      await expectError(await login(email, `${PASSWORD}!`), 401, 'unauthorized_credentials');
      assert.deepEqual(await storedPassword(email), before, `${format}: a wrong password changes nothing`);

      const signedIn = await dataOf<{
        user: { name: { first_name: string; last_name: string }; emails: { verified: boolean }[] };
        user_id: string;
      }>(await login(email, PASSWORD));
      assert.deepEqual(signedIn.user.name, { first_name: 'Ada', middle_name: '', last_name: format });
      assert.deepEqual(
        signedIn.user.emails.map((e) => e.verified),
        [true],
      );
      const after = await storedPassword(email);
      assert.match(after?.password_hash ?? '', OUR_ARGON2ID, format);
      assert.equal(after?.imported_hash, null, `${format}: the imported hash is gone`);
      assert.equal(after?.imported_hash_type, null);

      // From now on our hash is what signs in.
      assert.equal((await dataOf<{ user_id: string }>(await login(email, PASSWORD))).user_id, signedIn.user_id);
      await expectError(await login(email, `${PASSWORD}!`), 401, 'unauthorized_credentials');
    }
  });

  it('counts wrong imported passwords toward the user lock, and keeps the hash while locked', async () => {
    const email = uniqueEmail('locked');
    const { bcrypt_2b: fields } = await foreignHashes();
    await importLines([{ email, ...fields, set_email_verified: true }]);
    for (let i = 1; i < USER_LOCK_FAILURE_LIMIT; i += 1) {
      await expectError(await login(email, `wrong ${i}`), 401, 'unauthorized_credentials');
    }
    await expectError(await login(email, 'wrong again'), 429, 'user_lock_limit_reached');
    await expectError(await login(email, PASSWORD), 429, 'user_lock_limit_reached');
    assert.equal((await storedPassword(email))?.imported_hash, fields?.hash);
  });

  it('spends the client’s failure budget like any password', async () => {
    const limited = await startTestService({ ipRateLimits: { authFailures: 2 } });
    try {
      const email = uniqueEmail('budget');
      const { scrypt: fields } = await foreignHashes();
      const counts = await importUsers(
        limited.service,
        [JSON.stringify({ email, ...fields, set_email_verified: true })],
        () => {
          throw new Error('no line is refused');
        },
      );
      assert.deepEqual(counts, { imported: 1, refused: 0 });
      // Parallel wrong guesses: the budget is reserved before each check, so exactly two are checked.
      const guesses = await Promise.all(['a', 'b', 'c', 'd'].map((x) => login(email, `wrong ${x}`, limited)));
      assert.deepEqual(guesses.map((res) => res.status).sort(), [401, 401, 429, 429]);
      await expectError(await login(email, PASSWORD, limited), 429, 'too_many_requests');
      assert.equal((await storedPassword(email, limited))?.imported_hash_type, 'scrypt');
    } finally {
      await limited.close();
    }
  });
});

describe('an address the import does not mark verified', () => {
  it(
    'stays unproven; its password answers reset_password, ' + 'and the reset email gives the account its owner',
    async () => {
      const email = uniqueEmail('unverified');
      const { argon_2id: fields } = await foreignHashes();
      const { imported } = await importLines([{ email, ...fields }]);
      assert.equal(imported, 1);

      await expectError(await login(email, `${PASSWORD}!`), 401, 'unauthorized_credentials');
      await expectError(await login(email, PASSWORD), 400, 'reset_password', 'Password must be reset.');
      assert.equal((await storedPassword(email))?.imported_hash, fields?.hash, 'the hash is not replaced');

      // The widget's Password Dedupe path: the reset email proves the address, and the new password replaces the
      // import.
      await dataOf(await post(t, '/passwords/email/reset/start', { email, reset_password_redirect_url: PORTAL_URL }));
      const [message] = await inbox(t, email);
      const token = new URL(message?.links[0] ?? '').searchParams.get('token');
      const reset = await dataOf<{ user: { emails: { verified: boolean }[] } }>(
        await post(t, '/passwords/email/reset', {
          token,
          password: 'quiet meadow compass 77',
          session_duration_minutes: 30,
        }),
      );
      assert.deepEqual(
        reset.user.emails.map((e) => e.verified),
        [true],
      );
      const after = await storedPassword(email);
      assert.equal(after?.imported_hash, null);
      assert.match(after?.password_hash ?? '', OUR_ARGON2ID);
      await expectError(await login(email, PASSWORD), 401, 'unauthorized_credentials');
      await dataOf(await login(email, 'quiet meadow compass 77'));
    },
  );
});

describe('refused lines', () => {
  it('are reported by line number, and nothing of them is written', async () => {
    const hashes = await foreignHashes();
    const good = uniqueEmail('good');
    const emails = Array.from({ length: 9 }, (_, i) => uniqueEmail(`bad${i}`));
    const bcrypt = hashes.bcrypt_2b ?? {};
    const scrypt = hashes.scrypt ?? {};
    const scryptConfig = scrypt.scrypt_config as Record<string, unknown>;
    const result = await importLines([
      { email: good, ...bcrypt },
      '{"email": "cut off',
      '[]',
      { email: emails[0], hash_type: 'bcrypt' },
      { email: emails[1], hash: 'x', hash_type: 'md_5' },
      { email: emails[2], hash: '$2b$04$short', hash_type: 'bcrypt' },
      '',
      { email: emails[3], hash: String(bcrypt.hash).replace('$04$', '$31$'), hash_type: 'bcrypt' },
      { email: emails[4], hash: scrypt.hash, hash_type: 'scrypt' },
      { email: emails[5], ...scrypt, scrypt_config: { ...scryptConfig, n_parameter: 1000 } },
      { email: emails[6], ...scrypt, scrypt_config: { ...scryptConfig, n_parameter: 262_144, r_parameter: 16 } },
      { email: emails[7], ...scrypt, scrypt_config: { ...scryptConfig, key_length: 32 } },
      { email: emails[8], ...scrypt, scrypt_config: { ...scryptConfig, salt: 'not base64!' } },
      { email: 'not-an-address', ...bcrypt },
      { email: good.toUpperCase(), ...bcrypt },
      { email: uniqueEmail('argon'), hash: hashes.argon_2i?.hash, hash_type: 'argon_2id' },
    ]);
    assert.equal(result.imported, 1);
    assert.deepEqual(
      result.refused.map(({ line, error }) => [line, error.status, error.errorType, error.message]),
      [
        [2, 400, 'invalid_request', 'The line is not valid JSON.'],
        [3, 400, 'invalid_request', 'The line must be a JSON object.'],
        [4, 400, 'invalid_request', 'hash is required.'],
        [5, 400, 'invalid_request', 'hash_type must be one of: argon_2i, argon_2id, bcrypt, scrypt.'],
        [6, 400, 'invalid_request', 'hash is not of the bcrypt form $2b$<cost>$<53 characters> ($2a$ and $2y$ too).'],
        [8, 400, 'invalid_request', `hash (bcrypt cost) must be a whole number from 4 to ${IMPORTED_BCRYPT_MAX_COST}.`],
        [9, 400, 'invalid_request', 'scrypt_config is required.'],
        [10, 400, 'invalid_request', 'n_parameter must be a power of two from 2 to 262144.'],
        [
          11,
          400,
          'invalid_request',
          'scrypt_config asks for 513 MiB per check (128 × r × (N + 2 + p) bytes); at most 272 MiB is allowed.',
        ],
        [12, 400, 'invalid_request', 'hash must decode to key_length (32) bytes.'],
        [13, 400, 'invalid_request', 'salt must be base64.'],
        [14, 400, 'invalid_email', 'Email format is invalid.'],
        [15, 400, 'duplicate_email', 'A user with this email address already exists.'],
        [16, 400, 'invalid_request', 'hash is not of the argon_2id form $argon2id$v=19$m=…,t=…,p=…$<salt>$<digest>.'],
      ],
    );
    for (const email of emails) assert.equal(await usersWith(email), 0, `nothing of ${email} was written`);
    assert.equal(await usersWith(good), 1);
  });

  it('refuses an address that has a user already, and leaves that user as it was', async () => {
    const student = await signIn(t);
    const { bcrypt_2b: fields } = await foreignHashes();
    const { refused } = await importLines([{ email: student.email, ...fields, set_email_verified: true }]);
    assert.deepEqual(
      refused.map(({ line, error }) => [line, error.errorType]),
      [[1, 'duplicate_email']],
    );
    assert.equal(await storedPassword(student.email), undefined, 'no password was added to the existing user');
  });

  it('imports one of two parallel imports of the same address', async () => {
    const email = uniqueEmail('race');
    const { bcrypt_2b: fields } = await foreignHashes();
    const line = JSON.stringify({ email, ...fields, set_email_verified: true });
    const results = await Promise.all(Array.from({ length: 4 }, () => importLines([line])));
    assert.deepEqual(results.map((r) => r.imported).sort(), [0, 0, 0, 1]);
    assert.deepEqual(
      results.flatMap((r) => r.refused.map(({ error }) => error.errorType)),
      ['duplicate_email', 'duplicate_email', 'duplicate_email'],
    );
    assert.equal(await usersWith(email), 1);
  });
});

describe('the export', () => {
  it('never prints an imported hash, nor its salt', async () => {
    const hashes = await foreignHashes();
    const secrets: string[] = [];
    const emails: string[] = [];
    for (const fields of Object.values(hashes)) {
      const email = uniqueEmail('exported');
      emails.push(email);
      await importLines([{ email, ...fields }]);
      secrets.push(String(fields.hash));
      const config = fields.scrypt_config as { salt: string } | undefined;
      if (config) secrets.push(config.salt, Buffer.from(config.salt, 'base64').toString('base64').replace(/=+$/, ''));
    }
    const lines: string[] = [];
    await exportUsers(t.service, (line) => {
      lines.push(line);
    });
    const text = lines.join('');
    for (const secret of [...secrets, '$2a$', '$2b$', '$2y$', '$argon2', '$scrypt', 'imported_hash']) {
      assert.equal(text.includes(secret), false, `the export does not contain ${secret}`);
    }
    const exported = lines
      .map((line) => JSON.parse(line) as { emails: { email: string }[]; password: unknown })
      .filter((user) => emails.includes(user.emails[0]?.email ?? ''));
    assert.equal(exported.length, emails.length);
    for (const user of exported) {
      assert.deepEqual(Object.keys(user.password as object).sort(), ['password_id', 'requires_reset']);
    }
  });
});
