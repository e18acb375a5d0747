import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME ?? '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
await chrome.kill();
const ev = r.artifacts.Trace.traceEvents;
const main = ev.filter(e => e.name === 'RunTask' && e.dur > 8000);
const t0 = ev.find(e => e.name === 'navigationStart')?.ts ?? main[0].ts;
for (const task of main) {
  const kids = ev.filter(e => e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur && e !== task && e.name !== 'RunTask');
  const top = {};
  for (const k of kids) { const n = k.name + (k.args?.data?.url ? ' ' + k.args.data.url.split('/').pop() : '') + (k.args?.data?.functionName ? ' fn:' + k.args.data.functionName : ''); top[n] = Math.max(top[n] ?? 0, k.dur); }
  console.log(`task @${((task.ts - t0)/1000)|0}ms dur ${(task.dur/1000).toFixed(1)}ms:`, Object.entries(top).sort((a,b)=>b[1]-a[1]).slice(0,8).map(([n,d])=>`${n}=${(d/1000).toFixed(1)}`).join(' | '));
}
