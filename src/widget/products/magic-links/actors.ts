// The magic-link product's calls, over the headless client: sending a link, and signing in with one.
import { fromPromise } from 'xstate';
import type {
  MagicLinkAuthenticateResponse,
  MagicLinkLoginOrCreateResponse,
  MagicLinkOptionsWire,
} from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { UrlTokenSignInInput } from '../../machine/url-token-states.ts';
import { adoptOrSend } from './index.ts';

/** Sends the link, or adopts the one the first paint sent for this address before React arrived (index.ts). */
export const sendMagicLink = fromPromise<
  MagicLinkLoginOrCreateResponse,
  { client: AuthClient; email: string; options: MagicLinkOptionsWire }
>(({ input }) => adoptOrSend(input.client, input.email, input.options));

/** The token of a magic link the page was opened with (`?stytch_token_type=magic_links&token=…`), for a session. */
export const authenticateMagicLink = fromPromise<MagicLinkAuthenticateResponse, UrlTokenSignInInput>(({ input }) =>
  input.client.magicLinks.authenticate(input.token, { session_duration_minutes: input.sessionDurationMinutes }),
);
