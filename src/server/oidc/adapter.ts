// oidc-provider's storage adapter over the service database (PGlite or PostgreSQL alike), so several instances share
// grants, codes and tokens: a code minted by one is redeemed at another.
import type { Db } from '../db/db.ts';
import { RATE_LIMIT_SWEEP_BATCH } from '../constants/rate-limits.ts';
import { Sweeper } from '../security/rate-limit.ts';
import {
  consumePayload,
  destroyByGrantId,
  destroyPayload,
  findPayload,
  sweepExpiredPayloads,
  upsertPayload,
  type OidcPayload,
} from '../store/oidc-payloads.ts';

/** The adapter interface oidc-provider calls, one instance per model name (Grant, AuthorizationCode, ...). */
export interface OidcAdapter {
  upsert(id: string, payload: OidcPayload, expiresIn: number | undefined): Promise<void>;
  find(id: string): Promise<OidcPayload | undefined>;
  findByUid(uid: string): Promise<OidcPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

// oidc-provider checks `exp` with the real clock, not the service's movable one, so expiry rows follow the same clock.
const realNow = () => Date.now();

/**
 * The adapter class for one database; expired rows are swept every so many writes, like the rate-limit windows.
 * `alreadyConsumed` is the error a lost redemption race throws (oidc-provider's invalid_grant): oidc-provider reads
 * `consumed` before consuming, so two parallel redemptions of one code could otherwise both succeed.
 */
export function databaseAdapter(db: Db, alreadyConsumed: () => Error): new (kind: string) => OidcAdapter {
  const sweeper = new Sweeper(db, (now) => sweepExpiredPayloads(db, now, RATE_LIMIT_SWEEP_BATCH));
  return class DatabaseAdapter implements OidcAdapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: OidcPayload, expiresIn: number | undefined): Promise<void> {
      const now = realNow();
      await sweeper.maybeSweep(now);
      // A Grant is the grant id of itself, so one delete by grant id takes the grant and everything issued under it.
      const grantId = typeof payload.grantId === 'string' ? payload.grantId : this.kind === 'Grant' ? id : null;
      await upsertPayload(db, {
        kind: this.kind,
        id,
        payload,
        grantId,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        expiresAt: expiresIn ? now + expiresIn * 1000 : null,
      });
    }

    find(id: string) {
      return findPayload(db, this.kind, 'id', id, realNow());
    }

    findByUid(uid: string) {
      return findPayload(db, this.kind, 'uid', uid, realNow());
    }

    findByUserCode(userCode: string) {
      return findPayload(db, this.kind, 'user_code', userCode, realNow());
    }

    async consume(id: string): Promise<void> {
      if (!(await consumePayload(db, this.kind, id, realNow()))) throw alreadyConsumed();
    }

    destroy(id: string) {
      return destroyPayload(db, this.kind, id);
    }

    revokeByGrantId(grantId: string) {
      return destroyByGrantId(db, grantId, this.kind);
    }
  };
}
