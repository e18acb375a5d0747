import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const variants = {
  default: "Intl.DateTimeFormat().resolvedOptions().timeZone",
  en: "Intl.DateTimeFormat('en').resolvedOptions().timeZone",
  enUTC: "new Intl.DateTimeFormat('en-US',{timeZone:'UTC'}).resolvedOptions().timeZone",
  temporal: "typeof Temporal!=='undefined' ? Temporal.Now.timeZoneId() : 'none'",
  toString: "new Date().toString()",
  offset: "new Date().getTimezoneOffset()",
};
for (const [name, code] of Object.entries(variants)) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const p = await b.newPage();
    await p.goto('http://localhost:8790/404-x');
    times.push(await p.evaluate(`(() => { const t = performance.now(); const v = ${code}; const d = performance.now() - t; const t2 = performance.now(); Intl.DateTimeFormat().resolvedOptions().timeZone; return [d.toFixed(1), (performance.now()-t2).toFixed(1), String(v)]; })()`));
    await p.close();
  }
  console.log(name, JSON.stringify(times));
}
await b.close();
