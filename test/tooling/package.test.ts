// The package as a developer gets it, in one file because every part needs the one build it makes first (the test
// files of a stage run in parallel, and a second build would delete this one's dist/):
// - SSR: every entry, built and source, imports in Node (no DOM) without throwing and without touching a global;
// - declarations: a consumer's TypeScript resolves the package by name and gets the element, its events' `detail`,
//   the config and the client typed;
// - the examples: each framework's own checker (tsc, vue-tsc, svelte-check) finds 0 errors in examples/, and finds the
//   deliberate error in a copy, so the gate can fail;
// - `npm run pack:element` (scripts/pack-element.mjs; docs/decisions.md, "One package per audience"): the tarball is
//   at most 1.5 MB, installs into an empty project as exactly one package (no dependency: React, XState, Emotion are
//   bundled in dist/, the service's packages stay in the repository), and its entries import and typecheck there; the
//   examples typecheck against it in an app that has only the framework's own packages beside it. The root's
//   `npm pack` refuses.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bareSpecifiers, type PackedElement } from '../../scripts/pack-element.mjs';
import { appWithExamples, brokenCopy, EXAMPLES, type ExampleCheck } from './package-examples.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tscBin = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

before(() => {
  // The package as `npm run pack:element` builds it, before the end-to-end stage builds again.
  for (const script of ['build:client', 'build:types']) {
    const build = spawnSync('npm', ['run', '--silent', script], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(build.status, 0, `${script}: ${build.stdout}${build.stderr}`);
  }
});

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
  const changed = names().filter(
    (name) => before.has(name) && !same(before.get(name), Object.getOwnPropertyDescriptor(globalThis, name)),
  );
  console.log(JSON.stringify({ exports: Object.keys(module), added, changed }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error) }));
}
`;

/** `specifier`: a file, or a package name resolved from `cwd` (an installed consumer project). */
function importInNode(file: string, loader: 'tsx' | 'none', cwd = repoRoot) {
  const specifier = path.isAbsolute(file) ? pathToFileURL(file).href : file;
  const args = [...(loader === 'tsx' ? ['--import', 'tsx'] : []), '--input-type=module', '-e', PROBE, specifier];
  // No NODE_OPTIONS: a TypeScript loader must not help the built files.
  const run = spawnSync(process.execPath, args, { cwd, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
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
    assertQuiet(importInNode(path.join(repoRoot, 'src/widget/index.ts'), 'tsx'), [
      'AuthLoginElement',
      'defineAuthLogin',
    ]);
    assertQuiet(importInNode(path.join(repoRoot, 'src/client/index.ts'), 'tsx'), ['createAuthClient']);
  });
});

/** A consumer's code: each `@ts-expect-error` line proves a type is precise (not `any`), or it is itself an error. */
const CONSUMER_TS = `
import {
  AuthLoginElement,
  createAuthClient,
  defineAuthLogin,
  type AuthLoginConfig,
  type AuthLoginEventDetail,
} from 'auth-login';
import { createAuthClient as createClientAlone, type AuthClient } from 'auth-login/client';

