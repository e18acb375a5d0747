// Which second factor the member is asked for, as the hosted provider's organization UI decides it: the one a text
// message was already sent for, else the member's default, else any factor they enrolled that the organization
// allows; with none enrolled, enrollment in the factors the organization allows and the config includes, in the
// config's order (one: straight to it; several: the member picks).
import type { MemberAuthenticateResponse } from '../../../api/organizations.ts';
import { MFA_METHODS, WIRE_MFA_METHODS } from './constants.ts';

export type MfaMethod = (typeof MFA_METHODS)[number];

/** A factor's config name from its wire name; undefined for one this widget does not offer. */
export function methodOf(wire: string | null | undefined): MfaMethod | undefined {
  return wire ? WIRE_MFA_METHODS[wire as keyof typeof WIRE_MFA_METHODS] : undefined;
}

export interface MfaPlan {
  /** The factors the member has proven (TOTP registered, phone number verified). */
  enrolled: MfaMethod[];
  /** The factors the organization allows (all, when it does not restrict them). */
  allowed: MfaMethod[];
  /** The factor to ask for now, when the member has one; null: enroll one. */
  entry: MfaMethod | null;
  /** The factors the member may enroll, in the order offered. */
  enrollable: MfaMethod[];
  /** The service already sent a passcode to the member's phone with the first factor. */
  smsSent: boolean;
}

export function mfaPlan(
  primary: MemberAuthenticateResponse,
  include: readonly MfaMethod[] | undefined,
  order: readonly MfaMethod[] | undefined,
): MfaPlan {
  const { member, organization } = primary;
  const enrolled = MFA_METHODS.filter((method) =>
    method === 'totp' ? Boolean(member.totp_registration_id) : member.mfa_phone_number_verified,
  );
  const restricted =
    organization.mfa_methods === 'RESTRICTED'
      ? (organization.allowed_mfa_methods ?? []).flatMap((wire) => methodOf(wire) ?? [])
      : [];
  const allowed = restricted.length > 0 ? restricted : [...MFA_METHODS];
  const smsSent = primary.mfa_required?.secondary_auth_initiated === 'sms_otp';
  const preferred = methodOf(member.default_mfa_method);
  const entry = smsSent
    ? 'smsOtp'
    : preferred && enrolled.includes(preferred) && allowed.includes(preferred)
      ? preferred
      : (enrolled.find((method) => allowed.includes(method)) ?? null);
  const offered = allowed.filter((method) => !include || include.includes(method));
  const enrollable = [...(order ?? MFA_METHODS).filter((method) => offered.includes(method))];
  for (const method of offered) if (!enrollable.includes(method)) enrollable.push(method);
  return { enrolled, allowed, entry, enrollable, smsSent };
}
