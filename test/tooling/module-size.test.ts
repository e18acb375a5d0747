// No module under src/ becomes a grab bag that everything imports: each has at most MAX_EXPORTS exported names and at
// most MAX_IMPORTERS files that import it (counted over src, test, scripts, bench, demo-site and examples). A module
// past a line is split by the part that owns each value (docs/architecture.md, "Where constants live"), not
// re-exported from a barrel. The deliberate public surfaces below are the only exceptions, each with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MAX_EXPORTS = 30;
const MAX_IMPORTERS = 25;

/**
 * Modules allowed past a limit, each a surface many parts are meant to share, with the reason in a few words. An
 * entry whose module is back within both limits fails the last test below: the list only ever names real exceptions.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  // The wire contract, read by the client, the widget, the service and their tests alike.
  'src/api/index.ts': 'wire-contract barrel: every wire type in one import',
  'src/api/locales.ts': 'wire fact: the languages both sides speak',
  'src/api/paths.ts': 'wire fact: the path of every call',
  'src/api/organizations.ts': "wire contract: the organization product's objects, for its client, widget and service",
  // The widget's one list of products, which every table the products join reads (and their tests register).
  'src/widget/products/registry.ts': 'product registry: the one list of products and the tables they join',
  // The headless client's public surface.
  'src/client/index.ts': "public API: the client package's entry",
  'src/client/types.ts': "public API: the client's published types",
  // The identity service's seams every route, service and store takes.
  'src/server/context.ts': 'dependency seam: Deps, for every route and service',
  'src/server/config.ts': 'service configuration: the ProjectConfig every part reads',
  'src/server/db/db.ts': 'database seam: the Db every store takes',
  'src/server/http/edge.ts': 'request edge: every route validates its input through it',
  'src/server/http/errors.ts': 'error catalogue: every refusal the service answers',
  'src/server/http/fields.ts': "schema pieces: every route's *.schemas.ts is built from them",
  'src/server/http/request-meta.ts': 'request seam: RequestMeta, for every route and the service it calls',
  'src/server/ids.ts': 'identifier seam: newId, for every store that makes a row',
  'src/server/security/tokens.ts': 'secret seam: the digest and constant-time compare of every token and code',
  'src/server/store/time.ts': 'timestamp seam: iso, for every store that writes a time',
  // The widget's seams every screen, product and test uses.
  'src/widget/config.ts': "public config: the element's configuration types and defaults",
  'src/widget/context.ts': 'screen seam: useWidget, for every screen',
  'src/widget/i18n/index.ts': 'translator: every screen',
  'src/widget/machine/types.ts': "root statechart's types, for every product",
  'src/widget/products/types.ts': 'product contract: every product folder',
  'src/widget/theme/parts.ts': 'public styling surface: the ::part() names',
  'src/widget/theme/theme.ts': 'theme variables: every style',
  'src/widget/ui/Header.tsx': 'screen header: the title, back arrow and Escape of every screen',
  'src/widget/ui/styles.ts': 'shared style fragments: every screen',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src', 'test', 'scripts', 'bench', 'demo-site', 'examples'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', '.data']);

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name) ? [full] : [];
  });
}

/** Sources by absolute path. */
type Sources = ReadonlyMap<string, string>;

