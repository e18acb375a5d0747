// The dev tools sign anyone in as anyone, so they stay behind one door with no exceptions: everything dev-only lives in
// src/server/dev/, and the only reference to that folder from anywhere else in src/ is one dynamic import of its door
// (dev/mount.ts) in src/server/dev-tools.ts, taken only in development mode. A static import (even `import type`) would
// put a dev module in production's module graph; a dynamic one anywhere else could be reached without the mode check.
// test/server/compiled-server.test.ts shows the result in the built service: a production process loads no dev module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const serverDir = path.join(srcDir, 'server');
const devDir = path.join(serverDir, 'dev');
const DOOR = 'server/dev-tools.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === devDir ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

interface ModuleReference {
  specifier: string;
  /** `import('…')` as an expression: the only kind that loads nothing until it runs. */
  dynamic: boolean;
  node: ts.Node;
}

/**
 * Every module a source names, found in its syntax tree: imports and `import type`, `export … from`, `import x =
 * require()`, `require()`, dynamic `import()` and `import('…')` types. A specifier split over lines still counts.
 */
function moduleReferences(source: ts.SourceFile): ModuleReference[] {
  const found: ModuleReference[] = [];
  const add = (literal: ts.Node | undefined, dynamic: boolean, node: ts.Node) => {
    if (literal && ts.isStringLiteralLike(literal)) found.push({ specifier: literal.text, dynamic, node });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier, false, node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, false, node);
    else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], true, node);
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require')
        add(node.arguments[0], false, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

/** `file: specifier (static|dynamic)` for each reference into src/server/dev/ from `file`. */
function devReferences(file: string, source: ts.SourceFile): { line: string; reference: ModuleReference }[] {
  return moduleReferences(source)
    .filter(({ specifier }) => specifier.startsWith('.'))
    .filter(({ specifier }) => {
      const target = path.resolve(path.dirname(file), specifier);
      return target === devDir || target.startsWith(devDir + path.sep);
    })
    .map((reference) => ({
      line:
        `${path.relative(srcDir, file).split(path.sep).join('/')}: ` +
        `${reference.specifier} (${reference.dynamic ? 'dynamic' : 'static'})`,
      reference,
    }));
}

let everyDevReference: ReturnType<typeof devReferences> | undefined;
/** Parsed once for the tests below (every source under src/). */
function allDevReferences(): ReturnType<typeof devReferences> {
  everyDevReference ??= sourceFiles(srcDir).flatMap((file) =>
    devReferences(file, parse(file, fs.readFileSync(file, 'utf8'))),
  );
  return everyDevReference;
}

test(
  'outside src/server/dev/, the one reference to it in src/ is the dynamic import of ' + 'dev/mount.ts in dev-tools.ts',
  () => {
    assert.deepEqual(
      allDevReferences().map(({ line }) => line),
      [`${DOOR}: ./dev/mount.ts (dynamic)`],
    );
  },
);

test('that import runs only after the development mode check', () => {
  const [door] = allDevReferences();
  assert.ok(door);
  let fn: ts.Node | undefined = door.reference.node;
  while (fn && !ts.isFunctionDeclaration(fn)) fn = fn.parent;
  assert.ok(fn && ts.isFunctionDeclaration(fn) && fn.body, 'the import is inside a function declaration');
  assert.equal(fn.name?.text, 'loadDevTools');
  assert.deepEqual(
    fn.parameters.map((p) => p.getText()),
    ['mode: ServiceMode'],
  );
  const [check, ...rest] = fn.body.statements;
  assert.equal(check?.getText().replace(/\s+/g, ' '), "if (mode !== 'development') return null;");
  // The import is in a statement after the check, not in the check itself.
  assert.ok(
    rest.some((statement) => statement.pos <= door.reference.node.pos && door.reference.node.end <= statement.end),
  );
});

test('the check sees every kind of reference into src/server/dev/ and nothing else', () => {
  // A source as if it stood at src/server/routes/probe.ts; it is never written to disk.
  const file = path.join(serverDir, 'routes', 'probe.ts');
  const text = [
    "import { mountDevTools } from '../dev/mount.ts';",
    "import type { InboxMessage } from '../dev/inbox-store.ts';",
    "export { devCaptcha } from '../dev/captcha.ts';",
    "import '../dev/one-tap-script.ts';",
    "const lazy = () => import(\n  '../dev/library-app.ts'\n);",
    "type Door = typeof import('../dev/mount.ts');",
    "const old = require('../dev/demo-policy.ts');",
    "import { Errors } from '../http/errors.ts';",
    "import { devIssuer } from '../developer.ts';",
  ].join('\n');
  assert.deepEqual(
    devReferences(file, parse(file, text)).map(({ line }) => line),
    [
      'server/routes/probe.ts: ../dev/mount.ts (static)',
      'server/routes/probe.ts: ../dev/inbox-store.ts (static)',
      'server/routes/probe.ts: ../dev/captcha.ts (static)',
      'server/routes/probe.ts: ../dev/one-tap-script.ts (static)',
      'server/routes/probe.ts: ../dev/library-app.ts (dynamic)',
      'server/routes/probe.ts: ../dev/mount.ts (static)',
      'server/routes/probe.ts: ../dev/demo-policy.ts (static)',
    ],
  );
});

test('app.ts mounts the dev tools in exactly one place, from what dev-tools.ts loaded for the service’s mode', () => {
  const app = fs.readFileSync(path.join(serverDir, 'app.ts'), 'utf8');
  assert.equal((app.match(/mountDevTools\(/g) ?? []).length, 1);
  assert.match(app, /const dev = await loadDevTools\(config\.mode\);/);
  assert.match(app, /\bdev\?\.mountDevTools\(\{ app, sdk \}, deps\);/);
});

test('no route under /dev/ is registered outside src/server/dev/', () => {
  for (const file of sourceFiles(serverDir)) {
    const text = fs.readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /\.(get|post|put|delete|all|use)\(\s*['`]\/dev\//, path.relative(serverDir, file));
  }
});
