// The bench pages' server (bench/usable.mjs startBenchServer) in a process of its own, started by
// startBenchServerProcess: the measuring process drives Chromium through Playwright, whose messages (the click, the
// keys) would otherwise wait behind the service's own work on one event loop, a delay no visitor's browser has.
// Its options come as JSON in argv[2]; it prints its address as one JSON line, and closes on SIGTERM or when its
// parent's pipe closes.
import { startBenchServer } from './usable.mjs';

const server = await startBenchServer(JSON.parse(process.argv[2] ?? '{}'));
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.stdin.on('end', close);
process.stdin.resume();
