// `npm run build:server`: the identity service as plain JavaScript in dist-server/ (main.js, its source map, and the
// SQL migrations and PGlite's initdb script beside it), so a deployment runs `node dist-server/main.js` without a
// TypeScript loader. Packages stay external (node_modules is installed by `npm ci`); only our own modules are bundled.
// bench/throughput.ts builds its service-under-test the same way, so it measures the service as it is deployed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Bundles `entry` to `outDir/outFile`, with the files the service finds next to its own module. */
export async function buildServer({ entry = 'src/server/main.ts', outDir = 'dist-server', outFile = 'main.js' } = {}) {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    // Split, so what is reached only by a dynamic import (src/server/dev/, through dev-tools.ts) is a chunk of its own
    // that a production process never loads. Chunks sit beside the entry, where the service finds its migrations.
    splitting: true,
    outdir: outDir,
    entryNames: path.basename(outFile, '.js'),
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // migrate.ts finds its migrations next to its own module, which is now the bundle.
  fs.cpSync('src/server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
  // pglite.ts runs initdb in a child process from this script, also found next to its own module.
  fs.cpSync('src/server/db/pglite-initdb.mjs', path.join(outDir, 'pglite-initdb.mjs'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await buildServer();
