// The identity service as bench/throughput.ts measures it: its own process (so the load generator does not share its
// event loop), bundled like dist-server/main.js and run without a TypeScript loader, on the embedded database in the
// data folder BENCH_DATA_DIR (as `npm start` keeps it) or on DATABASE_URL, with BENCH_PROCESSES workers through the
// same cluster.ts supervisor as SERVICE_PROCESSES. It answers the bench over the IPC channel: ready (with its url and
// pids), memory figures, and a CPU profile of whatever load ran between 'profile-start' and 'profile-stop'.
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { superviseWorkers, WORKER_READY_MESSAGE } from '../src/server/cluster.ts';
import { startServer } from '../src/server/listen.ts';
import { findRepoRoot } from '../src/server/paths.ts';

export type BenchRequest = { type: 'memory' } | { type: 'profile-start' } | { type: 'profile-stop' };
export type BenchReply =
  | { type: 'ready'; url: string; pids: number[] }
  | { type: 'memory'; memory: NodeJS.MemoryUsage; peakRss: number }
  | { type: 'profiling' }
  | { type: 'profile'; top: ProfileLine[]; categories: ProfileLine[] }
  | { type: 'failed'; message: string };
export interface ProfileLine {
  selfMs: number;
  share: number;
  name: string;
}

/** How often the resident size is sampled for the peak: fine enough for a load phase of seconds. */
const RSS_SAMPLE_MS = 25;
/** Functions listed from the profile, by self time. */
const PROFILE_TOP = 25;

const processes = Number(process.env.BENCH_PROCESSES || 1);
const port = Number(process.env.BENCH_PORT || 0);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
const repoRoot = findRepoRoot(import.meta.url);
const reply = (message: BenchReply) => process.send?.(message);

if (processes > 1 && cluster.isPrimary) {
  superviseWorkers(processes, {
    ready: (pids) => reply({ type: 'ready', url: `http://127.0.0.1:${port}`, pids }),
    replaced: (pid, code) => console.error(`bench: worker ${pid} exited (${code}) under load`),
    stopping: () => {},
  });
} else {
  // Every request comes from one loopback address: the per-IP limits (production defaults) would turn the send
  // scenario into a measurement of 429s, so they are lifted here; the per-address limits still apply.
  const server = await startServer({
    port,
    hostname: '127.0.0.1',
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : dataDir
        ? { kind: 'pglite', dataDir }
        : { kind: 'memory' },
    ipRateLimits: {
      sends: 1_000_000,
      authFailures: 1_000_000,
      events: 1_000_000,
      ssoStarts: 1_000_000,
      ssoDiscoveries: 1_000_000,
    },
    siteDir: path.join(repoRoot, 'demo-site'),
    distDir: path.join(repoRoot, 'dist'),
  });
  if (cluster.isWorker) process.send?.(WORKER_READY_MESSAGE);
  else serveBench(server.url);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

function serveBench(url: string): void {
  let peakRss = process.memoryUsage.rss();
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), RSS_SAMPLE_MS).unref();
  const session = new Session();
  session.connect();
  process.on('message', (message: BenchRequest) => {
    void (async () => {
      if (message.type === 'memory') reply({ type: 'memory', memory: process.memoryUsage(), peakRss });
      if (message.type === 'profile-start') {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        reply({ type: 'profiling' });
      }
      if (message.type === 'profile-stop') {
        const { profile } = await session.post('Profiler.stop');
        // BENCH_CPUPROFILE=<file> keeps the whole profile (Chrome DevTools' Performance panel opens it).
        if (process.env.BENCH_CPUPROFILE) fs.writeFileSync(process.env.BENCH_CPUPROFILE, JSON.stringify(profile));
        reply({ type: 'profile', ...selfTime(profile) });
      }
    })().catch((error: unknown) => reply({ type: 'failed', message: String(error) }));
  });
  reply({ type: 'ready', url, pids: [process.pid] });
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Where a sample's time went, coarsely: a flat list of functions hides that most of them belong to one library (the
 * embedded database is hundreds of wasm functions).
 */
function category(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const { url, functionName } = frame;
  if (url.startsWith('wasm://') || url.includes('@electric-sql/pglite'))
    return 'PGlite (embedded database: wasm + its JS)';
  if (url.includes('/src/server/') || url.includes('/bench/.build/')) return 'service code (src/server, bundled)';
  if (url.includes('node_modules/hono/') || url.includes('@hono/')) return 'Hono and its Node adapter';
  if (url.includes('node_modules/')) return 'other dependencies';
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(idle)' || functionName === '(program)') return 'idle / V8 internals';
  return 'Node.js runtime (HTTP, sockets, streams, crypto)';
}

/** Self time per function (summed over every node of that function) and per category, the largest first. */
function selfTime(profile: CpuProfile): { top: ProfileLine[]; categories: ProfileLine[] } {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  const byCategory = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((nodeId, i) => {
    const frame = byNode.get(nodeId);
    const delta = profile.timeDeltas?.[i] ?? 0;
    total += delta;
    if (!frame) return;
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    byCategory.set(category(frame), (byCategory.get(category(frame)) ?? 0) + delta);
  });
  const lines = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ name, selfMs: us / 1000, share: total ? us / total : 0 }));
  return { top: lines(byFunction, PROFILE_TOP), categories: lines(byCategory, byCategory.size) };
}

/** The path from the repository or from node_modules on, enough to find the function. */
function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules + 'node_modules/'.length);
  const src = path.indexOf('/src/');
  return src >= 0 ? path.slice(src + 1) : path;
}
