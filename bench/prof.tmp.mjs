import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const p = await b.newPage();
const cdp = await p.context().newCDPSession(p);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await cdp.send('Profiler.start');
await p.goto(process.argv[2], { waitUntil: 'load' });
await p.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
await b.close();
// self time per function (url:line name), and inclusive time per top-level url
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; const samples = profile.samples;
const counts = new Map();
for (let i = 0; i < samples.length; i++) counts.set(samples[i], (counts.get(samples[i]) ?? 0) + (dt[i] ?? 0));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of counts) {
  const n = byId.get(id); const cf = n.callFrame;
  const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`;
  self.set(k, (self.get(k) ?? 0) + t);
  let cur = id; const seen = new Set();
  while (cur) { const cn = byId.get(cur).callFrame; const kk = `${cn.functionName || '(anon)'} ${cn.url.split('/').pop()}:${cn.lineNumber}:${cn.columnNumber}`; if (!seen.has(kk)) { incl.set(kk, (incl.get(kk) ?? 0) + t); seen.add(kk);} cur = parent.get(cur); }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v/1000).toFixed(1).padStart(6)}ms ${k}`).join('\n');
console.log('SELF\n' + top(self, 25)); console.log('INCLUSIVE\n' + top(incl, 40));
