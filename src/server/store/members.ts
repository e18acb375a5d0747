import type { Member, MemberStatus, OrganizationMfaMethod } from '../../api/organizations.ts';
import { ADMIN_ROLE_ID, MEMBER_ROLE_ID } from '../constants/organizations.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface MemberRow {
  id: string;
  organization_id: string;
  email: string;
  email_verified_at: Date | null;
  name: string;
  status: MemberStatus;
  /** Roles given to this member directly (e.g. the creator's admin role); every member also has MEMBER_ROLE_ID. */
  roles: string[];
  /** How the member came to be: 'created', 'email_jit', 'sso_jit', 'invite', 'organization_creator'. */
  provenance: string;
  is_breakglass: boolean;
  mfa_enrolled: boolean;
  mfa_phone_number: string;
  mfa_phone_number_verified: boolean;
  default_mfa_method: '' | OrganizationMfaMethod;
  totp_registration_id: string;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  locked_until: Date | null;
  created_at: Date;
}

/** What a new member is made of; the rest (MFA, metadata) starts empty. */
export interface NewMember {
  organizationId: string;
  /** Lower-cased and trimmed (http/validate.ts normalizeEmail). */
  email: string;
  name?: string;
  status?: MemberStatus;
  roles?: string[];
  provenance: string;
  /** Set when the address is proven by the same act that makes the member (a link, an SSO assertion). */
  emailVerifiedAt?: number | null;
  now: number;
}

export const MEMBER_COLUMNS = `id, organization_id, email, email_verified_at, name, status, roles, provenance,
  is_breakglass, mfa_enrolled, mfa_phone_number, mfa_phone_number_verified, default_mfa_method, totp_registration_id,
  trusted_metadata, untrusted_metadata, locked_until, created_at`;

export async function findMemberById(db: Db, id: string): Promise<MemberRow | null> {
  const [row] = await db.query<MemberRow>(`select ${MEMBER_COLUMNS} from members where id = $1`, [id]);
  return row ?? null;
}

export async function findMemberByEmail(db: Db, organizationId: string, email: string): Promise<MemberRow | null> {
  const [row] = await db.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from members where organization_id = $1 and email = $2`,
    [organizationId, email],
  );
  return row ?? null;
}

/** Every membership of an address, across organizations (deleted ones left out), oldest first. */
export async function membersByEmail(db: Db, email: string): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from members where email = $1 and status <> 'deleted' order by created_at, id`,
    [email],
  );
}

/**
 * The member of this address in this organization, made when there is none. One insert that does nothing on the
 * (organization_id, email) unique constraint, then one read: whatever number of parallel calls on however many
 * instances, exactly one member exists afterwards and every call answers it; `created` is true for the one call whose
 * insert made it.
 */
export async function provisionMemberOnce(db: Db, row: NewMember): Promise<{ member: MemberRow; created: boolean }> {
  const [inserted] = await db.query<MemberRow>(
    `insert into members (id, organization_id, email, email_verified_at, name, status, roles, provenance, created_at)
     values ($1, $2, $3, $4::timestamptz, $5, $6, $7::jsonb, $8, $9::timestamptz)
     on conflict (organization_id, email) do nothing
     returning ${MEMBER_COLUMNS}`,
    [
      newId(db, 'member'),
      row.organizationId,
      row.email,
      row.emailVerifiedAt == null ? null : iso(row.emailVerifiedAt),
      row.name ?? '',
      row.status ?? 'active',
      JSON.stringify(row.roles ?? []),
      row.provenance,
      iso(row.now),
    ],
  );
  if (inserted) return { member: inserted, created: true };
  const existing = await findMemberByEmail(db, row.organizationId, row.email);
  if (!existing) throw new Error('a member conflicted on insert but cannot be read');
  return { member: existing, created: false };
}

/** Records that the member proved the address (first proof only) and makes a pending or invited member active. */
export async function markMemberEmailVerified(db: Db, memberId: string, at: number): Promise<MemberRow | null> {
  const [row] = await db.query<MemberRow>(
    `update members set email_verified_at = coalesce(email_verified_at, $2::timestamptz),
       status = case when status in ('pending', 'invited') then 'active' else status end
     where id = $1 returning ${MEMBER_COLUMNS}`,
    [memberId, iso(at)],
  );
  return row ?? null;
}

/** The role ids a member holds: the default member role, then its own roles. */
export function memberRoleIds(row: MemberRow): string[] {
  return [MEMBER_ROLE_ID, ...row.roles.filter((role) => role !== MEMBER_ROLE_ID)];
}

/** The wire's Member, given its SSO registrations (services/organization-wire.ts reads them). */
export function toWireMember(row: MemberRow, ssoRegistrations: Member['sso_registrations']): Member {
  const created = iso(row.created_at);
  return {
    organization_id: row.organization_id,
    member_id: row.id,
    email_address: row.email,
    email_address_verified: row.email_verified_at !== null,
    retired_email_addresses: [],
    status: row.status,
    name: row.name,
    trusted_metadata: row.trusted_metadata,
    untrusted_metadata: row.untrusted_metadata,
    created_at: created,
    updated_at: created,
    sso_registrations: ssoRegistrations,
    is_breakglass: row.is_breakglass,
    is_admin: row.roles.includes(ADMIN_ROLE_ID),
    member_password_id: '',
    mfa_enrolled: row.mfa_enrolled,
    mfa_phone_number: row.mfa_phone_number,
    mfa_phone_number_verified: row.mfa_phone_number_verified,
    roles: memberRoleIds(row).map((role_id) => ({ role_id, sources: [{ type: 'direct_assignment', details: {} }] })),
    default_mfa_method: row.default_mfa_method,
    totp_registration_id: row.totp_registration_id,
    oauth_registrations: [],
  };
}