/** The source a relative specifier names: as written, or a `.js` spelling of a `.ts` file, or a folder's index. */
function resolve(sources: Sources, from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`];
  candidates.push(path.join(base, 'index.ts'));
  return candidates.find((candidate) => sources.has(candidate)) ?? null;
}

/**
 * Every relative module a source names: imports and `import type`, `export … from`, `import()` and `require`.
 * TypeScript's pre-processor finds them without a full parse, a specifier split over lines included.
 */
function referencedModules(sources: Sources, file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((reference) => reference.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(sources, file, specifier))
    .filter((target): target is string => target !== null && target !== file);
}

/**
 * The names a module exports: declarations, `export { … }` lists, and what an `export * from` of ours brings.
 * `known` holds the modules counted so far (and, while it is being counted, an empty set for a cycle to meet).
 */
function exportedNames(sources: Sources, file: string, known: Map<string, Set<string>>): Set<string> {
  const counted = known.get(file);
  if (counted) return counted;
  const names = new Set<string>();
  known.set(file, names);
  const source = ts.createSourceFile(file, sources.get(file) ?? '', ts.ScriptTarget.Latest, false);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      } else if (statement.exportClause) {
        names.add(statement.exportClause.name.getText(source)); // export * as name
      } else {
        const specifier = statement.moduleSpecifier;
        const target = specifier && ts.isStringLiteral(specifier) ? resolve(sources, file, specifier.text) : null;
        if (!target) names.add(`* from ${specifier?.getText(source)}`);
        else for (const name of exportedNames(sources, target, known)) if (name !== 'default') names.add(name);
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      names.add('default');
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) names.add('default');
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) names.add(declaration.name.getText(source));
    } else {
      const name = (statement as ts.DeclarationStatement).name;
      names.add(name ? name.getText(source) : '?');
    }
  }
  return names;
}

interface ModuleSize {
  /** Path from the repository root, with forward slashes. */
  module: string;
  exports: number;
  importers: number;
}

/** Exports and importers of every module under `srcDir` among `sources`. */
function moduleSizes(sources: Sources, srcDir: string): ModuleSize[] {
  const importers = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    for (const target of referencedModules(sources, file, text)) {
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target)!.add(file);
    }
  }
  const known = new Map<string, Set<string>>();
  return [...sources.keys()]
    .filter((file) => file.startsWith(srcDir + path.sep))
    .map((file) => ({
      module: path.relative(path.dirname(srcDir), file).split(path.sep).join('/'),
      exports: exportedNames(sources, file, known).size,
      importers: importers.get(file)?.size ?? 0,
    }));
}

const tooBig = ({ exports, importers }: ModuleSize) => exports > MAX_EXPORTS || importers > MAX_IMPORTERS;
const describe = ({ module, exports, importers }: ModuleSize) =>
  `${module}: ${exports} exports, ${importers} importers`;

let measured: ModuleSize[] | undefined;
/** Measured once for the tests below. */
function allModuleSizes(): ModuleSize[] {
  if (!measured) {
    const files = SCANNED.flatMap((dir) => sourceFiles(path.join(root, dir)));
    const sources = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));
    measured = moduleSizes(sources, path.join(root, 'src'));
  }
  return measured;
}

test(`no module under src/ has over ${MAX_EXPORTS} exports or ${MAX_IMPORTERS} importers, bar the allowed`, () => {
  const sizes = allModuleSizes();
  assert.ok(sizes.length > 100, 'found the sources under src/');
  assert.deepEqual(sizes.filter((size) => tooBig(size) && !(size.module in ALLOWED)).map(describe), []);
});

test('every allowed module is still past a limit (an entry that is not must leave the list)', () => {
  const sizes = new Map(allModuleSizes().map((size) => [size.module, size]));
  const stale = Object.keys(ALLOWED).filter((module) => {
    const size = sizes.get(module);
    return !size || !tooBig(size);
  });
  assert.deepEqual(stale, []);
});

test('the count sees every kind of export and import', () => {
  // Sources as if they stood in a repository at /probe; they are never written to disk.
  const at = (file: string) => path.join('/probe', file);
  const sources = new Map([
    [
      at('src/values.ts'),
      [
        'export const a = 1, b = 2;',
        'export function f() {}',
        'export class C {}',
        'export interface I {}',
        'export type T = 1;',
        'export enum E {}',
        'const hidden = 3;',
        'export { hidden as shown };',
        "export * from './more.ts';",
        "export { moved } from './more.ts';",
        'export default 4;',
      ].join('\n'),
    ],
    [at('src/more.ts'), 'export const moved = 1;\nexport const extra = 2;\nexport default 5;'],
    [at('src/user.ts'), "import { a } from './values.ts';\nimport type { T } from './values';"],
    [at('test/user.test.ts'), "const lazy = () => import(\n  '../src/values.js'\n);"],
    [at('scripts/user.mjs'), "export { b } from '../src/values.ts';\nconst { f } = require('../src/values.ts');"],
    [at('bench/unrelated.mjs'), "import fs from 'node:fs';\nimport '../src/more.ts';"],
  ]);
  assert.deepEqual(moduleSizes(sources, at('src')), [
    // a, b, f, C, I, T, E, shown, moved, extra, default
    { module: 'src/values.ts', exports: 11, importers: 3 },
    { module: 'src/more.ts', exports: 3, importers: 2 },
    { module: 'src/user.ts', exports: 0, importers: 0 },
  ]);
});
