// Second factors of organization members, loaded on first use (see lazy.ts): authenticator apps (TOTP), SMS passcodes
// and recovery codes. Before a member session exists each call carries the intermediate session token of the first
// factor, from its cookie, as the hosted B2B SDK sends it.
import {
  MFA_PATHS,
  type MemberSmsAuthenticateRequest,
  type MemberSmsSendRequest,
  type MemberSmsSendResponse,
  type MemberTotpAuthenticateRequest,
  type MemberTotpCreateRequest,
  type MemberTotpCreateResponse,
  type RecoveryCodeGetResponse,
  type RecoveryCodeRecoverRequest,
  type RecoveryCodeRecoverResponse,
  type RecoveryCodeRotateResponse,
} from '../api/mfa.ts';
import type { MemberAuthenticateResponse } from '../api/organizations.ts';
import type { B2BCallOptions } from './types.ts';
import { authenticateMember, withIntermediateToken, type MemberCallContext } from './member-session.ts';
import { validate } from './schema.ts';

/** What names the member in every MFA call. */
const member = { organization_id: 'string', member_id: 'string' } as const;
/** And what the calls that end the factor add. */
const proof = { ...member, session_duration_minutes: 'number' } as const;

export const calls = {
  async totpCreate(ctx: MemberCallContext, options: B2BCallOptions<MemberTotpCreateRequest>) {
    validate({ ...options }, { ...member, expiration_minutes: 'optionalNumber' });
    const { http, store } = ctx;
    const response = await http.request<MemberTotpCreateResponse>(
      'POST',
      MFA_PATHS.totp,
      withIntermediateToken(store, options),
      { retriable: true },
    );
    // A signed-in member adding an app: the answer's member (with the new registration) replaces the stored one.
    if (response.member_id === store.getMember()?.member_id) store.update('member', response.member);
    return response;
  },

  totpAuthenticate(ctx: MemberCallContext, options: B2BCallOptions<MemberTotpAuthenticateRequest>) {
    validate({ ...options }, { ...proof, code: 'string' });
    const body = withIntermediateToken(ctx.store, options);
    return authenticateMember<MemberAuthenticateResponse>(ctx, MFA_PATHS.totpAuthenticate, body);
  },

  smsSend({ http, store }: MemberCallContext, options: B2BCallOptions<MemberSmsSendRequest>) {
    validate({ ...options }, { ...member, mfa_phone_number: 'optionalString' });
    const body = withIntermediateToken(store, options);
    return http.request<MemberSmsSendResponse>('POST', MFA_PATHS.smsSend, body, { retriable: true });
  },

  smsAuthenticate(ctx: MemberCallContext, options: B2BCallOptions<MemberSmsAuthenticateRequest>) {
    validate({ ...options }, { ...proof, code: 'string' });
    const body = withIntermediateToken(ctx.store, options);
    return authenticateMember<MemberAuthenticateResponse>(ctx, MFA_PATHS.smsAuthenticate, body);
  },

  recover(ctx: MemberCallContext, options: B2BCallOptions<RecoveryCodeRecoverRequest>) {
    validate({ ...options }, { ...proof, recovery_code: 'string' });
    const body = withIntermediateToken(ctx.store, options);
    return authenticateMember<RecoveryCodeRecoverResponse>(ctx, MFA_PATHS.recoveryCodesRecover, body);
  },

  recoveryCodes: ({ http }: MemberCallContext) => http.request<RecoveryCodeGetResponse>('GET', MFA_PATHS.recoveryCodes),

  // An empty object, as the hosted SDK's body of only an undefined captcha token and DFP id comes out.
  rotateRecoveryCodes: ({ http }: MemberCallContext) =>
    http.request<RecoveryCodeRotateResponse>('POST', MFA_PATHS.recoveryCodesRotate, {}, { retriable: true }),
};
