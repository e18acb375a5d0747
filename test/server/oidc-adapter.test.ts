// oidc-provider's storage in the service database: lookups by id, uid and user code, expiry, atomic consumption,
// revocation of everything under a grant, and the sweep of expired rows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RATE_LIMIT_SWEEP_EVERY_TAKES } from '../../src/server/constants/rate-limits.ts';
import { databaseAdapter } from '../../src/server/oidc/adapter.ts';
import { upsertPayload } from '../../src/server/store/oidc-payloads.ts';
import { startTestService, type TestService } from './support.ts';

class LostRace extends Error {}

describe('the oidc-provider adapter', () => {
  let t: TestService;
  let Adapter: ReturnType<typeof databaseAdapter>;
  before(async () => {
    t = await startTestService();
    Adapter = databaseAdapter(t.service.db, () => new LostRace('already consumed'));
  });
  after(() => t.close());

  it('finds a payload by id, uid and user code, only under its own kind', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1', uid: 'u1', userCode: 'ABCD' }, 60);
    assert.deepEqual(await codes.find('c1'), { jti: 'c1', grantId: 'g1', uid: 'u1', userCode: 'ABCD' });
    assert.equal((await codes.findByUid('u1'))?.jti, 'c1');
    assert.equal((await codes.findByUserCode('ABCD'))?.jti, 'c1');
    assert.equal(await new Adapter('AccessToken').find('c1'), undefined);
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1', scope: 'openid' }, 60);
    assert.equal((await codes.find('c1'))?.scope, 'openid');
  });

  it('an expired payload is not found', async () => {
    await upsertPayload(t.service.db, {
      kind: 'AccessToken',
      id: 'old',
      payload: { jti: 'old' },
      grantId: null,
      uid: null,
      userCode: null,
      expiresAt: Date.now() - 1000,
    });
    assert.equal(await new Adapter('AccessToken').find('old'), undefined);
  });

  it('consumes once: the payload then carries `consumed`, and a second consume loses', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c2', { jti: 'c2', grantId: 'g2' }, 60);
    await codes.consume('c2');
    const consumed = await codes.find('c2');
    assert.equal(typeof consumed?.consumed, 'number');
    await assert.rejects(codes.consume('c2'), LostRace);
  });

  it(
    'revokes by grant: its own kind only through the model, everything when the grant itself ' + 'is destroyed',
    async () => {
      const grants = new Adapter('Grant');
      const tokens = new Adapter('AccessToken');
      const refresh = new Adapter('RefreshToken');
      await grants.upsert('g3', { jti: 'g3', accountId: 'a' }, 60);
      await tokens.upsert('t3', { jti: 't3', grantId: 'g3' }, 60);
      await refresh.upsert('r3', { jti: 'r3', grantId: 'g3' }, 60);
      await tokens.revokeByGrantId('g3');
      assert.equal(await tokens.find('t3'), undefined);
      assert.ok(await refresh.find('r3'));
      await grants.destroy('g3');
      assert.equal(await grants.find('g3'), undefined);
    },
  );

  it('sweeps expired rows every so many writes', async () => {
    const db = t.service.db;
    await upsertPayload(db, {
      kind: 'Session',
      id: 'stale',
      payload: { jti: 'stale' },
      grantId: null,
      uid: null,
      userCode: null,
      expiresAt: Date.now() - 1000,
    });
    const sessions = new Adapter('Session');
    for (let i = 0; i < RATE_LIMIT_SWEEP_EVERY_TAKES; i += 1) await sessions.upsert(`s${i}`, { jti: `s${i}` }, 60);
    const [row] = await db.query<{ n: number }>(
      'select count(*)::int as n from oidc_payloads where expires_at <= now()',
    );
    assert.equal(row?.n, 0);
  });
});
