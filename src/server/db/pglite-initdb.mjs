// Runs PGlite's initdb in a process of its own and writes the empty cluster to the tar file named by argv[2].
// initdb makes PGlite's wasm memory grow to several hundred MB, and wasm memory never shrinks: done in the service's
// own process it stayed resident for the service's whole life. Here it goes away with this process.
// Plain JavaScript so the same file runs beside src/server/db (tsx) and beside dist-server/main.js (build-server.mjs
// copies it there).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const file = process.argv[2];
if (!file) throw new Error('usage: node pglite-initdb.mjs <template.tar>');
const pg = await PGlite.create();
const dump = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
await pg.close();
fs.mkdirSync(path.dirname(file), { recursive: true });
// Write then rename: another process starting at the same time never reads half a file.
const partial = `${file}.${process.pid}.partial`;
fs.writeFileSync(partial, dump);
fs.renameSync(partial, file);
