// The identity service as bench/throughput.ts measures it: its own process (so the load generator does not share its
// event loop), on the embedded database in memory or on DATABASE_URL, with BENCH_PROCESSES workers through the same
// cluster.ts supervisor as SERVICE_PROCESSES. It answers the bench over the IPC channel: ready (with its url and pids),
// memory figures, and a CPU profile of whatever load ran between 'profile-start' and 'profile-stop'.
import cluster from 'node:cluster';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { superviseWorkers, WORKER_READY_MESSAGE } from '../src/server/cluster.ts';
import { startServer } from '../src/server/listen.ts';
import { findRepoRoot } from '../src/server/paths.ts';

export type BenchRequest = { type: 'memory' } | { type: 'profile-start' } | { type: 'profile-stop' };
export type BenchReply =
  | { type: 'ready'; url: string; pids: number[] }
  | { type: 'memory'; memory: NodeJS.MemoryUsage; peakRss: number }
  | { type: 'profile'; top: ProfileLine[] }
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

const processes = Number(process.env['BENCH_PROCESSES'] || 1);
const port = Number(process.env['BENCH_PORT'] || 0);
const databaseUrl = process.env['DATABASE_URL'];
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
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'memory' },
    ipRateLimits: { sends: 1_000_000, authFailures: 1_000_000, events: 1_000_000 },
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
      }
      if (message.type === 'profile-stop') {
        const { profile } = await session.post('Profiler.stop');
        reply({ type: 'profile', top: topSelfTime(profile) });
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

/** Self time per function (summed over every node of that function), the largest first. */
function topSelfTime(profile: CpuProfile): ProfileLine[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfUs = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((nodeId, i) => {
    const frame = byNode.get(nodeId);
    const delta = profile.timeDeltas?.[i] ?? 0;
    total += delta;
    if (!frame) return;
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    selfUs.set(name, (selfUs.get(name) ?? 0) + delta);
  });
  return [...selfUs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, PROFILE_TOP)
    .map(([name, us]) => ({ name, selfMs: us / 1000, share: total ? us / total : 0 }));
}

/** The path from the repository or from node_modules on, enough to find the function. */
function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules + 'node_modules/'.length);
  const src = path.indexOf('/src/');
  return src >= 0 ? path.slice(src + 1) : path;
}
