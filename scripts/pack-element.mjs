// `npm run pack:element`: the element's npm package, `auth-login-<version>.tgz`, with nothing else to install.
//
// The repository's package.json is the whole project: its `dependencies` are the identity service's and the demo
// site's (PGlite, pg, argon2, nodemailer, oidc-provider, hono, jspdf…) as well as the element's, which rollup has
// already bundled into dist/. Packing it would make every site that installs the element install the service too. So
// the element is packed from a staging folder holding the files the root's `files` field lists (as `npm pack` selects
// them) and a package.json generated from the root's: the same name, version, entries (`exports`, `types`,
// `customElements`), and no `dependencies`, `devDependencies`, `scripts` or `engines`. Why this and not workspaces:
// docs/decisions.md, "One package per audience".
//
// Before packing it checks that no file of dist/ imports a bare specifier (a package the tarball would need installed).
// Source maps are not in the package (they are 90% of its bytes): the JavaScript's `sourceMappingURL` comments are
// dropped from the staged copy, and the maps go to `auth-login-<version>-sourcemaps.tgz` beside the tarball.
//
//   node scripts/pack-element.mjs [--pack-destination <dir>] [--json] [--keep-staging]
//
// It packs dist/ as it is: `npm run pack:element` builds first (build:client, build:types). The root's `prepack` runs
// it with --refuse-root, which fails: a plain `npm pack` or `npm publish` at the root would ship the service's
// dependencies (the root is also `private`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rollup/parseAst';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The root package.json's fields the element's manifest keeps, in this order; every other field stays behind. */
const MANIFEST_FIELDS = [
  'name',
  'version',
  'description',
  'license',
  'type',
  'main',
  'module',
  'types',
  'customElements',
  'exports',
  'files',
];

/** The root's description names the service too, which the package does not hold. */
const DESCRIPTION = 'Embeddable sign-up and log-in web component <auth-login> and its headless client.';

const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=([^\s]+)\s*$/;

/** The element's package.json: the root's entries and metadata, and no dependency of any kind. */
export function elementManifest(rootManifest) {
  const manifest = {};
  for (const field of MANIFEST_FIELDS) if (rootManifest[field] !== undefined) manifest[field] = rootManifest[field];
  manifest.description = DESCRIPTION;
  return manifest;
}

/** Every import specifier (static, re-export, literal `import()`) in a built file that is not relative. */
export function bareSpecifiers(code) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const declaration = ['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration'].includes(node.type);
    const literalImport = node.type === 'ImportExpression' && node.source.type === 'Literal';
    const source = declaration || literalImport ? node.source : null;
    if (source && typeof source.value === 'string' && !/^\.{1,2}\//.test(source.value)) found.push(source.value);
    for (const key of Object.keys(node)) if (key !== 'type') visit(node[key]);
  };
  visit(parseAst(code));
  return found;
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}): ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The files `npm pack` would take from the root (its `files` field, plus README and package.json), without packing. */
function rootPacklist() {
  const [{ files }] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], root));
  return files
    .map((file) => file.path)
    .filter((file) => file !== 'package.json')
    .sort();
}

/**
 * Stages and packs the element. Returns the tarball's path, size (bytes, gzip), unpacked size and file count, its
 * manifest, and the source-map tarball's path and size.
 */
export function packElement({ destination = root, keepStaging = false } = {}) {
  const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const files = rootPacklist();
  for (const entry of [
    'dist/auth-login.js',
    'dist/client.js',
    'dist/auth-login.iife.js',
    'dist/types/widget/index.d.ts',
  ]) {
    if (!files.includes(entry)) throw new Error(`${entry} is missing: build first (npm run pack:element does)`);
  }
  const bare = files
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) =>
      bareSpecifiers(fs.readFileSync(path.join(root, file), 'utf8')).map((name) => `${file}: ${name}`),
    );
  if (bare.length > 0) {
    const list = bare.join('\n');
    throw new Error(
      `the package has no dependencies, but dist/ imports packages (bundle them, rollup.config.mjs):\n${list}`,
    );
  }

  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-element-'));
  const maps = [];
  try {
    const packageDir = path.join(staging, 'package');
    for (const file of files) {
      const target = path.join(packageDir, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (!file.endsWith('.js')) {
        fs.copyFileSync(path.join(root, file), target);
        continue;
      }
      // A map that is not in the package: the comment would send bundlers and devtools after a file that is not there.
      const code = fs.readFileSync(path.join(root, file), 'utf8');
      const comment = SOURCE_MAP_COMMENT.exec(code);
      const map = comment && path.posix.join(path.posix.dirname(file), comment[1]);
      if (map && !files.includes(map)) {
        if (fs.existsSync(path.join(root, map))) maps.push(map);
        fs.writeFileSync(target, `${code.slice(0, comment.index)}\n`);
      } else {
        fs.writeFileSync(target, code);
      }
    }
    const manifest = elementManifest(rootManifest);
    fs.writeFileSync(path.join(packageDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    fs.mkdirSync(destination, { recursive: true });
    const out = path.resolve(destination);
    const [packed] = JSON.parse(
      run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], packageDir),
    );
    const tarball = path.join(out, packed.filename);

    // The maps, at the paths they have beside the JavaScript in dist/ (`package/dist/…`, as in the tarball).
    let sourcemaps = null;
    if (maps.length > 0) {
      const mapsDir = path.join(staging, 'sourcemaps');
      for (const map of maps) {
        fs.mkdirSync(path.dirname(path.join(mapsDir, 'package', map)), { recursive: true });
        fs.copyFileSync(path.join(root, map), path.join(mapsDir, 'package', map));
      }
      const file = path.join(out, packed.filename.replace(/\.tgz$/, '-sourcemaps.tgz'));
      run('tar', ['-czf', file, 'package'], mapsDir);
      sourcemaps = { tarball: file, size: fs.statSync(file).size, files: maps.length };
    }
    return {
      tarball,
      size: packed.size,
      unpackedSize: packed.unpackedSize,
      entryCount: packed.entryCount,
      files: packed.files.map((file) => file.path).sort(),
      manifest,
      sourcemaps,
      staging: keepStaging ? packageDir : null,
    };
  } finally {
    if (!keepStaging) fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--refuse-root')) {
    // The root's `prepack`: `npm pack` or `npm publish` in the repository would ship the service's dependencies.
    console.error(
      'auth-login: the root package.json is the repository (the identity service, the demo site and the element), ' +
        'not the package. Pack the element with `npm run pack:element` (docs/decisions.md, "One ' +
        'package per audience"), ' +
        'and publish its tarball.',
    );
    process.exit(1);
  }
  const at = args.indexOf('--pack-destination');
  const destination = at >= 0 ? args[at + 1] : process.cwd();
  if (at >= 0 && !destination) throw new Error('--pack-destination needs a folder');
  const result = packElement({ destination, keepStaging: args.includes('--keep-staging') });
  if (args.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const shown = (file) => (path.dirname(file) === process.cwd() ? path.basename(file) : file);
    const { tarball, size, entryCount, unpackedSize, sourcemaps } = result;
    console.log(`${shown(tarball)}: ${kb(size)} (${entryCount} files, ${kb(unpackedSize)} unpacked), no dependencies`);
    if (sourcemaps) {
      console.log(
        `${shown(sourcemaps.tarball)}: ${kb(sourcemaps.size)} (${sourcemaps.files} source maps, not in the package)`,
      );
    }
    if (result.staging) console.log(`staged in ${result.staging}`);
  }
}
