// Time until the typed address is sent, side by side: a visitor opens the page, types an email address the moment the
// field takes it, and presses Enter; how long until the magic-link request leaves the page, and until "Check your
// email" shows, with <auth-login> (magic links only) and with Stytch's hosted UI (@stytch/vanilla-js 6.3.0).
//
//   node bench/sent.mjs [--runs N]          (after `npm run build`; N ≥ 7 per page and profile, default 7)
//
// The pages, the server and the profiles are bench/usable.mjs's (its PAGES "ours" and "stytch", its one-origin server
// with Stytch's client pointed at our service, unthrottled and slow 4G with a 4× CPU slowdown), and so is "usable"
// (watchUsable, bench/size.mjs). Runs are interleaved in fresh contexts with the cache disabled, the pages' order
// alternating from run to run (on a 2-core machine a run right after another page's is a little slower). Each run is
// one visitor as Playwright plays one: the navigation is started without waiting for any load event; the moment the
// page has marked the field usable (watchUsable's promise, awaited in the page: a poll every animation frame put
// hundreds of milliseconds between usable and the first key on a still page, which asks for no frames, and
// Playwright's locator actions add their own checks, the same fixed cost on both pages that no visitor pays), a
// click at the field's centre (inside the element's shadow root), the address typed as one input (an address of its
// own: the service limits sends per address; the per-IP limit is raised for the bench), then Enter. Each is a real
// input event, handled when the page's main thread is free, as a visitor's. Three moments are taken in the page,
// performance.now() from navigation start:
//   usable  the field is visible and enabled (watchUsable's first mark);
//   sent    the POST to /sdk/v1/magic_links/email/login_or_create was issued: its Resource Timing entry's startTime
//           (the page's fetch or XHR call; the first such request of the run, a captcha retry would be a second);
//   shown   a visible text node reading "Check your email" is in the element (a MutationObserver on the document and
//           every shadow root, as watchUsable watches).
// Enter (a capture-phase keydown listener) and the response's end are printed beside them; the time between usable and
// Enter is the click and the keys, longer while the page's main thread is busy (as a visitor's keys would wait).
// On our page a Continue pressed before React has taken over from the first-paint shell (src/widget/shell/) sends the
// link at once over the headless client, and the shell paints "Check your email" when the service has answered
// (src/widget/shell/early-send.ts); React adopts that request when it arrives.
//
// Prints medians per page and profile, and the ratios ours ÷ Stytch for usable, sent and shown.
// Timings depend on the machine: this prints, it does not check.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PAGE_TIMEOUT_MS, watchUsable } from './size.mjs';
import {
  CONTROL,
  PAGES,
  PROFILES,
  RUNS,
  launchBrowser,
  median,
  startBenchServerProcess,
  tableRow,
  throttledTab,
} from './usable.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The request carrying the address (wire contract: the same path for both clients). */
export const SEND_PATH = '/sdk/v1/magic_links/email/login_or_create';
/** The title of the screen both widgets show once the link is on its way. */
export const SHOWN_TEXT = 'Check your email';
/** The two pages compared: ours (magic links only) and Stytch's, as bench/usable.mjs serves them. */
export const SENT_PAGES = PAGES.filter((page) => page.name === 'ours' || page.name === 'stytch');
/** Sends one client IP may start per window: every run sends once, and all come from localhost. */
const BENCH_SEND_LIMIT = 100_000;

/**
 * Runs in the page before its scripts: records `performance.now()` at the first Enter keydown (`__enterAt`) and the
 * first moment a visible text node holding `text` is inside a `host` element or its shadow root (`__shownAt`), and
 * resolves `__shown` then.
 */
export function watchShown({ host, text }) {
  let resolveShown;
  window.__shown = new Promise((resolve) => {
    resolveShown = resolve;
  });
  const shown = () => {
    for (const element of document.querySelectorAll(host)) {
      for (const root of [element.shadowRoot, element]) {
        if (!root?.textContent.includes(text)) continue;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.data.includes(text) && node.parentElement?.getClientRects().length) return true;
        }
      }
    }
    return false;
  };
  const check = () => {
    if (window.__shownAt !== undefined || !shown()) return;
    window.__shownAt = performance.now();
    resolveShown();
  };
  const observe = (node) =>
    new MutationObserver(check).observe(node, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const shadow = attachShadow.call(this, init);
    observe(shadow);
    return shadow;
  };
  observe(document);
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && window.__enterAt === undefined) window.__enterAt = performance.now();
    },
    true,
  );
}

/**
 * One visitor on `page` under `profile` in a fresh context: types `email` as soon as the field takes it, presses
 * Enter, and waits for "Check your email". Resolves with the moments (ms from navigation start) described above.
 */
