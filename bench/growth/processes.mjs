// The growth bench's side of its servers: builds them (bundled like dist-server/main.js, into tmp/growth-build/),
// forks one, waits for its ready message, and asks it questions over IPC (child.mjs answers).
import { fork } from 'node:child_process';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';

const BUILD_DIR = 'tmp/growth-build';

/** Bundles the service (service.mjs) and the floor (floor.mjs); returns each one's entry file. */
export async function buildServers(repoRoot) {
  const entries = {};
  for (const name of ['service', 'floor']) {
    const outDir = path.join(repoRoot, BUILD_DIR, name);
    await buildServer({ entry: path.join(repoRoot, `bench/growth/${name}.mjs`), outDir, outFile: `${name}.js` });
    entries[name] = path.join(outDir, `${name}.js`);
  }
  return entries;
}

/** Starts `entry` with `env` added; resolves once it is ready, with its url, pid, `ask` and `stop`. */
export async function startServerProcess(entry, env) {
  const child = fork(entry, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = [];
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${path.basename(entry)} exited (${code}) before it was ready`)));
    child.on('message', (message) => {
      if (message.type === 'ready') resolve(message);
      else waiting.shift()?.(message);
    });
  });
  const { url, pid } = await ready;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid,
    ask: (type) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.send({ type });
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU time (user + system, ms) the server process spends while `work` runs. */
export async function cpuDuring(server, work) {
  const before = (await server.ask('cpu')).usage;
  const result = await work();
  const after = (await server.ask('cpu')).usage;
  return { result, cpuMs: (after.user - before.user + after.system - before.system) / 1000 };
}
