// Services take typed input: a request's body is read and validated at the edge (http/edge.ts with the route's
// schema in routes/*.schemas.ts), so no service reads raw JSON, and none knows the body's shape. This walks the syntax
// tree of every file in src/server/services/ and refuses what would bring the raw body back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server');
const servicesDir = path.join(serverDir, 'services');
const VALIDATE = path.join(serverDir, 'http', 'validate.ts');
const BODY = path.join(serverDir, 'http', 'body.ts');

/** What validate.ts had (or has) for reading a body's fields, and the raw object type itself. */
const RAW_BODY_NAMES = new Set([
  'JsonObject',
  'requiredString',
  'optionalString',
  'requiredNumber',
  'optionalNumber',
  'requiredBoolean',
  'optionalBoolean',
  'optionalObject',
]);
/** Ways a Hono request's body is read. */
const BODY_READERS = new Set(['json', 'text', 'parseBody', 'formData', 'arrayBuffer', 'blob']);

/** Each way `source` (as if at `file`) reads a raw body, as `line: what`. */
function rawBodyUses(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.basename(file)}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = path.resolve(path.dirname(file), node.moduleSpecifier.text);
      const bindings = node.importClause?.namedBindings;
      if (target === BODY) report(node, `imports ${node.moduleSpecifier.text}`);
      if (target === VALIDATE && bindings && ts.isNamespaceImport(bindings)) {
        report(node, `imports all of ${node.moduleSpecifier.text}`);
      }
      if (target === VALIDATE && bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (RAW_BODY_NAMES.has(name)) report(element, `imports ${name} from ${node.moduleSpecifier.text}`);
        }
      }
    }
    // c.req.json() and the like: `<anything>.req.<reader>(…)`.
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      BODY_READERS.has(node.expression.name.text) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === 'req'
    ) {
      report(node, `calls ${node.expression.getText()}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('no service reads a raw request body or knows its fields', () => {
  const files = fs.readdirSync(servicesDir).filter((name) => /\.(ts|mts)$/.test(name));
  assert.ok(files.length > 10, 'the services are where this test looks for them');
  const found = files.flatMap((name) => {
    const file = path.join(servicesDir, name);
    return rawBodyUses(file, fs.readFileSync(file, 'utf8'));
  });
  assert.deepEqual(found, []);
});

test('the check sees each way back to the raw body', () => {
  const probe = path.join(servicesDir, 'probe.ts');
  const found = rawBodyUses(
    probe,
    [
      "import { normalizeEmail, requiredString, type JsonObject } from '../http/validate.ts';",
      "import { optionalNumber as readNumber } from '../http/validate.ts';",
      "import * as fields from '../http/validate.ts';",
      "import { readJsonObject } from '../http/body.ts';",
      'export async function f(c: any) {',
      '  await c.req.json();',
      '  await ctx.req.parseBody();',
      '  return normalizeEmail(await c.req.text());',
      '}',
    ].join('\n'),
  );
  assert.deepEqual(found, [
    'probe.ts:1: imports requiredString from ../http/validate.ts',
    'probe.ts:1: imports JsonObject from ../http/validate.ts',
    'probe.ts:2: imports optionalNumber from ../http/validate.ts',
    'probe.ts:3: imports all of ../http/validate.ts',
    'probe.ts:4: imports ../http/body.ts',
    'probe.ts:6: calls c.req.json()',
    'probe.ts:7: calls ctx.req.parseBody()',
    'probe.ts:8: calls c.req.text()',
  ]);
});
