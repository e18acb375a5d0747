// Lighthouse on the demo site: `/` and `/student-portal`, Lighthouse's default (mobile, simulated throttling).
// Prints the four category scores per page against the budgets; with --check, exits 1 when one is below.
//
//   node bench/lighthouse.mjs [--check] [--runs N] [--url http://localhost:8787] [--desktop]
//
// Without --url it starts the product the way the e2e tests do (test/e2e/support.ts, `npm run serve` on a free port
// with a fresh data folder), so run `npm run build` first (`npm run bench` does). Chromium is Debian's
// (CHROME_PATH or /usr/bin/chromium) with the flags of test/support/chromium.ts plus --headless=new.
// Performance is wall-clock based, so each page runs N times (default 3) and the median run is reported.
import { register } from 'tsx/esm/api';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

register();
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../test/support/chromium.ts');
const { startProduct } = await import('../test/e2e/support.ts');

export const PAGES = ['/', '/student-portal'];
export const BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const check = args.includes('--check');
const desktop = args.includes('--desktop');
const runs = Math.max(1, Number(option('--runs') ?? 3));

const product = option('--url') ? null : await startProduct(['npm', 'run', 'serve']);
const baseUrl = option('--url') ?? product.url;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
});

let failed = false;
try {
  console.log(`Lighthouse ${desktop ? 'desktop' : 'mobile'} on ${baseUrl}, median of ${runs} run(s) per page`);
  for (const page of PAGES) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(
        `${baseUrl}${page}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(BUDGETS) },
        desktop ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      results.push(result.lhr);
    }
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = results[Math.floor(results.length / 2)];
    if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.log(`\n${page}`);
    for (const [id, budget] of Object.entries(BUDGETS)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ok = score >= budget;
      if (!ok) failed = true;
      const all =
        id === 'performance'
          ? `  (runs: ${results.map((r) => Math.round(r.categories[id].score * 100)).join(', ')})`
          : '';
      const limit = budget === 100 ? '= 100' : `>= ${budget}`;
      console.log(`  ${ok ? 'ok  ' : 'LOW '} ${id.padEnd(15)} ${String(score).padStart(3)}  budget ${limit}${all}`);
      if (!ok) {
        for (const ref of lhr.categories[id].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
            console.log(`         ${ref.id}: ${Math.round(audit.score * 100)}${shown}`);
          }
        }
      }
    }
    const metrics = {
      FCP: 'first-contentful-paint',
      LCP: 'largest-contentful-paint',
      TBT: 'total-blocking-time',
      CLS: 'cumulative-layout-shift',
      SI: 'speed-index',
    };
    console.log(
      `       ${Object.entries(metrics)
        .map(([label, m]) => `${label} ${lhr.audits[m].displayValue}`)
        .join(' · ')}`,
    );
  }
} finally {
  chrome.kill();
  await product?.stop();
}
if (check && failed) {
  console.error('\nLighthouse scores below budget');
  process.exit(1);
}
