import type * as v from 'valibot';
import { body, optionalString, requiredString } from '../http/fields.ts';

/**
 * POST /v1/oauth/callback/:oauth_callback_id (One Tap). `stytch_csrf_token` is accepted and type-checked but not
 * needed (services/one-tap.ts says why).
 */
export const oneTapCallbackBody = body({
  id_token: requiredString(),
  stytch_csrf_token: optionalString(),
  login_redirect_url: optionalString(),
  signup_redirect_url: optionalString(),
});
export type OneTapCallbackInput = v.InferOutput<typeof oneTapCallbackBody>;
