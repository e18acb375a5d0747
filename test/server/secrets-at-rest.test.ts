// Secrets at rest under AUTH_SECRET_KEY: passcodes keyed with an HMAC, TOTP seeds and the signing key sealed with
// AES-256-GCM (key id stored), rotation with previous keys, plaintext rows from before encryption, tampering, and
// start-up errors for a bad or wrong key. Restarts use a PGlite data folder.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JWKS_PATH } from '../../src/api/paths.ts';
import { createService } from '../../src/server/app.ts';
import { DEV_SECRET_KEY } from '../../src/server/constants/secrets.ts';
import { open, SecretDecryptionError, seal } from '../../src/server/security/encryption.ts';
import { hashOtpCode } from '../../src/server/security/otp-codes.ts';
import { deriveSecretKeys, encryptionKeyOf, parseSecretKey } from '../../src/server/security/secret-keys.ts';
import { base32Decode, totpAt } from '../../src/server/security/totp.ts';
import { resealSecrets } from '../../src/server/store/secrets-at-rest.ts';
import {
  dataOf,
  expectError,
  inbox,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('base64url');
const kidOf = (key: string) => encryptionKeyOf(parseSecretKey(key)).kid;
const SEALED = /^v1:([0-9a-f]{16}):[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/;

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-secrets-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string, secretKey: string, previousSecretKeys?: string[]): Promise<TestService> {
  return startTestService({
    database: { kind: 'pglite', dataDir: dir },
    secretKey,
    ...(previousSecretKeys ? { previousSecretKeys } : {}),
  });
}

/** A signed-in student with a new authenticator: its seed (as the app scanned it) and id. */
async function enrol(t: TestService) {
  const student = await signIn(t);
  const created = await dataOf<{ totp_id: string; secret: string }>(
    await post(t, '/totps', { expiration_minutes: 60 }, { sessionToken: student.sessionToken }),
  );
  return { student, totpId: created.totp_id, secret: created.secret };
}

function totpCode(secret: string, t: TestService, stepsAhead = 0): string {
  return totpAt(base32Decode(secret), t.now() + stepsAhead * 30_000);
}

async function storedRows(t: TestService) {
  const keys = await t.service.db.query<{ kid: string; private_key_pem: string }>(
    'select kid, private_key_pem from signing_keys',
  );
  const totps = await t.service.db.query<{ id: string; secret: string }>('select id, secret from totps order by id');
  return { keys, totps };
}

/** Every row of every table as text, for "the plaintext is nowhere" checks. */
async function everyRowText(t: TestService): Promise<string> {
  const tables = await t.service.db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let text = '';
  for (const { table_name } of tables) {
    const rows = await t.service.db.query<{ row: string }>(`select t::text as row from "${table_name}" t`);
    text += rows.map((r) => r.row).join('\n');
  }
  return text;
}

describe('AUTH_SECRET_KEY', () => {
  it('is 32 bytes as 64 hex characters or base64/base64url; the forms of one key derive the same keys', () => {
    const bytes = randomBytes(32);
    const kids = [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
    ].map(kidOf);
    assert.equal(new Set(kids).size, 1);
    assert.match(kids[0]!, /^[0-9a-f]{16}$/);
    // The derived encryption key is not the master key, and the passcode HMAC key differs from both.
    const keys = deriveSecretKeys(bytes.toString('hex'));
    assert.notDeepEqual(keys.current.key, bytes);
    assert.notDeepEqual(keys.otpHmacKey, keys.current.key);
    assert.equal(kids[0], createHash('sha256').update(keys.current.key).digest().subarray(0, 8).toString('hex'));
  });

  it('anything else stops the start with a message naming the setting', async () => {
    const expected =
      /^Error: AUTH_SECRET_KEY must be 32 random bytes written as 64 hex characters or as base64\/base64url/;
    for (const bad of [
      '',
      'secret',
      randomBytes(31).toString('hex'),
      randomBytes(33).toString('hex'),
      randomBytes(16).toString('base64'),
      `${KEY_A}0`,
    ]) {
      await assert.rejects(
        createService({ secretKey: bad }),
        (error: Error) => expected.test(String(error)),
        JSON.stringify(bad),
      );
    }
    await assert.rejects(
      createService({ secretKey: KEY_A, previousSecretKeys: [KEY_B, 'nope'] }),
      /AUTH_SECRET_KEY_PREVIOUS\[1\] must be 32 random bytes/,
    );
  });

  it('defaults to the public dev key in development', async () => {
    const t = await startTestService();
    try {
      assert.equal(t.service.config.secretKey, DEV_SECRET_KEY);
      const [key] = (await storedRows(t)).keys;
      assert.equal(SEALED.exec(key!.private_key_pem)?.[1], kidOf(DEV_SECRET_KEY));
    } finally {
      await t.close();
    }
  });
});

describe('passcodes at rest', () => {
  it(
    'are HMAC-keyed: not SHA-256 of method and code, they verify, and a service with another ' +
      'key cannot match them',
    async () => {
      const dir = dataDir();
      const first = await start(dir, KEY_A);
      const email = uniqueEmail();
      const sent = await dataOf<{ method_id: string }>(await post(first, '/otps/email/login_or_create', { email }));
      const code = (await inbox(first, email))[0]!.text.match(/\b(\d{6})\b/)![1]!;
      const [row] = await first.service.db.query<{ code_hash: string }>(
        'select code_hash from otp_codes where method_id = $1',
        [sent.method_id],
      );
      assert.notEqual(row!.code_hash, createHash('sha256').update(`${sent.method_id}:${code}`).digest('hex'));
      assert.equal(row!.code_hash, hashOtpCode(deriveSecretKeys(KEY_A).otpHmacKey, sent.method_id, code));
      assert.notEqual(row!.code_hash, hashOtpCode(deriveSecretKeys(KEY_B).otpHmacKey, sent.method_id, code));
      // A second code to the same address, kept for the service with the other key below.
      const second = await dataOf<{ method_id: string }>(await post(first, '/otps/email/login_or_create', { email }));
      const secondCode = (await inbox(first, email))[0]!.text.match(/\b(\d{6})\b/)![1]!;
      assert.notEqual(secondCode, code);
      await first.close();

      // Same database, different key (the old one only as a previous key for sealed secrets): the digest cannot match.
      const other = await start(dir, KEY_B, [KEY_A]);
      try {
        await expectError(
          await post(other, '/otps/authenticate', {
            token: secondCode,
            method_id: second.method_id,
            session_duration_minutes: 30,
          }),
          401,
          'otp_code_not_found',
        );
      } finally {
        await other.close();
      }
      // Under its own key the code verifies.
      const again = await start(dir, KEY_A, [KEY_B]);
      try {
        const third = await dataOf<{ method_id: string }>(await post(again, '/otps/email/login_or_create', { email }));
        const thirdCode = (await inbox(again, email))[0]!.text.match(/\b(\d{6})\b/)![1]!;
        await dataOf(
          await post(again, '/otps/authenticate', {
            token: thirdCode,
            method_id: third.method_id,
            session_duration_minutes: 30,
          }),
        );
      } finally {
        await again.close();
      }
    },
  );
});

describe('TOTP seeds and the signing key at rest', () => {
  it(
    'are sealed under the current key id: no seed and no PEM private key in any row, and both ' + 'still work',
    async () => {
      const t = await start(dataDir(), KEY_A);
      try {
        const { student, totpId, secret } = await enrol(t);
        const { keys, totps } = await storedRows(t);
        assert.equal(keys.length, 1);
        assert.equal(SEALED.exec(keys[0]!.private_key_pem)?.[1], kidOf(KEY_A));
        assert.deepEqual(
          totps.map((row) => row.id),
          [totpId],
        );
        assert.equal(SEALED.exec(totps[0]!.secret)?.[1], kidOf(KEY_A));
        const everything = await everyRowText(t);
        assert.ok(!everything.includes(secret), 'the base32 seed is in no row');
        assert.ok(!everything.includes('PRIVATE KEY'), 'no PEM private key in any row');
        await dataOf(
          await post(
            t,
            '/totps/authenticate',
            { totp_code: totpCode(secret, t), session_duration_minutes: 30 },
            { sessionToken: student.sessionToken },
          ),
        );
      } finally {
        await t.close();
      }
    },
  );

  it(
    'tampering fails loudly: an altered or moved TOTP ciphertext is a 500, never a match; an ' +
      'altered signing key stops the start',
    async () => {
      const dir = dataDir();
      const t = await start(dir, KEY_A);
      const one = await enrol(t);
      const two = await enrol(t);
      const [rowOne, rowTwo] = (await storedRows(t)).totps.sort((a, b) =>
        a.id === one.totpId ? -1 : b.id === one.totpId ? 1 : 0,
      );
      assert.equal(rowOne!.id, one.totpId);
      const [prefix, body] = [rowOne!.secret.slice(0, -4), rowOne!.secret.slice(-4)];
      const flipped = `${prefix}${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
      await t.service.db.query('update totps set secret = $2 where id = $1', [one.totpId, flipped]);
      const errors: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => void errors.push(args[1]);
      try {
        await expectError(
          await post(
            t,
            '/totps/authenticate',
            { totp_code: totpCode(one.secret, t), session_duration_minutes: 30 },
            { sessionToken: one.student.sessionToken },
          ),
          500,
          'internal_server_error',
        );
        // The second student's sealed seed copied into the first student's row does not open there (bound to its row
        // id).
        await t.service.db.query('update totps set secret = $2 where id = $1', [one.totpId, rowTwo!.secret]);
        await expectError(
          await post(
            t,
            '/totps/authenticate',
            { totp_code: totpCode(two.secret, t), session_duration_minutes: 30 },
            { sessionToken: one.student.sessionToken },
          ),
          500,
          'internal_server_error',
        );
      } finally {
        console.error = original;
      }
      assert.equal(errors.length, 2);
      for (const error of errors) {
        assert.ok(error instanceof SecretDecryptionError);
        assert.equal(
          error.message,
          `A stored secret (totp:${one.totpId}) failed its integrity check: it was altered or corrupted.`,
        );
      }
      const [key] = (await storedRows(t)).keys;
      await t.service.db.query('update signing_keys set private_key_pem = $2 where kid = $1', [
        key!.kid,
        `${key!.private_key_pem.slice(0, -2)}AA`,
      ]);
      await t.close();
      await assert.rejects(
        start(dir, KEY_A),
        new RegExp(`^SecretDecryptionError: A stored secret \\(signing-key:${key!.kid}\\) failed its integrity check`),
      );
    },
  );

  it('rotation: restarted with key B and previous key A, old rows open and are re-encrypted under B', async () => {
    const dir = dataDir();
    const first = await start(dir, KEY_A);
    const { student, totpId, secret } = await enrol(first);
    const jwks = await (await first.service.app.request(JWKS_PATH)).json();
    await first.close();

    const rotated = await start(dir, KEY_B, [KEY_A]);
    try {
      const { keys, totps } = await storedRows(rotated);
      assert.deepEqual(
        [...keys.map((k) => SEALED.exec(k.private_key_pem)?.[1]), ...totps.map((r) => SEALED.exec(r.secret)?.[1])],
        [kidOf(KEY_B), kidOf(KEY_B)],
      );
      assert.deepEqual(
        totps.map((row) => row.id),
        [totpId],
      );
      // The same signing key (sessions and JWTs issued before keep verifying), and the same authenticator.
      assert.deepEqual(await (await rotated.service.app.request(JWKS_PATH)).json(), jwks);
      await dataOf(await post(rotated, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }));
      await dataOf(
        await post(
          rotated,
          '/totps/authenticate',
          { totp_code: totpCode(secret, rotated), session_duration_minutes: 30 },
          { sessionToken: student.sessionToken },
        ),
      );
    } finally {
      await rotated.close();
    }
    // Once everything is under B, the previous key is no longer needed.
    const afterwards = await start(dir, KEY_B);
    try {
      await dataOf(
        await post(
          afterwards,
          '/totps/authenticate',
          { totp_code: totpCode(secret, afterwards, 1), session_duration_minutes: 30 },
          { sessionToken: student.sessionToken },
        ),
      );
    } finally {
      await afterwards.close();
    }
  });

  it(
    'a wrong key (B without A) stops the start with the unknown key id and what to set, not a ' +
      'failure in a request',
    async () => {
      const dir = dataDir();
      const first = await start(dir, KEY_A);
      await enrol(first);
      await first.close();
      await assert.rejects(
        start(dir, KEY_B),
        (error: Error) =>
          error instanceof SecretDecryptionError &&
          error.message.includes(
            `was encrypted with key id ${kidOf(KEY_A)}, which is neither AUTH_SECRET_KEY ` +
              `nor one of AUTH_SECRET_KEY_PREVIOUS`,
          ),
      );
      // The refused start changed nothing: key A still opens everything.
      const again = await start(dir, KEY_A);
      await again.close();
    },
  );

  it(
    'plaintext rows from before encryption are sealed at start, idempotently, also by two ' + 'passes at once',
    async () => {
      const dir = dataDir();
      const first = await start(dir, KEY_A);
      const { student, totpId, secret } = await enrol(first);
      // Back to what an older version stored: the PEM and the base32 seed as plain text.
      const keys = deriveSecretKeys(KEY_A);
      const [key] = (await storedRows(first)).keys;
      const pem = open(keys, key!.private_key_pem, `signing-key:${key!.kid}`);
      assert.match(pem, /^-----BEGIN PRIVATE KEY-----/);
      await first.service.db.query('update signing_keys set private_key_pem = $2 where kid = $1', [key!.kid, pem]);
      await first.service.db.query('update totps set secret = $2 where id = $1', [totpId, secret]);
      // Two passes racing (as two instances starting at once would): each row is rewritten exactly once.
      const counts = await Promise.all([resealSecrets(first.service.db, keys), resealSecrets(first.service.db, keys)]);
      assert.equal(counts[0]! + counts[1]!, 2);
      assert.equal(await resealSecrets(first.service.db, keys), 0, 'a second pass has nothing to do');
      const sealed = await storedRows(first);
      assert.equal(open(keys, sealed.keys[0]!.private_key_pem, `signing-key:${key!.kid}`), pem);
      assert.equal(open(keys, sealed.totps[0]!.secret, `totp:${totpId}`), secret);

      // And through a restart: plaintext rows are sealed by the start itself.
      await first.service.db.query('update totps set secret = $2 where id = $1', [totpId, secret]);
      await first.close();
      const restarted = await start(dir, KEY_A);
      try {
        const { totps } = await storedRows(restarted);
        assert.equal(SEALED.exec(totps[0]!.secret)?.[1], kidOf(KEY_A));
        await dataOf(
          await post(
            restarted,
            '/totps/authenticate',
            { totp_code: totpCode(secret, restarted), session_duration_minutes: 30 },
            { sessionToken: student.sessionToken },
          ),
        );
      } finally {
        await restarted.close();
      }
    },
  );

  it('a sealed value opens only with its key and context', () => {
    const a = deriveSecretKeys(KEY_A);
    const sealed = seal(a, 'JBSWY3DPEHPK3PXP', 'totp:x');
    assert.notEqual(seal(a, 'JBSWY3DPEHPK3PXP', 'totp:x'), sealed, 'a fresh IV each time');
    assert.equal(open(a, sealed, 'totp:x'), 'JBSWY3DPEHPK3PXP');
    assert.throws(() => open(a, sealed, 'totp:y'), SecretDecryptionError);
    assert.throws(() => open(deriveSecretKeys(KEY_B), sealed, 'totp:x'), /key id/);
    assert.throws(() => open(a, 'v1:abc', 'totp:x'), /not in the v1 sealed format/);
    assert.throws(() => open(a, `${sealed.split(':').slice(0, 3).join(':')}:AAAA`, 'totp:x'), /truncated/);
  });
});
