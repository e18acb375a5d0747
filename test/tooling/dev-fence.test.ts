// The dev tools sign anyone in as anyone, so they stay behind one door: everything dev-only lives in src/server/dev/,
// and only the files listed here may import from it (app.ts mounts it in development; the others need a constant or
// the dev issuer's key, which production never reaches because its config turns the dev identity provider off).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server');

const ALLOWED_IMPORTERS: Record<string, string> = {
  'app.ts': "mountDevTools, called only when config.mode is 'development'",
  'main.ts': 'DEV_INBOX_PATH for the development start line',
  'services/one-tap.ts': "the dev issuer and key, used only when oneTapClientId() is the dev one",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dev' && dir === serverDir ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

test('only the listed files outside src/server/dev/ import from it', () => {
  const importers = sourceFiles(serverDir)
    .filter((file) => /from '(\.\/|\.\.\/)+dev\//.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(serverDir, file).split(path.sep).join('/'))
    .sort();
  assert.deepEqual(importers, Object.keys(ALLOWED_IMPORTERS).sort());
});

test('app.ts mounts the dev tools in exactly one place, behind the development mode check', () => {
  const app = fs.readFileSync(path.join(serverDir, 'app.ts'), 'utf8');
  const calls = app.match(/mountDevTools\(/g) ?? [];
  assert.equal(calls.length, 1);
  assert.match(app, /if \(deps\.config\.mode === 'development'\) mountDevTools\(/);
});

test('no route under /dev/ is registered outside src/server/dev/', () => {
  for (const file of sourceFiles(serverDir)) {
    const text = fs.readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /\.(get|post|put|delete|all|use)\(\s*['`]\/dev\//, path.relative(serverDir, file));
  }
});
