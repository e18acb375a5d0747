// `npm run backup` / `npm run restore` (scripts/backup.mjs) for the embedded database: a user made before the backup
// signs in with their password on a service started on the restored copy, in a new folder. The backup refuses a
// folder a service still has open, and the restore refuses a folder that is not empty.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { dataOf, post, startTestService, uniqueEmail } from './support.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'correct horse battery staple';

/** `npm run backup|restore -- ...args` as the package script runs it, with DATA_DIR set. */
async function script(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/backup.mjs', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('backup and restore of the embedded database', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-backup-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('restores into a new folder a database on which a user made before the backup signs in', async () => {
    const original = path.join(dir, 'data');
    const restored = path.join(dir, 'restored');
    const file = path.join(dir, 'backups', 'identity.tar.gz');
    const email = uniqueEmail('backup');

    const first = await startTestService({ database: { kind: 'pglite', dataDir: original } });
    let userId: string;
    try {
      userId = (
        await dataOf<{ user_id: string }>(
          await post(first, '/passwords', { email, password: PASSWORD, session_duration_minutes: 30 }),
        )
      ).user_id;
      const refused = await script(original, 'backup', file);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /is open in a service .*stop the service with SIGTERM/);
      assert.equal(fs.existsSync(file), false);
    } finally {
      await first.close();
    }

    const backup = await script(original, 'backup', file);
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /^Backed up .* \(\d+ migrations\) to .*identity\.tar\.gz\.\n$/);
    const restore = await script(original, 'restore', file, restored);
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(restore.stdout, /^Restored .* into .*restored; start the service with DATA_DIR=/);

    const second = await startTestService({ database: { kind: 'pglite', dataDir: restored } });
    try {
      const signedIn = await dataOf<{ user_id: string; session_token: string }>(
        await post(second, '/passwords/authenticate', { email, password: PASSWORD, session_duration_minutes: 30 }),
      );
      assert.equal(signedIn.user_id, userId);
      assert.ok(signedIn.session_token);
    } finally {
      await second.close();
    }

    const again = await script(original, 'restore', file, restored);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /restored is not empty: restore into a new folder/);
  });

  it('prints its usage and exits 2 without a file', async () => {
    const usage = await script(path.join(dir, 'none'), 'backup');
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /^Usage: npm run backup -- <file\.tar\.gz>/);
  });
});
