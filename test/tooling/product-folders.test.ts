// A product is its folder plus one line in the registry (docs/architecture.md, "Adding a product"). So no module of
// the widget outside src/widget/products/<folder>/ names a product: not its registry name, its folder, the export its
// record is, its strings table, its `::part()` names, its event types, its telemetry names, its element mode or the
// config keys it reads, in any identifier, string or import of the code. What the products add to the shared tables
// (strings, parts, events, config, modes) joins them through the registry, as types and as values. Comments may give
// examples (as in test/tooling/root-machine.test.ts), and the widget's tests and the products' fixtures.ts (test
// data, in no bundle) are not checked: a test of Main with passcodes names passcodes. The bench's pages and the
// accessibility gate's configurations come from each product's fixtures.ts through the registry too, so bench/ may
// name no product by hand and test/widget/accessibility.test.ts no product at all. The allow-list below is short, and
// each entry says why.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { EVENT_TYPES, TELEMETRY } from '../../src/widget/events.ts';
import { PRODUCT_RECORDS, registerOrganizationProducts } from '../../src/widget/products/registry.ts';
import { words } from '../support/name-words.ts';
import type { ProductFixtures, ProductRecord } from '../../src/widget/products/types.ts';
import { PARTS } from '../../src/widget/theme/parts.ts';
import { recordsByFolder } from '../support/products.ts';

// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const widgetDir = path.join(repoRoot, 'src/widget');
const productsDir = path.join(widgetDir, 'products');

interface Allowed {
  /** Files, or folders (ending in `/`), from the repository root. */
  paths: readonly string[];
  /** The products they may name (registry names); all when absent. */
  products?: readonly string[];
  /** The only code texts they may have that name them; any when absent. */
  texts?: readonly string[];
  /** Why. */
  reason: string;
  /** Lifted by the work in progress its reason names; not required to match anything meanwhile. */
  temporary?: true;
}

/** Where a product may be named outside its folder. */
const ALLOWED: readonly Allowed[] = [
  { paths: ['src/widget/products/registry.ts'], reason: 'the one list of products: it imports each record' },
  {
    paths: ['src/widget/products/organization-records.ts'],
    products: ['sso', 'discovery', 'mfa', 'organizationLogin'],
    reason: "the registry's list of the organization products, a chunk only an organization sign-in fetches",
  },
  {
    paths: ['src/widget/i18n/en.ts', 'src/widget/i18n/main.es.ts', 'src/widget/i18n/main.fr.ts'],
    reason:
      "Main's first-paint table: the messages Main shows for a product (an invalid address, a configuration error) " +
      "before that product's chunk and strings load; their keys are public `strings` names",
  },
  {
    paths: ['src/widget/i18n/en-errors.ts', 'src/widget/i18n/errors.es.ts', 'src/widget/i18n/errors.fr.ts'],
    reason:
      "the service's error catalogue: keyed by the wire's error types (src/api), which the service answers to any " +
      'call and any screen may show',
  },
  {
    paths: ['src/widget/products/crypto/config.ts'],
    products: ['oauth'],
    reason: "Main's six buttons are shared by the social and the wallet buttons (spec section 2): crypto counts both",
  },
  {
    paths: ['src/widget/products/passwords/machine.ts', 'src/widget/products/passwords/screens/Password.tsx'],
    products: ['otp', 'emailMagicLinks'],
    reason:
      "a password's screens offer, and a passwordless user is handed to, the Email tab's passcode or link " +
      '(spec section 2)',
  },
  {
    paths: ['src/widget/shell/styles.generated.ts', 'src/widget/shell/later-styles.generated.ts'],
    reason:
      "generated: the first paint's compiled stylesheets, which hold each product's block styles and the styles of " +
      'the screens it paints after an early send under their names (found by folder: ' +
      'products/<folder>/block.styles.ts, later.styles.ts)',
  },
  {
    paths: ['src/widget/config.ts'],
    products: ['discovery'],
    texts: ['Discovery'],
    reason:
      "the organization sign-in's flow is named by the hosted provider's config value `authFlowType: 'Discovery'`",
  },
  {
    paths: ['src/widget/products/organizations.ts'],
    products: ['mfa', 'sso'],
    reason:
      "the organization products' one seam: a first factor that leaves MFA to do hands the member to the MFA " +
      'screens, an organization that admits its members only by single sign-on to that product',
  },
  {
    paths: ['src/widget/products/discovery/'],
    products: ['emailMagicLinks', 'sso'],
    reason:
      "the hosted provider's organization names: `products: ['emailMagicLinks']` and `emailMagicLinksOptions` " +
      "configure the discovery link, which its client sends as `magicLinks.email.discovery`; an organization's " +
      '`sso_default_connection_id` when it admits its members only by single sign-on',
  },
  {
    paths: ['src/widget/products/organization-login/'],
    products: ['emailMagicLinks', 'sso', 'mfa'],
    reason:
      "the hosted provider's organization names: `products: ['emailMagicLinks', 'sso']` and `emailMagicLinksOptions` " +
      "configure one organization's email link (its client's `magicLinks`) and its connections' buttons (the " +
      "organization's `sso_active_connections`, its `sso` auth method, the single sign-on product's `sso-button` " +
      'part); it preloads the single sign-on and MFA chunks, its next steps',
  },
  {
    paths: ['src/widget/products/mfa/'],
    products: ['otp'],
    reason:
      "the hosted provider's organization names of the text-message factor: `smsOtp` in its config, `sms_otp` on " +
      'the wire, `otps.sms` in its client',
  },
  {
    paths: ['bench/usable.mjs', 'bench/sent.mjs'],
    products: ['emailMagicLinks'],
    reason: "the comparisons with Stytch's UI: both pages configured for magic links, the one product both offer there",
  },
];

