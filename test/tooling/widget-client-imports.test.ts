// The widget is a consumer of the headless client like any page: it may use only what the client publishes (its
// entry, index.ts, the organization client's entry, b2b.ts, and the types they name, types.ts). An import of a client
// internal would let the two drift apart unnoticed and make the widget depend on code the client is free to change.
// There are no exceptions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const widgetDir = path.join(srcDir, 'widget');
const clientDir = path.join(srcDir, 'client');
/** The client's public surface, as paths an import may resolve to (a bare folder import means its index). */
const PUBLIC_CLIENT_MODULES = new Set(
  [clientDir, 'index', 'index.ts', 'b2b', 'b2b.ts', 'types', 'types.ts'].map((name) => path.resolve(clientDir, name)),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every module specifier a source names: static imports and `import type`, `export … from`, dynamic `import()` and
 * `require`. TypeScript's own pre-processor finds them, so a specifier split over lines or in a lazy import counts.
 */
function specifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
}

/** `file: specifier` for each import of a client module other than its public entry or types. */
function internalClientImports(sources: ReadonlyArray<{ file: string; text: string }>): string[] {
  return sources.flatMap(({ file, text }) =>
    specifiers(text)
      .filter((spec) => spec.startsWith('.'))
      .filter((spec) => {
        const target = path.resolve(path.dirname(file), spec);
        const insideClient = target === clientDir || target.startsWith(clientDir + path.sep);
        return insideClient && !PUBLIC_CLIENT_MODULES.has(target);
      })
      .map((spec) => `${path.relative(srcDir, file).split(path.sep).join('/')}: ${spec}`),
  );
}

test('no file under src/widget imports a client module other than client/index.ts, b2b.ts or types.ts', () => {
  const sources = sourceFiles(widgetDir).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
  assert.ok(sources.length > 0, 'found the widget sources');
  assert.deepEqual(internalClientImports(sources), []);
});

test('the check sees every kind of import of a client internal, and lets the public entry and types through', () => {
  // A source as if it stood at src/widget/machine/probe.ts; it is never written to disk.
  const text = [
    "import { createAuthClient } from '../../client/index.ts';",
    "import type { AuthClient } from '../../client/types.ts';",
    "import { readRaw } from '../../client/storage.ts';",
    "import type { Http } from '../../client/http.ts';",
    "export { navigation } from '../../client/navigation.ts';",
    "const lazy = () => import(\n  '../../client/one-tap.ts'\n);",
    "import { EMAIL_PATTERN } from '../constants.ts';",
    "import { createMachine } from 'xstate';",
  ].join('\n');
  assert.deepEqual(internalClientImports([{ file: path.join(widgetDir, 'machine', 'probe.ts'), text }]), [
    'widget/machine/probe.ts: ../../client/storage.ts',
    'widget/machine/probe.ts: ../../client/http.ts',
    'widget/machine/probe.ts: ../../client/navigation.ts',
    'widget/machine/probe.ts: ../../client/one-tap.ts',
  ]);
});
