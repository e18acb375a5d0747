// End-to-end harness: the real product command (`npm start`: build, then the service with an embedded database in a
// fresh data folder) and Debian's Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import type { InboxMessage } from '../../src/server/store/dev-messages.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningProduct {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the product exactly as the README says (`npm start`), on a free port, and resolves with the URL it prints.
 * `E2E_PRODUCT_COMMAND="npm run serve"` skips the build while iterating on a test against a fresh `dist/`.
 */
export async function startProduct(
  command = (process.env.E2E_PRODUCT_COMMAND ?? 'npm start').split(' '),
): Promise<RunningProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-e2e-'));
  const [cmd, ...args] = command as [string, ...string[]];
  const child: ChildProcess = spawn(cmd, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`product did not print its URL in time:\n${log}`)), 180_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /(http:\/\/localhost:\d+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`product exited with ${code}:\n${log}`)));
  });
  return {
    url,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export async function inboxFor(baseUrl: string, to: string): Promise<InboxMessage[]> {
  const res = await fetch(`${baseUrl}/dev/inbox.json?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { messages: InboxMessage[] };
  return body.messages;
}

/** Polls until `check` returns a value (mail delivery is asynchronous from the browser's point of view). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
