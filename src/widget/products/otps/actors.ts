// The passcode product's calls, over the headless client, and the phone library's checks (loaded lazily).
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

/** The E.164 form of the typed number by the phone library, or null when it is not a valid number. */
export const validatePhone = fromPromise<string | null, { phone: string; country: string }>(async ({ input }) =>
  (await loadPhoneLibrary()).validatePhone(input.phone, input.country),
);

/** A passcode destination for display: a phone number formatted by the phone library, an address as it is. */
export const formatPhone = fromPromise<string, { destination: string }>(async ({ input }) =>
  input.destination.includes('@') ? input.destination : (await loadPhoneLibrary()).formatPhone(input.destination),
);