// ---- What names a product ----

/** Whether `sequence` appears in `found` as consecutive words. */
function contains(found: string[], sequence: string[]): boolean {
  return sequence.length > 0 && found.some((_, i) => sequence.every((word, j) => found[i + j] === word));
}

interface ProductNames {
  /** The registry name. */
  product: string;
  folder: string;
  /** Its names (registry name, folder, the record's export): found as words inside any name (`otpOptions`). */
  names: string[];
  /**
   * Its distinctive identifiers (strings table, parts, event types, telemetry, mode, config keys): found whole, as a
   * name or a word of a string (`[part~="strength-meter"]`), since their words alone are everyday ones (`last-used`).
   */
  identifiers: string[];
}

/** The names a module exports as `export const`. */
function exportedConsts(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isVariableStatement(statement) &&
    statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      ? statement.declarationList.declarations.map((declaration) => declaration.name.getText(source))
      : [],
  );
}

/** The config keys a record's `resolveConfig` reads (its part of the element's config). */
function configKeys(record: ProductRecord): string[] {
  const read = new Set<string>();
  const config = new Proxy({}, { get: (_, key) => void (typeof key === 'string' && read.add(key)) });
  record.resolveConfig?.(config, { products: [], absolute: (url) => url });
  return [...read];
}

/** Each product's identifiers, derived from its folder and its record (through the registry). */
async function productNames(): Promise<ProductNames[]> {
  const names: ProductNames[] = [];
  for (const [folder, records] of await recordsByFolder()) {
    const index = (await import(pathToFileURL(path.join(productsDir, folder, 'index.ts')).href)) as Record<
      string,
      unknown
    >;
    const record = PRODUCT_RECORDS.find((r) => r.name === records[0]!.name)!;
    const strings = path.join(productsDir, folder, 'strings.ts');
    names.push({
      product: record.name,
      folder,
      names: [record.name, folder, ...Object.keys(index).filter((name) => index[name] === records[0])],
      identifiers: [
        ...(fs.existsSync(strings) ? exportedConsts(strings) : []),
        ...[record.parts, record.events, record.telemetry].flatMap((table) => Object.entries(table ?? {}).flat()),
        ...(record.opens?.mode ? [record.opens.mode] : []),
        ...configKeys(record),
      ],
    });
  }
  return names;
}

const PRODUCTS = await productNames();

/** Whether a relative import specifier from `file` leads outside src/widget (the wire contract, the client). */
function leavesWidget(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return true;
  return !path.resolve(repoRoot, path.dirname(file), specifier).startsWith(widgetDir + path.sep);
}

/**
 * The names and strings of a module's code: identifiers, string and template texts, import specifiers. Imports from
 * outside the widget (src/api, the client, packages), and the names they bind, are the wire's and the client's: an
 * API area (`otps`) is the service's, which Main's phone tab and the UI kit may use as well.
 */