const element = document.createElement('auth-login');
const typed: AuthLoginElement = element;
const found: AuthLoginElement | null = document.querySelector('auth-login');
element.publicToken = 'public-token-test';
element.mode = 'passkey-registration';
// @ts-expect-error a mode that does not exist
element.mode = 'signup';
const config: AuthLoginConfig = { products: ['emailMagicLinks', 'passwords'], otpOptions: { methods: ['sms'] } };
element.config = config;
// @ts-expect-error a product that does not exist
element.config = { products: ['carrier-pigeon'] };
element.theme = { colors: { primary: '#000000' } };
element.strings = { 'main.title': 'Welcome back' };
element.addEventListener('auth-login-event', (event) => {
  const type: AuthLoginEventDetail['type'] = event.detail.type;
  // @ts-expect-error the detail has no such field
  void event.detail.kind;
  void type;
});
document.body.addEventListener('auth-login-error', (event) => {
  const message: string = event.detail.message;
  const errorType: string | undefined = event.detail.error_type;
  void message, errorType;
});
const client: AuthClient = createClientAlone({ publicToken: 'public-token-test' });
const fromElementEntry: typeof createClientAlone = createAuthClient;
const ctor: CustomElementConstructor = defineAuthLogin('my-login');
void typed, found, client, fromElementEntry, ctor;
`;

const CONSUMER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ['consumer.ts'],
};

function tsc(dir: string) {
  const run = spawnSync(process.execPath, [tscBin, '-p', path.join(dir, 'tsconfig.json')], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('type declarations (dist/types)', () => {
  // A project inside the repository's ignored tmp/ that has the package by name (node_modules/auth-login links to the
  // repository), as an npm link would give it.
  const dir = path.join(repoRoot, 'tmp', `package-consumer-${process.pid}`);
  before(() => {
    fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
    fs.symlinkSync(repoRoot, path.join(dir, 'node_modules', 'auth-login'), 'dir');
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('type the element, its properties and events (detail), the config and the client for a consumer: 0 errors', () => {
    fs.writeFileSync(path.join(dir, 'consumer.ts'), CONSUMER_TS);
    const result = tsc(dir);
    assert.equal(result.status, 0, result.output);
  });

  it('fail a consumer that reads a detail field the event does not have', () => {
    fs.writeFileSync(
      path.join(dir, 'consumer.ts'),
      CONSUMER_TS.replace('// @ts-expect-error the detail has no such field\n', ''),
    );
    const result = tsc(dir);
    assert.notEqual(result.status, 0);
    assert.match(
      result.output,
      /consumer\.ts\(\d+,\d+\): error TS2339: Property 'kind' does not exist on type 'WidgetEventDetail'/,
    );
  });
});

/** 0 errors in `<examplesDir>/<name>`, and the deliberate error in a copy of it is caught. */
function checkExample(example: ExampleCheck, examplesDir: string): void {
  const name = example.name.split(' ')[0]!;
  const clean = example.check(repoRoot, path.join(examplesDir, name));
  assert.equal(clean.status, 0, clean.output);
  const copy = brokenCopy(examplesDir, name, example);
  try {
    const broken = example.check(repoRoot, copy.dir);
    assert.notEqual(broken.status, 0, broken.output);
    assert.match(broken.output, /Property 'kind' does not exist on type/);
  } finally {
    copy.remove();
  }
}

describe('examples/: each framework checker over its example', () => {
  for (const example of EXAMPLES) {
    const name = example.name.split(' ')[0]!;
    it(`${example.name}: 0 errors in examples/${name}, and the deliberate error in a copy is caught`, () => {
      checkExample(example, path.join(repoRoot, 'examples'));
    });
  }
});

/** The tarball's limit (gzip bytes): the source maps, 90% of dist/, ship beside it (scripts/pack-element.mjs). */
const TARBALL_LIMIT = 1_500_000;

/** Every file under `dir`, relative to it, with `/` separators. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('npm run pack:element: the tarball in an empty project', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-pack-'));
  const project = path.join(work, 'project');
  const installed = path.join(project, 'node_modules', 'auth-login');
  let packed: PackedElement;
  let install = '';
  before(() => {
    // What `npm run pack:element` runs once the global before() has built.
    const pack = spawnSync(process.execPath, ['scripts/pack-element.mjs', '--json', '--pack-destination', work], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    assert.equal(pack.status, 0, `${pack.stdout}${pack.stderr}`);
    packed = JSON.parse(pack.stdout) as PackedElement;
    console.log(
      `tarball ${packed.size} bytes (${packed.entryCount} files, ${packed.unpackedSize} unpacked); ` +
        `source maps beside it ${packed.sourcemaps?.size ?? 0} bytes`,
    );
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'empty-consumer', private: true, type: 'module' }),
    );
    // --offline: the package has no dependency, so nothing is fetched, not even a package listing.
    const run = spawnSync(
      'npm',
      // `npm test` runs this under `npm run --silent`, whose loglevel the nested npm would inherit and print nothing.
      [
        'install',
        packed.tarball,
        '--omit=dev',
        '--offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=notice',
      ],
      { cwd: project, encoding: 'utf8' },
    );
    install = `${run.stdout}${run.stderr}`;
    assert.equal(run.status, 0, install);
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it(`is at most ${TARBALL_LIMIT / 1e6} MB, without source maps (they are in a tarball beside it)`, () => {
    assert.ok(packed.size <= TARBALL_LIMIT, `${packed.size} bytes`);
    assert.equal(fs.statSync(packed.tarball).size, packed.size);
    assert.deepEqual(
      packed.files.filter((file) => file.endsWith('.map')),
      [],
    );
    assert.ok(packed.sourcemaps && fs.existsSync(packed.sourcemaps.tarball), 'the source-map tarball');
    // No JavaScript of the package points bundlers or devtools at a map it does not hold.
    for (const file of packed.files.filter((name) => name.endsWith('.js'))) {
      assert.doesNotMatch(fs.readFileSync(path.join(installed, file), 'utf8'), /sourceMappingURL/, file);
    }
  });

  it("installs as exactly one package: the project's node_modules holds auth-login and its own files only", () => {
    assert.match(install, /added 1 package\b/);
    assert.deepEqual(fs.readdirSync(path.join(project, 'node_modules')).sort(), ['.package-lock.json', 'auth-login']);
    const lock = JSON.parse(fs.readFileSync(path.join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(lock.packages), ['', 'node_modules/auth-login']);
    assert.deepEqual(filesUnder(installed), packed.files);
  });

  it("has no dependency of any kind, and the repository's entries, types and manifest", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const field of [
      'dependencies',
      'peerDependencies',
      'optionalDependencies',
      'bundleDependencies',
      'devDependencies',
      'scripts',
    ]) {
      assert.equal(manifest[field], undefined, field);
    }
    const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of [
      'name',
      'version',
      'license',
      'type',
      'main',
      'module',
      'types',
      'customElements',
      'exports',
    ]) {
      assert.deepEqual(manifest[field], root[field], field);
    }
    assert.equal(manifest.private, undefined);
  });

  it('imports no package from its JavaScript (what the root bundled stays bundled)', () => {
    const js = packed.files.filter((file) => file.endsWith('.js'));
    assert.ok(js.length > 10, js.join());
    for (const file of js)
      assert.deepEqual(bareSpecifiers(fs.readFileSync(path.join(installed, file), 'utf8')), [], file);
  });

  it('ships the built entries, their declarations and the manifest, and not the sources or tests', () => {
    for (const file of [
      'dist/auth-login.js',
      'dist/client.js',
      'dist/auth-login.iife.js',
      'dist/types/widget/index.d.ts',
      'dist/types/client/index.d.ts',
      'dist/types/types/react.d.ts',
      'dist/types/types/vue.d.ts',
      'dist/types/types/svelte.d.ts',
      'dist/types/types/solid.d.ts',
      'custom-elements.json',
      'README.md',
    ]) {
      assert.ok(fs.existsSync(path.join(installed, file)), file);
    }
    for (const folder of ['src', 'test', 'examples', 'demo-site', 'dist-server', 'scripts', 'node_modules']) {
      assert.equal(fs.existsSync(path.join(installed, folder)), false, folder);
    }
    assert.deepEqual(
      JSON.parse(fs.readFileSync(path.join(installed, 'custom-elements.json'), 'utf8')),
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'custom-elements.json'), 'utf8')),
    );
  });

  it("imports 'auth-login', 'auth-login/client' and 'auth-login/iife' by name in Node without a DOM", () => {
    assertQuiet(importInNode('auth-login', 'none', project), [
      'AuthLoginElement',
      'defineAuthLogin',
      'createAuthClient',
    ]);
    assertQuiet(importInNode('auth-login/client', 'none', project), ['createAuthClient']);
    assertQuiet(importInNode('auth-login/iife', 'none', project), []);
  });

  it("resolves the types of 'auth-login' and 'auth-login/client' with tsc: 0 errors", () => {
    fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG));
    fs.writeFileSync(path.join(project, 'consumer.ts'), CONSUMER_TS);
    const result = tsc(project);
    assert.equal(result.status, 0, result.output);
  });

  describe("the examples in an app with the installed package and only the framework's own packages", () => {
    let examples: string;
    before(() => {
      examples = appWithExamples(repoRoot, installed, path.join(work, 'app'));
    });
    for (const example of EXAMPLES) {
      it(`${example.name}: 0 errors, and the deliberate error in a copy is caught`, () =>
        checkExample(example, examples));
    }
  });
});

describe("the repository's own package.json", () => {
  it("refuses `npm pack` (its prepack): packing the root would ship the service's dependencies", () => {
    const pack = spawnSync('npm', ['pack', '--dry-run'], { cwd: repoRoot, encoding: 'utf8' });
    assert.notEqual(pack.status, 0, pack.stdout);
    assert.match(pack.stderr, /npm run pack:element/);
  });
});
