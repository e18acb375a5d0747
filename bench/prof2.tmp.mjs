import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
const smc = await new SourceMapConsumer(JSON.parse(fs.readFileSync('dist/auth-login.js.map', 'utf8')));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const p = await b.newPage();
const cdp = await p.context().newCDPSession(p);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await p.goto(process.argv[2], { waitUntil: 'load' });
await p.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
await b.close();
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const selfT = new Map();
for (let i = 0; i < profile.samples.length; i++) selfT.set(profile.samples[i], (selfT.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = (n) => (n._t ??= (selfT.get(n.id) ?? 0) + (n.children ?? []).reduce((s, c) => s + total(byId.get(c)), 0));
const label = (cf) => {
  let name = cf.functionName || '(anon)';
  if (cf.url.endsWith('auth-login.js') && cf.lineNumber >= 0) {
    const o = smc.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
    if (o.source) return `${o.name ?? name} ${o.source.replace(/.*node_modules\//, '').replace(/.*src\//, 'src/')}:${o.line}`;
  }
  return `${name} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
};
const min = Number(process.argv[3] ?? 3000);
const walk = (n, depth) => {
  if (depth > 40) return;
  const t = total(n);
  if (t < min) return;
  const kids = (n.children ?? []).map(c => byId.get(c)).filter(k => total(k) >= min);
  // collapse chains with one heavy child
  console.log(`${' '.repeat(depth)}${(t/1000).toFixed(1)}ms ${label(n.callFrame)} (self ${((selfT.get(n.id) ?? 0)/1000).toFixed(1)})`);
  for (const k of kids.sort((a, b) => total(b) - total(a))) walk(k, depth + 1);
};
const root = profile.nodes[0];
for (const c of root.children.map(c => byId.get(c))) if (!['(idle)','(program)'].includes(c.callFrame.functionName)) walk(c, 0);
