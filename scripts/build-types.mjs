// `npm run build:types`: the package's type declarations in dist/types, generated from the source (tsconfig.types.json)
// plus the hand-written framework typings of src/types. The source imports its modules with their .ts/.tsx names
// (allowImportingTsExtensions); tsc keeps those names in declarations, which a consumer's compiler does not accept
// from a package, so relative specifiers are rewritten to the .js the declarations stand beside.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'types');

fs.rmSync(out, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.types.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

fs.cpSync(path.join(root, 'src', 'types'), path.join(out, 'types'), { recursive: true });

const relativeTs = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)\.tsx?(['"])/g;
for (const entry of fs.readdirSync(out, { recursive: true })) {
  const file = path.join(out, entry);
  if (!file.endsWith('.d.ts')) continue;
  const text = fs.readFileSync(file, 'utf8');
  const rewritten = text.replace(relativeTs, '$1$2.js$3');
  if (rewritten !== text) fs.writeFileSync(file, rewritten);
}