function codeTexts(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const external = new Set<ts.Node>();
  const wireNames = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!leavesWidget(file, statement.moduleSpecifier.text)) continue;
    external.add(statement);
    const clause = statement.importClause;
    if (clause?.name) wireNames.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) wireNames.add(element.name.text);
    if (bindings && ts.isNamespaceImport(bindings)) wireNames.add(bindings.name.text);
  }
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (external.has(node)) return;
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      if (!wireNames.has(node.text)) found.push(node.text);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The products a code text names: those one of whose names it contains as words, or one of whose identifiers it is
 * (or, for a string, holds as a word). A text that is exactly one product's identifier is that product's alone (the
 * consent page's `OAUTH_AUTHORIZE_FLOW_START` is not social sign-in's).
 */
function namedBy(text: string, products: readonly ProductNames[] = PRODUCTS): ProductNames[] {
  const exact = products.filter((p) => p.identifiers.includes(text));
  if (exact.length > 0) return exact;
  const found = words(text);
  const tokens = text.split(/[^\w-]+/);
  return products.filter(
    (p) => p.names.some((name) => contains(found, words(name))) || p.identifiers.some((id) => tokens.includes(id)),
  );
}

/** `file: text (product)` for each code text of `file` that names a product outside that product's folder. */
function namings(file: string, text: string, products: readonly ProductNames[] = PRODUCTS): string[] {
  return codeTexts(file, text).flatMap((code) =>
    namedBy(code, products)
      .filter((p) => !file.startsWith(`src/widget/products/${p.folder}/`))
      .map((p) => `${file}: ${code} (${p.product})`),
  );
}

/**
 * A bench page list names products by hand: in bench/, a string or property name that is exactly a product's
 * registry name (`products: ['otp']`), in code or in JSON. The bench's own words (the service's API paths, Node's
 * crypto module) are not product names.
 */
function benchNamings(file: string, text: string): string[] {
  const registry = new Set(PRODUCTS.map((p) => p.product));
  const texts = file.endsWith('.json')
    ? [...text.matchAll(/"([^"\\]*)"/g)].map((match) => match[1]!)
    : codeTexts(file, text).filter((code) => registry.has(code));
  return texts.filter((code) => registry.has(code)).map((code) => `${file}: ${code} (${code})`);
}

// ---- The files checked ----

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' }).flatMap((file) => {
    const relative = `${dir}/${file.split(path.sep).join('/')}`;
    return pattern.test(relative) && fs.statSync(path.join(repoRoot, relative)).isFile() ? [relative] : [];
  });
}

/** The widget's source: every module under src/widget but its tests, the products' fixtures and declaration files. */
const WIDGET_FILES = filesUnder('src/widget', /\.tsx?$/).filter(
  (file) => !/\.test\.tsx?$|\.d\.ts$|^src\/widget\/products\/[^/]+\/fixtures\.ts$/.test(file),
);
const BENCH_FILES = filesUnder('bench', /\.(ts|mts|mjs|js|json)$/);
const ACCESSIBILITY_TEST = 'test/widget/accessibility.test.ts';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** Each naming found, with the allow-list entry that permits it (if any). */
function findNamings(): { naming: string; allowedBy: Allowed | undefined }[] {
  const all = [
    ...WIDGET_FILES.flatMap((file) => namings(file, read(file))),
    ...namings(ACCESSIBILITY_TEST, read(ACCESSIBILITY_TEST)),
    ...BENCH_FILES.flatMap((file) => benchNamings(file, read(file))),
  ];
  return all.map((naming) => {
    const [, file, code, product] = /^(.*?): (.*) \((.*)\)$/.exec(naming)!;
    const allowedBy = ALLOWED.find(
      (entry) =>
        entry.paths.some((p) => (p.endsWith('/') ? file!.startsWith(p) : file === p)) &&
        (!entry.products || entry.products.includes(product!)) &&
        (!entry.texts || entry.texts.includes(code!)),
    );
    return { naming, allowedBy };
  });
}

const FINDINGS = findNamings();

// ---- The tests ----

test('each product folder is found through the registry: its record names its folder, which has fixtures', async () => {
  for (const [folder, [record]] of await recordsByFolder()) {
    assert.equal(record!.folder, folder, `products/${folder}/index.ts: folder`);
    const fixtures = (await import(pathToFileURL(path.join(productsDir, folder, 'fixtures.ts')).href)) as {
      fixtures?: ProductFixtures;
    };
    assert.ok(fixtures.fixtures?.accessibility, `products/${folder}/fixtures.ts exports its fixtures`);
  }
  assert.equal(fs.existsSync(path.join(repoRoot, 'bench/pages.json')), false, 'bench pages come from bench/pages.ts');
});

