// Shared by the member MFA suites (mfa-totp, mfa-sms, recovery-codes): an organization and a member made through the
// organization stores, a first factor's intermediate session for the member (what a magic link or SSO sign-in leaves
// when MFA is due), enrolling an app, and reading codes. B2B calls are organizations-support.ts's.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { MfaPolicy, OrganizationMfaMethod } from '../../src/api/organizations.ts';
import { INTERMEDIATE_SESSION_LIFETIME_MS } from '../../src/server/constants/organizations.ts';
import { hashToken, newSecretToken } from '../../src/server/security/tokens.ts';
import { base32Decode, totpAt } from '../../src/server/security/totp.ts';
import { insertIntermediateSession } from '../../src/server/store/intermediate-sessions.ts';
import { provisionMemberOnce, type MemberRow } from '../../src/server/store/members.ts';
import type { OrganizationRow } from '../../src/server/store/organizations.ts';
import { b2bPost, makeOrganization } from './organizations-support.ts';
import { dataOf, inbox, type TestService } from './support.ts';

export const MINUTE = 60_000;
/** RFC 6238's default step, what the service uses. */
export const STEP_MS = 30_000;

export interface OrganizationOptions {
  mfaPolicy?: MfaPolicy;
  /** When given, the organization restricts MFA to these methods. */
  allowedMfaMethods?: OrganizationMfaMethod[];
}

/** An organization with these MFA settings (by default MFA required for all, every method allowed). */
export async function mfaOrganization(t: TestService, options: OrganizationOptions = {}): Promise<OrganizationRow> {
  return makeOrganization(t, {
    mfa_policy: options.mfaPolicy ?? 'REQUIRED_FOR_ALL',
    mfa_methods: options.allowedMfaMethods ? 'RESTRICTED' : 'ALL_ALLOWED',
    allowed_mfa_methods: options.allowedMfaMethods ?? [],
  });
}

export async function makeMember(t: TestService, organization: OrganizationRow): Promise<MemberRow> {
  const { member } = await provisionMemberOnce(t.service.db, {
    organizationId: organization.id,
    email: `member-${randomUUID().slice(0, 8)}@partner.example`,
    provenance: 'created',
    emailVerifiedAt: t.now(),
    now: t.now(),
  });
  return member;
}

/**
 * The intermediate session a first factor (an email magic link) leaves for the member when MFA is due: its token,
 * bound to the organization and member, holding the email factor.
 */
export async function firstFactor(t: TestService, member: MemberRow): Promise<string> {
  const token = newSecretToken();
  const now = t.now();
  await insertIntermediateSession(t.service.db, {
    tokenHash: hashToken(token),
    email: member.email,
    organizationId: member.organization_id,
    memberId: member.id,
    factors: [
      {
        type: 'magic_link',
        delivery_method: 'email',
        sequence_order: 'PRIMARY',
        last_authenticated_at: new Date(now).toISOString(),
        email_factor: { email_id: member.id, email_address: member.email },
      },
    ],
    now,
    expiresAt: now + INTERMEDIATE_SESSION_LIFETIME_MS,
  });
  return token;
}

/** The body fields every member MFA call names. */
export function target(member: MemberRow, intermediateSessionToken?: string): Record<string, string> {
  return {
    organization_id: member.organization_id,
    member_id: member.id,
    ...(intermediateSessionToken ? { intermediate_session_token: intermediateSessionToken } : {}),
  };
}

export interface TotpCreated {
  member_id: string;
  totp_registration_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
  member: { member_id: string; mfa_enrolled: boolean; totp_registration_id: string };
  organization: { organization_id: string };
}

export interface MemberAuthenticated {
  member_id: string;
  member_authenticated: boolean;
  session_token: string;
  session_jwt: string;
  intermediate_session_token: string;
  mfa_required: unknown;
  member: {
    mfa_enrolled: boolean;
    mfa_phone_number: string;
    mfa_phone_number_verified: boolean;
    default_mfa_method: string;
    totp_registration_id: string;
  };
  member_session: {
    member_session_id: string;
    member_id: string;
    organization_id: string;
    expires_at: string;
    started_at: string;
    authentication_factors: { type: string; delivery_method: string; sequence_order: string; [k: string]: unknown }[];
  };
  recovery_codes_remaining?: number;
}

/** The code the member's authenticator app shows now for `secret` (RFC 6238). */
export function appCode(t: TestService, secret: string, at = t.now()): string {
  return totpAt(base32Decode(secret), at);
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Creates and confirms an authenticator app for the member on a first factor; the member session and codes. */
export async function enrollTotp(
  t: TestService,
  member: MemberRow,
): Promise<{ created: TotpCreated; session: MemberAuthenticated }> {
  const ist = await firstFactor(t, member);
  const created = await dataOf<TotpCreated>(await b2bPost(t, '/b2b/totp', target(member, ist)));
  const session = await dataOf<MemberAuthenticated>(
    await b2bPost(t, '/b2b/totp/authenticate', {
      ...target(member, ist),
      code: appCode(t, created.secret),
      session_duration_minutes: 60,
    }),
  );
  // The step is spent: later sign-ins in the same test start from the next one.
  t.advance(STEP_MS);
  return { created, session };
}

/** The passcode in the newest text message to `phone`, read from the dev inbox. */
export async function latestSmsCode(t: TestService, phone: string): Promise<string> {
  const [message] = await inbox(t, phone);
  assert.ok(message, `a message to ${phone}`);
  const match = /\b(\d{6})\b/.exec(message.text);
  assert.ok(match?.[1], `a code in "${message.text}"`);
  return match[1];
}

/** The factors of a member session as [type, delivery_method, sequence_order]. */
export function factorsOf(data: MemberAuthenticated): string[][] {
  return data.member_session.authentication_factors.map((f) => [f.type, f.delivery_method, f.sequence_order]);
}

/** Statuses of a burst of responses, sorted (bodies drained). */
export async function statuses(responses: Response[]): Promise<number[]> {
  for (const res of responses) await res.body?.cancel();
  return responses.map((r) => r.status).sort();
}

/** How many attempts of the member are counted by the lock (a right one gives its slot back). */
export async function memberAttempts(t: TestService, memberId: string): Promise<number> {
  const [row] = await t.service.db.query<{ n: number }>(
    'select count(*)::int as n from member_auth_failures where member_id = $1',
    [memberId],
  );
  return row?.n ?? -1;
}
