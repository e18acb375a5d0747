// What a server the growth bench starts (ours: service.mjs, the reference: floor.mjs) answers over the IPC channel:
// ready with its url, then its process's CPU time on request, so the bench can divide the CPU a run cost by its
// requests, and a CPU profile of what ran between 'profile-start' and 'profile-stop' (written to the file named by
// BENCH_PROFILE, for Chrome DevTools). `extra` answers a server's own messages (the service's statement capture).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

export function answerBench(url, extra = () => undefined) {
  const session = new Session();
  const answers = {
    cpu: async () => ({ type: 'cpu', usage: process.cpuUsage() }),
    'profile-start': async () => {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      return { type: 'profiling' };
    },
    'profile-stop': async () => {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      fs.writeFileSync(String(process.env.BENCH_PROFILE), JSON.stringify(profile));
      return { type: 'profiled', file: process.env.BENCH_PROFILE };
    },
  };
  process.on('message', (message) => {
    const answer = answers[message.type]?.() ?? Promise.resolve(extra(message));
    void answer.then((reply) => process.send(reply ?? { type: 'failed', message: `unknown request ${message.type}` }));
  });
  process.send({ type: 'ready', url, pid: process.pid });
}
