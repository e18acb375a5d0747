import { createService } from './src/server/app.ts';
import { createSession, touchSessionByToken } from './src/server/store/sessions.ts';
import { hashToken } from './src/server/security/tokens.ts';
const s = await createService({ database: { kind: 'memory' } });
const db = s.db;
console.log((await db.query('show shared_buffers'))[0]);
await db.query(`insert into users (id, status, first_name, middle_name, last_name, trusted_metadata, untrusted_metadata, created_at) values ('user-x','active','','','','{}','{}',now())`);
await db.query(`insert into users (id, status, first_name, middle_name, last_name, trusted_metadata, untrusted_metadata, created_at) select 'u-'||g,'active','','','','{}','{}',now() from generate_series(1,5000) g`);
await db.query(`insert into dev_messages (id, recipient, subject, html, text, links, created_at) select 'm-'||g, 'a@b', 's', repeat('x', 8000), repeat('y', 4000), '[]', now() from generate_series(1,3000) g`).catch((e) => console.log('dev_messages', String(e).slice(0, 100)));
await createSession(db, { tokenHash: hashToken('tok'), userId: 'user-x', now: Date.now(), expiresAt: Date.now() + 3600e3, factors: [], ipAddress: '', userAgent: '' });
for (let round = 0; round < 3; round++) {
  const t = performance.now(); const cpu = process.cpuUsage();
  for (let i = 0; i < 2000; i++) await touchSessionByToken(db, hashToken('tok'), Date.now());
  const c = process.cpuUsage(cpu);
  console.log('round', round, 'wall/op', ((performance.now() - t) / 2000).toFixed(3), 'cpu/op', ((c.user + c.system) / 1000 / 2000).toFixed(3), 'ms');
}
await s.close();
