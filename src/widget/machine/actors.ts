// The calls the login statechart makes, as invoked actors over the headless client.
import { fromCallback, fromPromise } from 'xstate';
import type {
  BootstrapData,
  MagicLinkAuthenticateResponse,
  MagicLinkLoginOrCreateResponse,
  MagicLinkOptionsWire,
} from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';

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
