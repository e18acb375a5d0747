// Records every module a Node process loads: `node --import ./record-loads.mjs app.js` with LOADED_MODULES_FILE set
// appends the URL of each module the ES module loader loads (static and dynamic imports alike) to that file, one a
// line, as it loads. test/server/compiled-server.test.ts uses it to see which files of the built service ran.
import fs from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

/** Set in the loader's own thread, where Node runs the hooks below. */
let file;

// The same file is loaded again in the loader thread as the hooks module: only the process's main thread registers.
if (isMainThread && process.env.LOADED_MODULES_FILE) {
  register(import.meta.url, { data: { file: process.env.LOADED_MODULES_FILE } });
}

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  // Written at once, so a process that exits or is killed has recorded every module it loaded before.
  fs.appendFileSync(file, `${url}\n`);
  return loaded;
}