test('no module of the widget, bench file or accessibility configuration names a product outside its folder', () => {
  const offending = FINDINGS.filter((finding) => !finding.allowedBy).map((finding) => finding.naming);
  assert.deepEqual(offending, [], 'move these into the product folder and join them through the registry');
});

test('every allow-list entry still permits something (a stale entry is removed, not kept)', () => {
  const used = new Set(FINDINGS.flatMap((finding) => finding.allowedBy ?? []));
  const stale = ALLOWED.filter((entry) => !entry.temporary && !used.has(entry)).map((entry) => entry.paths.join(', '));
  assert.deepEqual(stale, []);
});

test("the products' parts, event types and telemetry names join the shared tables, none taken twice", () => {
  for (const [table, shared, of] of [
    ['PARTS', PARTS, (r: ProductRecord) => r.parts],
    ['EVENT_TYPES', EVENT_TYPES, (r: ProductRecord) => r.events],
    ['TELEMETRY', TELEMETRY, (r: ProductRecord) => r.telemetry],
  ] as const) {
    const keys = PRODUCT_RECORDS.flatMap((record) => Object.keys(of(record) ?? {}));
    const values = PRODUCT_RECORDS.flatMap((record) => Object.values(of(record) ?? {}));
    assert.deepEqual(
      keys.filter((key, i) => keys.indexOf(key) !== i),
      [],
      `${table}: a key of two products`,
    );
    const sharedValues = Object.values(shared) as string[];
    assert.deepEqual(
      sharedValues.filter((value, i) => sharedValues.indexOf(value) !== i),
      [],
      `${table}: a value taken twice`,
    );
    for (const record of PRODUCT_RECORDS) {
      for (const [key, value] of Object.entries(of(record) ?? {})) {
        assert.equal((shared as Record<string, string>)[key], value, `${table}.${key} (${record.name})`);
      }
    }
    assert.ok(values.length > 0, `${table}: the products add some`);
  }
});

test('the check finds a product named in code, and lets comments, the wire and other words be', () => {
  const planted: ProductNames[] = [
    {
      product: 'planted',
      folder: 'planted-widgets',
      names: ['planted', 'planted-widgets'],
      identifiers: ['PLANTED_DONE', 'leafCount', 'leaf-count'],
    },
    { product: 'other', folder: 'other', names: ['other'], identifiers: ['PLANTED_DONE_ELSEWHERE'] },
  ];
  const sample = [
    "import { thing } from './products/planted-widgets/index.ts';",
    "import { PLANTED_AREA } from '../api/planted.ts';",
    'const done = EVENT_TYPES.PLANTED_DONE;',
    'const count = PARTS.leafCount;',
    'const selector = `[part~="leaf-count"]`;',
    "const config = { plantedOptions: {}, products: ['planted'] };",
    'const area = PLANTED_AREA;',
    'const elsewhere = EVENT_TYPES.PLANTED_DONE_ELSEWHERE;',
    '// A planted widget in a comment is an example.',
    'const plant = transplantedNote + leafCountdown;',
  ].join('\n');
  assert.deepEqual(namings('src/widget/sample.ts', sample, planted), [
    'src/widget/sample.ts: ./products/planted-widgets/index.ts (planted)',
    'src/widget/sample.ts: PLANTED_DONE (planted)',
    'src/widget/sample.ts: leafCount (planted)',
    'src/widget/sample.ts: [part~="leaf-count"] (planted)',
    'src/widget/sample.ts: plantedOptions (planted)',
    'src/widget/sample.ts: planted (planted)',
    'src/widget/sample.ts: PLANTED_DONE_ELSEWHERE (other)',
  ]);
  assert.deepEqual(namings('src/widget/products/planted-widgets/a.ts', 'const p = PARTS.leafCount;', planted), []);
  // And the real products: a registry name planted in a widget module and in a bench page list is found.
  const [first] = PRODUCTS;
  assert.deepEqual(namings('src/widget/sample.ts', `const on = products.includes('${first!.product}');`), [
    `src/widget/sample.ts: ${first!.product} (${first!.product})`,
  ]);
  assert.deepEqual(benchNamings('bench/sample.json', `[{ "config": { "products": ["${first!.product}"] } }]`), [
    `bench/sample.json: ${first!.product} (${first!.product})`,
  ]);
});
