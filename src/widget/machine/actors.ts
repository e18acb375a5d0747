// The calls the login statechart makes, as invoked actors over the headless client.
import { fromCallback, fromPromise } from 'xstate';
import type {
  BootstrapData,
  MagicLinkAuthenticateResponse,
  MagicLinkLoginOrCreateResponse,
  MagicLinkOptionsWire,
  OtpAuthenticateResponse,
  OtpEmailOptionsWire,
  OtpMethod,
  OtpSendResponse,
} from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import { loadPhoneLibrary } from '../phone.ts';

export const sendMagicLink = fromPromise<
  MagicLinkLoginOrCreateResponse,
  { client: AuthClient; email: string; options: MagicLinkOptionsWire }
>(({ input }) => input.client.magicLinks.email.loginOrCreate(input.email, input.options));

export const authenticateMagicLink = fromPromise<
  MagicLinkAuthenticateResponse,
  { client: AuthClient; token: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.magicLinks.authenticate(input.token, { session_duration_minutes: input.sessionDurationMinutes }),
);

export const loadBootstrap = fromPromise<BootstrapData, { client: AuthClient }>(({ input }) => input.client.bootstrap.get());

/** Tells the statechart when the session ends, so a signed-out visitor never sees a stale success screen. */
export const watchSession = fromCallback<{ type: 'SESSION_ENDED' }, { client: AuthClient }>(({ input, sendBack }) =>
  input.client.session.onChange((session) => {
    if (!session) sendBack({ type: 'SESSION_ENDED' });
  }),
);

/** Sends a passcode by `method` to an E.164 number or an address (login or sign-up). */
export const sendOtp = fromPromise<
  OtpSendResponse,
  { client: AuthClient; method: OtpMethod; destination: string; options: OtpEmailOptionsWire }
>(({ input }) => input.client.otps[input.method].loginOrCreate(input.destination, input.options));

export const authenticateOtp = fromPromise<
  OtpAuthenticateResponse,
  { client: AuthClient; code: string; methodId: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.otps.authenticate(input.code, input.methodId, { session_duration_minutes: input.sessionDurationMinutes }),
);

/** The E.164 form of the typed number by the phone library, or null when it is not a valid number. */
export const validatePhone = fromPromise<string | null, { phone: string; country: string }>(async ({ input }) =>
  (await loadPhoneLibrary()).validatePhone(input.phone, input.country),
);

/** A passcode destination for display: a phone number formatted by the phone library, an address as it is. */
export const formatPhone = fromPromise<string, { destination: string }>(async ({ input }) =>
  input.destination.includes('@') ? input.destination : (await loadPhoneLibrary()).formatPhone(input.destination),
);
