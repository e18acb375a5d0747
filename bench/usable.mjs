// Time to usable, side by side: how long after navigation a visitor can type an email, with <auth-login>
// (magic links only) and with Stytch's hosted UI (@stytch/vanilla-js 6.3.0, its IIFE build, magic links only), and the
// demo portal against a bare page holding the same element.
//
//   node bench/usable.mjs [--runs N]          (after `npm run build`; N ≥ 7 per page and profile, default 7)
//
// Everything is served from one origin, over real HTTP, so Chromium's network throttling applies to every byte (a
// response fulfilled by Playwright's route() would skip it): this process starts the identity service (in-memory
// database, dist/ and demo-site/ as `npm start` serves them) behind a small bench-only handler that answers the
// pages below and Stytch's script, compressed the way the service compresses ours. Nothing of it exists in the
// product. Stytch's client is pointed at this origin (`endpoints`), so its bootstrap call
// (GET /sdk/v1/projects/bootstrap/<token>, the same path as our wire contract) is answered by our service. Requests to
// other hosts (fonts, telemetry) fail at once (--host-resolver-rules): the machine is offline, and waiting for DNS
// would measure the network, not the widget.
//
// Pages use one template (PAGE below) and differ only in the script and the element. Runs are interleaved (ours,
// Stytch, portal, bare, ours, …) in fresh contexts with the cache disabled, in two profiles: unthrottled, and
// Lighthouse's "slow 4G" (150 ms RTT, 1.6 Mbps down, 750 kbps up) with a 4× CPU slowdown. "Usable" is measured in
// the page as bench/size.mjs does (watchUsable: a MutationObserver on the document and every shadow root notes the
// first moment the email input is visible and enabled; performance.now(), from navigation start). Bytes are what
// the page transferred (compressed, with headers; Resource Timing) for requests started by then.
//
// Prints medians per page and profile and the ratios ours ÷ Stytch (target ≤ 0.8) and portal ÷ bare (≤ 1.1). Usable
// is, on our pages, the entry file's own first paint of Main (src/widget/shell/): a visitor types there while React
// loads; the moment React has taken over (watchUsable's second mark) is printed beside it, and its ratio to Stytch's
// usable time, so the whole widget's start is in the table too.
// Timings depend on the machine: this prints, it does not check.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { serve } from '@hono/node-server';
import { PAGE_TIMEOUT_MS, watchUsable } from './size.mjs';

register();
const { createService } = await import('../src/server/app.ts');
const { chooseEncoding, compressed } = await import('../src/server/http/static-compression.ts');
const { DEFAULT_PUBLIC_TOKEN } = await import('../src/server/constants/project.ts');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../test/support/chromium.ts');
const { chromium } = await import('playwright-core');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const siteDir = path.join(root, 'demo-site');

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
/** Fewer than 7 only to try the script out: medians of fewer runs say little. */
export const RUNS = Math.max(1, Number(runsArg === -1 ? 7 : args[runsArg + 1]));

/** Lighthouse's mobile "slow 4G" (constants.throttling.mobileSlow4G): RTT, throughput, CPU slowdown. */
const SLOW_4G = { rttMs: 150, downKbps: 1.6 * 1024, upKbps: 750, cpuSlowdown: 4 };
export const PROFILES = [
  { name: 'unthrottled', network: null, cpuSlowdown: 1 },
  { name: 'slow 4G, 4x CPU', network: SLOW_4G, cpuSlowdown: SLOW_4G.cpuSlowdown },
];

/** Bench-only paths, answered before the service sees the request. */
const BENCH_PREFIX = '/bench-usable';
const STYTCH_SCRIPT_PATH = `${BENCH_PREFIX}/stytch.js`;
/** Its browser build (global `stytch`), beside the CommonJS build the package's `require` entry names. */
const STYTCH_SCRIPT_FILE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@stytch/vanilla-js')),
  '..',
  'iife',
  'index.js',
);

const MAGIC_LINKS = { products: ['emailMagicLinks'] };
/** The portal's element config, read from the page itself so the bare page cannot drift from it. */
const PORTAL_CONFIG = /<auth-login[^>]*\sconfig='([^']*)'/.exec(
  fs.readFileSync(path.join(siteDir, 'student-portal.html'), 'utf8'),
)?.[1];
if (!PORTAL_CONFIG) throw new Error("demo-site/student-portal.html: no <auth-login config='…'> found");

/** One printed table row: each cell padded to its width (a negative width aligns left), one space between. */
export const tableRow = (cells, widths) =>
  cells
    .map((cell, i) => (widths[i] < 0 ? String(cell).padEnd(-widths[i]) : String(cell).padStart(widths[i])))
    .join(' ');