export async function measureSent(browser, baseUrl, page, profile, email) {
  const { context, tab } = await throttledTab(browser, profile);
  const errors = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  try {
    await tab.addInitScript(watchUsable, { host: page.host, control: CONTROL });
    await tab.addInitScript(watchShown, { host: page.host, text: SHOWN_TEXT });
    await tab.goto(`${baseUrl}${page.path}`, { timeout: PAGE_TIMEOUT_MS, waitUntil: 'commit' });
    // Where the field is the moment it is usable (watchUsable's promise: no polling in between).
    const { x, y } = await tab.evaluate(() =>
      window.__usable.then((field) => {
        const box = field.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }),
    );
    // As a visitor: a click into the field, the address typed, Enter. Each goes through the browser's input pipeline
    // and waits for the page's main thread, as a visitor's would.
    await tab.mouse.click(x, y);
    await tab.keyboard.insertText(email);
    await tab.keyboard.press('Enter');
    // Awaited in the page, as usable is: Playwright's waitForFunction injects its selector engine (about 100 ms of the
    // main thread under 4x CPU) on its first call, which lands right after Enter, in the middle of what is measured.
    await tab.evaluate(
      ([timeout, text]) =>
        Promise.race([
          window.__shown,
          new Promise((_, reject) => setTimeout(() => reject(new Error(`"${text}" not shown`)), timeout)),
        ]),
      [PAGE_TIMEOUT_MS, SHOWN_TEXT],
    );
    const result = await tab.evaluate((sendPath) => {
      const sends = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === sendPath)
        .sort((a, b) => a.startTime - b.startTime);
      return {
        usableMs: window.__usableAt,
        enterMs: window.__enterAt,
        sentMs: sends[0]?.startTime,
        answeredMs: sends[0]?.responseEnd,
        shownMs: window.__shownAt,
        sends: sends.length,
      };
    }, SEND_PATH);
    if (result.sentMs === undefined) throw new Error(`"${SHOWN_TEXT}" showed, but no request to ${SEND_PATH} was seen`);
    return result;
  } catch (error) {
    if (errors.length) error.message += `\n  page errors: ${errors.join('\n  ')}`;
    throw new Error(`${page.name} (${profile.name}): ${error.message}`);
  } finally {
    await context.close();
  }
}

/** A fresh address for every run: the service limits the links one address may be sent per window. */
let sequence = 0;
export function nextEmail(label) {
  sequence += 1;
  return `sent-bench-${label}-${Date.now()}-${sequence}@example.com`;
}

/** The moments printed, in order: each sample's field and its column heading. */
export const MOMENTS = [
  ['usableMs', 'usable'],
  ['enterMs', 'Enter'],
  ['sentMs', 'sent'],
  ['answeredMs', 'answered'],
  ['shownMs', 'shown'],
];

/** Prints one profile's medians (and sent's min–max) for every page of `samples` (name → list of results). */
export function printProfile(profile, samples) {
  console.log(`\n${profile.name} (medians, ms from navigation start)`);
  const widths = [-16, 8, 8, 8, 10, 8, 14];
  console.log(tableRow(['page', ...MOMENTS.map(([, heading]) => heading), 'sent min–max'], widths));
  const medians = {};
  for (const [name, list] of samples) {
    medians[name] = Object.fromEntries(MOMENTS.map(([key]) => [key, median(list.map((s) => s[key]))]));
    const sent = list.map((s) => s.sentMs);
    const range = `${Math.min(...sent).toFixed(0)}–${Math.max(...sent).toFixed(0)}`;
    console.log(tableRow([name, ...MOMENTS.map(([key]) => medians[name][key].toFixed(0)), range], widths));
  }
  return medians;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist', 'auth-login.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const server = await startBenchServerProcess({ ipRateLimits: { sends: BENCH_SEND_LIMIT } });
  const browser = await launchBrowser();
  const summary = [];
  try {
    console.log(
      `Time until the typed address is sent, ${RUNS} interleaved runs per page and profile, ${server.url}` +
        `\n(usable: the field takes input; sent: the request to ${SEND_PATH} issued; shown: "${SHOWN_TEXT}")`,
    );
    // One untimed run of each page first: the service compresses each static file on its first request.
    for (const page of SENT_PAGES) await measureSent(browser, server.url, page, PROFILES[0], nextEmail('warm-up'));
    for (const profile of PROFILES) {
      const samples = new Map(SENT_PAGES.map((page) => [page.name, []]));
      for (let run = 0; run < RUNS; run += 1) {
        for (const page of run % 2 ? [...SENT_PAGES].reverse() : SENT_PAGES) {
          samples.get(page.name).push(await measureSent(browser, server.url, page, profile, nextEmail(page.name)));
        }
      }
      const medians = printProfile(profile, samples);
      const ratio = (key) => medians.ours[key] / medians.stytch[key];
      summary.push({
        profile: profile.name,
        usable: ratio('usableMs'),
        sent: ratio('sentMs'),
        shown: ratio('shownMs'),
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const widths = [-18, 16, 14, 15];
  console.log(`\n${tableRow(['ours ÷ Stytch', 'usable', 'sent', 'shown'], widths)}`);
  for (const row of summary) {
    console.log(tableRow([row.profile, ...[row.usable, row.sent, row.shown].map((r) => r.toFixed(2))], widths));
  }
}

// Importing this module (to compare builds) measures nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`sent bench failed: ${error.message}`);
    process.exit(1);
  });
}
