// Server rendering imports the package in Node, where there is no DOM: every entry, built and source, must import
// without throwing and without touching a global (no DOM access at import time; nothing defined or replaced). Each
// import runs in its own Node process, so one entry's globals cannot hide another's.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Imports `url` in a fresh Node process and reports what it exported and which globals it added or changed. */
const PROBE = `
const names = () => Object.getOwnPropertyNames(globalThis);
// Node defines some globals (AbortController, …) as getters that replace themselves on first read: read them all first.
for (const name of names()) void globalThis[name];
const before = new Map(names().map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
const same = (a, b) => Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
try {
  const module = await import(process.argv[1]);
  const added = names().filter((name) => !before.has(name));
  const changed = names().filter((name) => before.has(name) && !same(before.get(name), Object.getOwnPropertyDescriptor(globalThis, name)));
  console.log(JSON.stringify({ exports: Object.keys(module), added, changed }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error) }));
}
`;

function importInNode(file: string, loader: 'tsx' | 'none') {
  const args = [...(loader === 'tsx' ? ['--import', 'tsx'] : []), '--input-type=module', '-e', PROBE, pathToFileURL(file).href];
  // No NODE_OPTIONS: a TypeScript loader must not help the built files.
  const run = spawnSync(process.execPath, args, { cwd: repoRoot, env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
    error?: string;
    exports?: string[];
    added?: string[];
    changed?: string[];
  };
}

function assertQuiet(result: ReturnType<typeof importInNode>, exported: string[]): void {
  assert.equal(result.error, undefined);
  assert.deepEqual(result.added, []);
  assert.deepEqual(result.changed, []);
  for (const name of exported) assert.ok(result.exports?.includes(name), `exports ${name}`);
}

describe('importing the package in Node (no DOM)', () => {
  before(() => {
    // The built entries as `npm run build` makes them (this stage runs before the end-to-end stage builds).
    const build = spawnSync('npm', ['run', '--silent', 'build:client'], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
  });

  it('dist/auth-login.js (the package\'s "." entry) exports the element and the client and touches no global', () => {
    assertQuiet(importInNode(path.join(repoRoot, 'dist/auth-login.js'), 'none'), [
      'AuthLoginElement',
      'defineAuthLogin',
      'createAuthClient',
    ]);
  });

  it('dist/client.js (the package\'s "./client" entry) exports createAuthClient and touches no global', () => {
    assertQuiet(importInNode(path.join(repoRoot, 'dist/client.js'), 'none'), ['createAuthClient']);
  });

  it('dist/auth-login.iife.js (the classic-script build, "./iife") runs as a module and touches no global', () => {
    assertQuiet(importInNode(path.join(repoRoot, 'dist/auth-login.iife.js'), 'none'), []);
  });

  it('the source entries src/widget/index.ts and src/client/index.ts import the same way', () => {
    assertQuiet(importInNode(path.join(repoRoot, 'src/widget/index.ts'), 'tsx'), ['AuthLoginElement', 'defineAuthLogin']);
    assertQuiet(importInNode(path.join(repoRoot, 'src/client/index.ts'), 'tsx'), ['createAuthClient']);
  });

  it('the element class exists in Node but nothing defines it: defineAuthLogin needs customElements', async () => {
    const result = importInNode(path.join(repoRoot, 'src/widget/define.ts'), 'tsx');
    assertQuiet(result, ['defineAuthLogin']);
  });
});