const attr = (json) => json.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
const PAGE = (title, head, body) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${head}</head>
<body><main style="max-width:420px;margin:40px auto">${body}</main></body>
</html>
`;
const ourPage = (title, configAttr) =>
  PAGE(
    title,
    '<script type="module" src="/auth-login.js"></script>',
    `<auth-login public-token="${DEFAULT_PUBLIC_TOKEN}" base-url="/" config='${configAttr}'></auth-login>`,
  );

/**
 * Stytch's documented vanilla setup; 6.3.0's mountLogin only renders once `render(props)` is called on what it returns.
 */
const STYTCH_PAGE = PAGE(
  'usable: Stytch',
  `<script src="${STYTCH_SCRIPT_PATH}"></script>`,
  `<div id="stytch-login"></div>
<script>
  const client = stytch.createStytchClient('${DEFAULT_PUBLIC_TOKEN}', {
    endpoints: { testAPIURL: location.origin, liveAPIURL: location.origin },
  });
  const props = {
    client,
    config: {
      products: [stytch.Products.emailMagicLinks],
      emailMagicLinksOptions: { loginRedirectURL: location.href, signupRedirectURL: location.href },
    },
  };
  stytch.mountLogin({ elementId: '#stytch-login', ...props }).render(props);
</script>`,
);

/** The measured pages: where each is served, and the element holding the email input (host, then control). */
export const PAGES = [
  {
    name: 'ours',
    path: `${BENCH_PREFIX}/ours`,
    html: ourPage('usable: auth-login', attr(JSON.stringify(MAGIC_LINKS))),
    host: 'auth-login',
  },
  { name: 'stytch', path: `${BENCH_PREFIX}/stytch`, html: STYTCH_PAGE, host: 'stytch-ui' },
  { name: 'portal', path: '/student-portal', html: null, host: 'auth-login' },
  {
    name: 'bare',
    path: `${BENCH_PREFIX}/bare`,
    html: ourPage('usable: bare portal config', PORTAL_CONFIG),
    host: 'auth-login',
  },
];
export const CONTROL = 'input[type="email"]';

/** The bench's own answers (pages, Stytch's script), compressed like the service's static files; else null. */
async function benchResponse(request) {
  const { pathname } = new URL(request.url);
  const page = PAGES.find((p) => p.html && p.path === pathname);
  const [body, type, key] = page
    ? [() => Promise.resolve(new TextEncoder().encode(page.html)), 'text/html; charset=utf-8', page.path]
    : pathname === STYTCH_SCRIPT_PATH
      ? [
          async () => new Uint8Array(await fs.promises.readFile(STYTCH_SCRIPT_FILE)),
          'text/javascript; charset=utf-8',
          STYTCH_SCRIPT_FILE,
        ]
      : [];
  if (!body) return null;
  const raw = await body();
  const encoding = chooseEncoding(request.headers.get('accept-encoding') ?? undefined, type, raw.length);
  const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
  if (!encoding) return new Response(raw, { headers });
  return new Response(await compressed(`usable-bench\n${key}`, encoding, () => Promise.resolve(raw)), {
    headers: { ...headers, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' },
  });
}

/**
 * The service behind the bench handler, on a free port; its own origin is allowed (CORS, redirects) as npm start does.
 * `options` go to the service as well (bench/sent.mjs raises the per-IP send limit), and `distDir` replaces dist/.
 */
export async function startBenchServer({ distDir = dist, ...options } = {}) {
  let service;
  const server = await new Promise((resolve) => {
    const s = serve(
      {
        fetch: async (request) => (await benchResponse(request)) ?? service.app.fetch(request),
        port: 0,
        hostname: 'localhost',
      },
      () => resolve(s),
    );
  });
  const url = `http://localhost:${server.address().port}`;
  service = await createService({
    database: { kind: 'memory' },
    siteDir,
    distDir,
    allowedOrigins: [url],
    redirectUrls: [`${url}/student-portal`, ...PAGES.map((p) => `${url}${p.path}`)],
    ...options,
  });
  return {
    url,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    },
  };
}

/**
 * startBenchServer in a child process (bench/bench-server.mjs), so that the service's work never delays the
 * measuring process's messages to the browser; `options` must be JSON. Resolves once it listens.
 */
