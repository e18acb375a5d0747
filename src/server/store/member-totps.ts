// Organization members' authenticator apps and their recovery codes (migration 017). Seeds are sealed exactly as the
// consumer's (store/totps.ts): under AUTH_SECRET_KEY, bound to their row, re-sealed at start-up by
// store/secrets-at-rest.ts. Every single-use rule is one conditional UPDATE, so parallel requests cannot both win.
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { open, seal } from '../security/encryption.ts';
import type { SecretKeys } from '../security/secret-keys.ts';
import { iso } from './time.ts';

export interface MemberTotpRow {
  id: string;
  member_id: string;
  organization_id: string;
  /** Sealed (security/encryption.ts); `openMemberTotpSecret` gives the base32 seed. */
  secret: string;
  verified: boolean;
  last_used_step: string | null;
  created_at: Date;
  expires_at: Date;
}

/** The GCM additional data of a member's TOTP seed: it opens only in its own row. */
export function memberTotpSecretContext(totpId: string): string {
  return `member-totp:${totpId}`;
}

/** The base32 seed of a registration; throws (loudly) when the stored ciphertext was altered. */
export function openMemberTotpSecret(secrets: SecretKeys, row: Pick<MemberTotpRow, 'id' | 'secret'>): string {
  return open(secrets, row.secret, memberTotpSecretContext(row.id));
}

/**
 * A new unconfirmed registration with its recovery codes, replacing the member's earlier unconfirmed ones (and their
 * codes); null when the member already has a confirmed one. The member's row is locked first, so two creates for one
 * member run one after the other and only the last one's registration is left to confirm.
 */
export async function insertMemberTotp(
  db: Db,
  secrets: SecretKeys,
  input: {
    memberId: string;
    organizationId: string;
    secret: string;
    codeHashes: string[];
    now: number;
    expiresAt: number;
  },
): Promise<string | null> {
  const id = newId(db, 'member-totp');
  return db.transaction(async (tx) => {
    await tx.query('select id from members where id = $1 for no key update', [input.memberId]);
    if (await verifiedMemberTotp(tx, input.memberId)) return null;
    await tx.query('delete from member_totps where member_id = $1 and not verified', [input.memberId]);
    await tx.query(
      `insert into member_totps (id, member_id, organization_id, secret, created_at, expires_at)
       values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
      [
        id,
        input.memberId,
        input.organizationId,
        seal(secrets, input.secret, memberTotpSecretContext(id)),
        iso(input.now),
        iso(input.expiresAt),
      ],
    );
    await insertMemberRecoveryCodes(tx, {
      totpId: id,
      memberId: input.memberId,
      codeHashes: input.codeHashes,
      now: input.now,
    });
    return id;
  });
}

/** The member's confirmed registration, if any (there is at most one: a unique index says so). */
export async function verifiedMemberTotp(db: Db, memberId: string): Promise<MemberTotpRow | null> {
  const [row] = await db.query<MemberTotpRow>('select * from member_totps where member_id = $1 and verified', [
    memberId,
  ]);
  return row ?? null;
}

/** The registration a code may be checked against: the confirmed one, or one still inside its confirmation window. */
export async function usableMemberTotps(db: Db, memberId: string, now: number): Promise<MemberTotpRow[]> {
  return db.query<MemberTotpRow>(
    `select * from member_totps where member_id = $1 and (verified or expires_at > $2::timestamptz)
     order by verified desc, created_at desc, id`,
    [memberId, iso(now)],
  );
}

/**
 * Records that `step` was used, only if it is later than the registration's last used step, and confirms the
 * registration: the atomic guard that makes a code work once per period however many requests race. An unconfirmed
 * registration must still be inside its window, and is confirmed only while the member has no other confirmed one.
 * False: the step was already used (or the registration can no longer be used).
 */
export async function claimMemberTotpStep(
  db: Db,
  input: { totpId: string; step: bigint; now: number },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update member_totps set last_used_step = $2, verified = true
     where id = $1 and (last_used_step is null or last_used_step < $2)
       and (verified or (expires_at > $3::timestamptz
         and not exists (select 1 from member_totps other where other.member_id = member_totps.member_id
                           and other.verified)))
     returning id`,
    [input.totpId, input.step.toString(), iso(input.now)],
  );
  return rows.length === 1;
}

async function insertMemberRecoveryCodes(
  db: Db,
  input: { totpId: string; memberId: string; codeHashes: string[]; now: number },
): Promise<void> {
  for (const codeHash of input.codeHashes) {
    await db.query(
      `insert into member_recovery_codes (id, member_totp_id, member_id, code_hash, created_at)
       values ($1, $2, $3, $4, $5::timestamptz)`,
      [newId(db, 'member-recovery-code'), input.totpId, input.memberId, codeHash, iso(input.now)],
    );
  }
}

/**
 * Uses the code up if it is one of the member's unused codes of a confirmed registration; returns its id, or null.
 * One UPDATE: of parallel uses of one code exactly one gets the row. The member is part of the match, so a guess that
 * hits another member's code does not use it up.
 */
export async function consumeMemberRecoveryCode(
  db: Db,
  input: { memberId: string; codeHash: string; now: number },
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `update member_recovery_codes set used_at = $3::timestamptz
     where code_hash = $1 and member_id = $2 and used_at is null
       and member_totp_id in (select id from member_totps where member_id = $2 and verified)
     returning id`,
    [input.codeHash, input.memberId, iso(input.now)],
  );
  return row?.id ?? null;
}

/** How many of the member's codes (of its confirmed registration) are still unused. */
export async function unusedMemberRecoveryCodes(db: Db, memberId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from member_recovery_codes
     where member_id = $1 and used_at is null
       and member_totp_id in (select id from member_totps where member_id = $1 and verified)`,
    [memberId],
  );
  return row?.n ?? 0;
}

/**
 * Replaces every code of the registration, used or not (the old ones stop working). The registration's row is locked
 * first, so concurrent rotations run one after the other and the last one's codes are the only ones left. False: the
 * registration is no longer the member's confirmed one.
 */
export async function replaceMemberRecoveryCodes(
  db: Db,
  input: { totpId: string; memberId: string; codeHashes: string[]; now: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await tx.query('select id from member_totps where id = $1 and verified for no key update', [
      input.totpId,
    ]);
    if (locked.length === 0) return false;
    await tx.query('delete from member_recovery_codes where member_totp_id = $1', [input.totpId]);
    await insertMemberRecoveryCodes(tx, input);
    return true;
  });
}
