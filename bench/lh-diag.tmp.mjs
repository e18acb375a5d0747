import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME ?? '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = r.lhr.audits;
console.log('score', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue|0, 'LCP', a['largest-contentful-paint'].numericValue|0, 'TBT', a['total-blocking-time'].numericValue|0, 'SI', a['speed-index'].numericValue|0, 'CLS', a['cumulative-layout-shift'].numericValue.toFixed(3), 'TTI', a['interactive']?.numericValue|0);
if (i === 0) {
console.log('long tasks:', JSON.stringify(a['long-tasks']?.details?.items?.map(x => [x.url?.slice(-40), x.startTime|0, x.duration|0])));
console.log('bootup:', JSON.stringify(a['bootup-time']?.details?.items?.map(x => [x.url?.slice(-40), x.total|0, x.scripting|0, x.scriptParseCompile|0])));
console.log('mainthread:', JSON.stringify(a['mainthread-work-breakdown']?.details?.items?.map(x => [x.group, x.duration|0])));
console.log('lcp el:', JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet));
}
}
await chrome.kill();