export async function startBenchServerProcess(options = {}) {
  const child = spawn(process.execPath, [path.join(root, 'bench/bench-server.mjs'), JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening`)));
  });
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Chromium as every bench run here launches it: other hosts fail at once instead of waiting for DNS (offline). */
export const launchBrowser = () =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost'],
  });

/** A tab in a fresh context (nothing cached, cache disabled) under `profile`'s network and CPU throttling. */
export async function throttledTab(browser, profile) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.rttMs,
      downloadThroughput: (profile.network.downKbps * 1024) / 8,
      uploadThroughput: (profile.network.upKbps * 1024) / 8,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return { context, tab };
}

/** One load of `page` in a fresh context (nothing cached, cache disabled) under `profile`. */
async function measure(browser, baseUrl, page, profile) {
  const { context, tab } = await throttledTab(browser, profile);
  const errors = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  try {
    await tab.addInitScript(watchUsable, { host: page.host, control: CONTROL });
    await tab.goto(`${baseUrl}${page.path}`, { timeout: PAGE_TIMEOUT_MS });
    await tab.waitForFunction(() => window.__usableAt !== undefined && window.__interactiveAt !== undefined, null, {
      timeout: PAGE_TIMEOUT_MS,
      polling: 50,
    });
    return await tab.evaluate(() => {
      const usableAt = window.__usableAt;
      const interactiveAt = window.__interactiveAt;
      const origin = location.origin;
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ].filter((entry) => entry.startTime <= usableAt && new URL(entry.name).origin === origin);
      const sum = (list) => list.reduce((total, entry) => total + entry.transferSize, 0);
      return {
        usableMs: usableAt,
        interactiveMs: interactiveAt,
        bytes: sum(entries),
        scriptBytes: sum(
          entries.filter((entry) => entry.initiatorType === 'script' || new URL(entry.name).pathname.endsWith('.js')),
        ),
        requests: entries.length,
      };
    });
  } catch (error) {
    if (errors.length) error.message += `\n  page errors: ${errors.join('\n  ')}`;
    throw new Error(`${page.name} (${profile.name}): ${error.message}`);
  } finally {
    await context.close();
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main() {
  if (!fs.existsSync(path.join(dist, 'auth-login.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const server = await startBenchServerProcess();
  const browser = await launchBrowser();
  const summary = [];
  try {
    console.log(
      `Time to usable (email input visible and enabled), ${RUNS} interleaved runs per page and profile, ${server.url}`,
    );
    // One untimed load of each page first: the service compresses each static file on its first request.
    for (const page of PAGES) await measure(browser, server.url, page, PROFILES[0]);
    for (const profile of PROFILES) {
      const samples = new Map(PAGES.map((page) => [page.name, []]));
      for (let run = 0; run < RUNS; run += 1) {
        for (const page of PAGES) samples.get(page.name).push(await measure(browser, server.url, page, profile));
      }
      console.log(`\n${profile.name}`);
      const widths = [-8, 10, 7, 7, 17, 9, 9, 20];
      const headings = [
        'page',
        'median ms',
        'min',
        'max',
        'KB before usable',
        'of it JS',
        'requests',
        'React took over, ms',
      ];
      console.log(tableRow(headings, widths));
      const medians = {};
      const interactive = {};
      for (const page of PAGES) {
        const list = samples.get(page.name);
        const times = list.map((s) => s.usableMs);
        medians[page.name] = median(times);
        interactive[page.name] = median(list.map((s) => s.interactiveMs));
        const cells = [
          page.name,
          medians[page.name].toFixed(0),
          Math.min(...times).toFixed(0),
          Math.max(...times).toFixed(0),
          kb(median(list.map((s) => s.bytes))),
          kb(median(list.map((s) => s.scriptBytes))),
          median(list.map((s) => s.requests)),
          page.host === 'auth-login' ? interactive[page.name].toFixed(0) : '-',
        ];
        console.log(tableRow(cells, widths));
      }
      summary.push({
        profile: profile.name,
        peer: medians.ours / medians.stytch,
        portal: medians.portal / medians.bare,
        peerInteractive: interactive.ours / medians.stytch,
        portalInteractive: interactive.portal / interactive.bare,
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const widths = [-18, 14, 9, 14, 9, 34, 21];
  const headings = [
    'profile',
    'ours ÷ Stytch',
    '(target)',
    'portal ÷ bare',
    '(target)',
    'React took over ÷ Stytch usable',
    'portal ÷ bare, React',
  ];
  console.log(`\n${tableRow(headings, widths)}`);
  for (const row of summary) {
    const ratios = [row.peer, '≤ 0.8', row.portal, '≤ 1.1', row.peerInteractive, row.portalInteractive];
    const cells = ratios.map((value) => (typeof value === 'number' ? value.toFixed(2) : value));
    console.log(tableRow([row.profile, ...cells], widths));
  }
}

// Importing this module (bench/sent.mjs uses its server, pages and profiles) measures nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`usable bench failed: ${error.message}`);
    process.exit(1);
  });
}
