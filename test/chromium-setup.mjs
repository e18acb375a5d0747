// `npm test` needs Chromium (the widget, end-to-end and size stages). Before any stage runs, test/run-all.mjs finds one
// — CHROME_PATH, Debian's /usr/bin/chromium, or `chromium` on PATH — and exports it as CHROME_PATH for every stage
// (test/support/chromium.ts reads it). Without one, as root with apt-get (a fresh Debian machine, as .ci/run), it
// installs Debian's package itself; otherwise it stops at once with one line saying how.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const NO_CHROMIUM_MESSAGE =
  "npm test needs Chromium: install Debian's package (sudo apt-get install chromium) or set " +
  'CHROME_PATH to a Chromium or Chrome binary.';

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The first Chromium found, or undefined. `system` is the machine (injected by the test). */
export function findChromium(env = process.env, system = { isExecutable }) {
  if (env.CHROME_PATH) return system.isExecutable(env.CHROME_PATH) ? env.CHROME_PATH : undefined;
  if (system.isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'chromium');
    if (system.isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** What to do when none is found: install it (root with apt-get) or stop with NO_CHROMIUM_MESSAGE. */
export function missingChromiumAction(env = process.env, system = { isExecutable, uid: process.getuid?.() }) {
  const hasApt = (env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && system.isExecutable(path.join(dir, 'apt-get')));
  return system.uid === 0 && hasApt && !env.CHROME_PATH ? 'install' : 'stop';
}

/** Finds (or installs) Chromium and sets CHROME_PATH; exits 1 with one line when it cannot. */
export function ensureChromium() {
  let found = findChromium();
  if (!found && missingChromiumAction() === 'install') {
    console.log('Installing Chromium from Debian (apt-get install chromium)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (update.status === 0) spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    found = findChromium();
  }
  if (!found) {
    console.error(
      process.env.CHROME_PATH
        ? `CHROME_PATH=${process.env.CHROME_PATH} is not an executable file. ${NO_CHROMIUM_MESSAGE}`
        : NO_CHROMIUM_MESSAGE,
    );
    process.exit(1);
  }
  process.env.CHROME_PATH = found;
  return found;
}
