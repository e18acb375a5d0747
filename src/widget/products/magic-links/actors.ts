// The magic-link product's call, over the headless client.
import { fromPromise } from 'xstate';
import type { MagicLinkLoginOrCreateResponse, MagicLinkOptionsWire } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';

export const sendMagicLink = fromPromise<
  MagicLinkLoginOrCreateResponse,
  { client: AuthClient; email: string; options: MagicLinkOptionsWire }
>(({ input }) => input.client.magicLinks.email.loginOrCreate(input.email, input.options));
