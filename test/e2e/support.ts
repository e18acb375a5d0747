// End-to-end harness: the real product command (`npm start`: build, then the service with an embedded database in a
// fresh data folder) and Debian's Chromium driven by playwright-core. `e2eSuite()` is the one setup every e2e file
// uses: the product and the browser per file, contexts whose requests stay on the product's origin, and pages whose
// console errors and failed requests are collected for the file's last assertion.
import { after, before } from 'node:test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { until } from '../support/poll.ts';
import type { InboxMessage } from '../../src/server/dev/inbox-store.ts';

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
  extraEnv: Record<string, string> = {},
): Promise<RunningProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-e2e-'));
  const [cmd, ...args] = command as [string, ...string[]];
  const child: ChildProcess = spawn(cmd, args, {
    cwd: repoRoot,
    env: { ...process.env, ...extraEnv, PORT: '0', DATA_DIR: dataDir },
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

async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** The desktop window every context opens with unless a test asks for another (a phone, a narrow screen). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;

/**
 * This machine has no internet, and the tests must not depend on it anyway: every request that leaves the product's
 * origin is aborted and recorded, except those a test fulfils itself (`context.route` registered later wins).
 */
export async function closeNetwork(
  context: BrowserContext,
  productUrl: string,
  outside: string[] = [],
): Promise<string[]> {
  const origin = new URL(productUrl).origin;
  await context.route(
    (url) => url.origin !== origin && !url.protocol.startsWith('data') && !url.protocol.startsWith('blob'),
    async (route) => {
      outside.push(route.request().url());
      await route.abort();
    },
  );
  return outside;
}

/** Console errors, uncaught exceptions and failed responses of a page, as readable lines. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    // ERR_ABORTED: a load cut short by a navigation or by closing the page (the test did it), not a broken link.
    const error = req.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') problems.push(`failed: ${req.url()} ${error}`);
  });
  return problems;
}

export interface E2ESuite {
  /** The product, started once for the file by `npm start`. */
  readonly product: RunningProduct;
  readonly browser: Browser;
  /** Every request any context of this suite tried to send outside the product's origin (each was aborted). */
  readonly outside: string[];
  /** A fresh context (desktop window unless `options` say otherwise) whose requests stay on the product's origin. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new page, in `context` or else in a fresh context, with its problems collected (see watchProblems). */
  newPage(context?: BrowserContext): Promise<{ page: Page; problems: string[] }>;
}

/**
 * The setup of an e2e file: call once inside its `describe`. Before the tests it starts the product (with `env` added
 * to its environment, as an operator would configure it) and Chromium; after them it closes the browser and stops the
 * product.
 */
export function e2eSuite(options: { env?: Record<string, string> } = {}): E2ESuite {
  const started: { product?: RunningProduct; browser?: Browser } = {};
  const outside: string[] = [];
  before(async () => {
    started.product = await startProduct(undefined, options.env);
    started.browser = await launchChromium();
  });
  after(async () => {
    await started.browser?.close();
    await started.product?.stop();
  });
  const suite: E2ESuite = {
    get product() {
      if (!started.product) throw new Error('e2eSuite: the product starts before the first test');
      return started.product;
    },
    get browser() {
      if (!started.browser) throw new Error('e2eSuite: the browser starts before the first test');
      return started.browser;
    },
    outside,
    async newContext(options = {}) {
      const context = await suite.browser.newContext({ viewport: DESKTOP_VIEWPORT, ...options });
      await closeNetwork(context, suite.product.url, outside);
      return context;
    },
    async newPage(context) {
      const page = await (context ?? (await suite.newContext())).newPage();
      return { page, problems: watchProblems(page) };
    },
  };
  return suite;
}

export async function inboxFor(baseUrl: string, to: string): Promise<InboxMessage[]> {
  const res = await fetch(`${baseUrl}/dev/inbox.json?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { messages: InboxMessage[] };
  return body.messages;
}

/** Waits until the dev inbox holds a message to `to` (delivery is asynchronous from the browser's point of view). */
export function deliveredTo(baseUrl: string, to: string, what: string): Promise<InboxMessage[]> {
  return until(async () => {
    const messages = await inboxFor(baseUrl, to);
    return messages.length > 0 && messages;
  }, what);
}

/**
 * Resolves once the test has seen what the page did before this call: in the page, after the next frame and the
 * tasks already queued, a marker image is requested, and the test waits for that request. The browser reports
 * requests in the order they are made, so a request, a toast or a navigation caused earlier is visible by then; a
 * test asserting that something did NOT happen asserts after this, not after a sleep. The marker is a GET of an image
 * (the site's logo), so it is not a call a test counts.
 */
export async function caughtUp(page: Page): Promise<void> {
  const marker = `/assets/logo.svg?caught-up=${randomUUID()}`;
  const seen = page.waitForRequest((req) => req.url().endsWith(marker));
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            new Image().src = src;
            resolve();
          }),
        ),
      ),
    marker,
  );
  await seen;
}
