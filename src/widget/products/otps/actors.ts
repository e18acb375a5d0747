// The passcode product's calls, over the headless client, and the phone library's formatting (loaded lazily); its
// validation is machine/passcode-states.ts's.
import { fromPromise } from 'xstate';
import type { OtpAuthenticateResponse, OtpEmailOptionsWire, OtpMethod, OtpSendResponse } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import { loadPhoneLibrary } from '../../phone.ts';

export const sendOtp = fromPromise<
  OtpSendResponse,
  { client: AuthClient; method: OtpMethod; destination: string; options: OtpEmailOptionsWire }
>(({ input }) => input.client.otps[input.method].loginOrCreate(input.destination, input.options));

export const authenticateOtp = fromPromise<
  OtpAuthenticateResponse,
  { client: AuthClient; code: string; methodId: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.otps.authenticate(input.code, input.methodId, {
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);

/** A passcode destination for display: a phone number formatted by the phone library, an address as it is. */
export const formatPhone = fromPromise<string, { destination: string }>(async ({ input }) =>
  input.destination.includes('@') ? input.destination : (await loadPhoneLibrary()).formatPhone(input.destination),
);
