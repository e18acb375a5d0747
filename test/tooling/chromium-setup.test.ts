// How `npm test` finds Chromium before any stage (test/chromium-setup.mjs), on a machine described to it: which
// binary it takes, when it installs Debian's package, and the one line it stops with otherwise.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEBIAN_CHROMIUM, findChromium, missingChromiumAction, NO_CHROMIUM_MESSAGE } from '../chromium-setup.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const machine = (...executables: string[]) => ({ isExecutable: (file: string) => executables.includes(file) });

describe('finding Chromium for npm test', () => {
  it('takes CHROME_PATH first, then /usr/bin/chromium, then chromium on PATH', () => {
    const all = machine('/opt/chrome/chrome', DEBIAN_CHROMIUM, '/snap/bin/chromium');
    assert.equal(findChromium({ CHROME_PATH: '/opt/chrome/chrome', PATH: '/snap/bin' }, all), '/opt/chrome/chrome');
    assert.equal(findChromium({ PATH: '/snap/bin' }, all), DEBIAN_CHROMIUM);
    assert.equal(
      findChromium({ PATH: '/usr/local/bin:/snap/bin' }, machine('/snap/bin/chromium')),
      '/snap/bin/chromium',
    );
  });

  it('finds none when CHROME_PATH names a missing file, even with another Chromium installed', () => {
    assert.equal(
      findChromium({ CHROME_PATH: '/nowhere/chrome', PATH: '/usr/bin' }, machine(DEBIAN_CHROMIUM)),
      undefined,
    );
    assert.equal(findChromium({ PATH: '/usr/local/bin' }, machine()), undefined);
  });

  it("installs Debian's package only as root with apt-get on PATH; otherwise stops", () => {
    const apt = machine('/usr/bin/apt-get');
    assert.equal(missingChromiumAction({ PATH: '/usr/bin' }, { ...apt, uid: 0 }), 'install');
    assert.equal(missingChromiumAction({ PATH: '/usr/bin' }, { ...apt, uid: 1000 }), 'stop');
    assert.equal(missingChromiumAction({ PATH: '/usr/bin' }, { ...machine(), uid: 0 }), 'stop');
    assert.equal(
      missingChromiumAction({ PATH: '/usr/bin', CHROME_PATH: '/nowhere/chrome' }, { ...apt, uid: 0 }),
      'stop',
    );
  });

  it('npm test without a Chromium it may install stops at once with one line saying how', () => {
    // A user that is not root, with no Chromium: CHROME_PATH naming a missing file makes the machine such for this run.
    const run = spawnSync(process.execPath, ['test/run-all.mjs'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', CHROME_PATH: '/nowhere/chrome' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, `CHROME_PATH=/nowhere/chrome is not an executable file. ${NO_CHROMIUM_MESSAGE}\n`);
  });
});
