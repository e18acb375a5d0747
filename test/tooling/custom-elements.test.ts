// custom-elements.json must be what the analyzer makes from the element's JSDoc today: a stale manifest fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function generate(): unknown {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cem-'));
  try {
    execFileSync(
      path.join(root, 'node_modules/.bin/cem'),
      ['analyze', '--config', 'docs/custom-elements-manifest.config.mjs', '--outdir', path.relative(root, out)],
      { cwd: root, stdio: 'pipe' },
    );
    return JSON.parse(fs.readFileSync(path.join(out, 'custom-elements.json'), 'utf8'));
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

test('custom-elements.json is regenerated from the JSDoc (run `npm run analyze` after changing the element)', () => {
  const committed = JSON.parse(fs.readFileSync(path.join(root, 'custom-elements.json'), 'utf8'));
  assert.deepEqual(committed, generate());
});

test('the manifest documents the <auth-login> element', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'custom-elements.json'), 'utf8')) as {
    modules: {
      declarations?: {
        tagName?: string;
        attributes?: { name: string }[];
        events?: { name: string }[];
        cssParts?: unknown[];
        cssProperties?: unknown[];
      }[];
    }[];
  };
  const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'auth-login');
  assert.ok(element, 'auth-login is declared');
  const attributes = (element.attributes ?? []).map((a) => a.name);
  for (const name of ['public-token', 'base-url', 'config', 'theme'])
    assert.ok(attributes.includes(name), `attribute ${name}`);
  const events = (element.events ?? []).map((e) => e.name);
  for (const name of ['auth-login-event', 'auth-login-error']) assert.ok(events.includes(name), `event ${name}`);
  assert.ok((element.cssParts ?? []).length > 0, 'CSS parts are documented');
  assert.ok((element.cssProperties ?? []).length > 0, 'CSS custom properties are documented');
});
