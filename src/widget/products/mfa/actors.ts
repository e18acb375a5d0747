// The MFA screens' calls, over the organization client (products/organizations.ts), for the member and organization
// the first factor named (its intermediate session, which the client keeps, proves that factor); the phone library's
// formatting (loaded lazily; its validation is machine/passcode-states.ts's); and the clipboard.
import { fromPromise } from 'xstate';
import type { AuthClient } from '../../../client/types.ts';
import { loadPhoneLibrary } from '../../phone.ts';
import type { MemberSmsSendResponse, MemberTotpCreateResponse, RecoveryCodeRecoverResponse } from '../../../api/mfa.ts';
import type { MemberAuthenticateResponse } from '../../../api/organizations.ts';
import { organizationClient } from '../organizations.ts';

/** Whose second factor it is. */
export interface MemberInput {
  client: AuthClient;
  organizationId: string;
  memberId: string;
}

/** A call that signs the member in with a second factor. */
export interface SignInInput extends MemberInput {
  sessionDurationMinutes: number;
}

const member = (input: MemberInput) => ({ organization_id: input.organizationId, member_id: input.memberId });

/** A new TOTP registration: the secret, its QR code and the recovery codes (shown once). */
export const createTotp = fromPromise<MemberTotpCreateResponse, MemberInput>(({ input }) =>
  organizationClient(input.client).totp.create(member(input)),
);

export const authenticateTotp = fromPromise<MemberAuthenticateResponse, SignInInput & { code: string }>(({ input }) =>
  organizationClient(input.client).totp.authenticate({
    ...member(input),
    code: input.code,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);

/** A passcode by text message: to a number being enrolled, or (without one) to the member's enrolled number. */
export const sendSmsCode = fromPromise<MemberSmsSendResponse, MemberInput & { phoneNumber: string | null }>(
  ({ input }) =>
    organizationClient(input.client).otps.sms.send({
      ...member(input),
      ...(input.phoneNumber ? { mfa_phone_number: input.phoneNumber } : {}),
    }),
);

export const authenticateSmsCode = fromPromise<MemberAuthenticateResponse, SignInInput & { code: string }>(
  ({ input }) =>
    organizationClient(input.client).otps.sms.authenticate({
      ...member(input),
      code: input.code,
      session_duration_minutes: input.sessionDurationMinutes,
    }),
);

export const recover = fromPromise<RecoveryCodeRecoverResponse, SignInInput & { recoveryCode: string }>(({ input }) =>
  organizationClient(input.client).recoveryCodes.recover({
    ...member(input),
    recovery_code: input.recoveryCode,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);

/** A number for display, formatted by the phone library. */
export const formatPhone = fromPromise<string, { phoneNumber: string }>(async ({ input }) =>
  (await loadPhoneLibrary()).formatPhone(input.phoneNumber),
);

/** Puts `text` on the clipboard (refused without a user's gesture or permission: the screen says so). */
export const copyText = fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text));
