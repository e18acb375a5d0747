// `npm run build:server`: the identity service as plain JavaScript in dist-server/ (main.js, its source map, and the
// SQL migrations and PGlite's initdb script beside it), so a deployment runs `node dist-server/main.js` without a TypeScript loader. Packages
// stay external (node_modules is installed by `npm ci`); only our own modules are bundled.
import fs from 'node:fs';
import { build } from 'esbuild';

const outDir = 'dist-server';
fs.rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${outDir}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// migrate.ts finds its migrations next to its own module, which is now main.js.
fs.cpSync('src/server/db/migrations', `${outDir}/migrations`, { recursive: true });
// pglite.ts runs initdb in a child process from this script, also found next to its own module.
fs.cpSync('src/server/db/pglite-initdb.mjs', `${outDir}/pglite-initdb.mjs`);
