import type { ResponseCommon } from './envelope.ts';
import type { AuthenticateResponse } from './session.ts';

/** Magic-link options as they go on the wire ("MLOpts", wire contract 3.4). */
export interface MagicLinkOptionsWire {
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
  /**
   * `emailMagicLinksOptions.createUserAsPending`: a user the send creates is `pending` until their first
   * authentication. Sent only when true, so the default request is the wire contract's exactly (its section 4 says
   * the observed SDK drops this option; docs/decisions.md).
   */
  create_user_as_pending?: boolean;
}

/** POST /magic_links/email/login_or_create (also send/primary and send/secondary). */
export interface MagicLinkLoginOrCreateRequest extends MagicLinkOptionsWire {
  email: string;
  code_challenge?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

export interface MagicLinkLoginOrCreateResponse extends ResponseCommon {
  user_id: string;
  email_id: string;
  user_created: boolean;
}

/** POST /magic_links/authenticate */
export interface MagicLinkAuthenticateRequest {
  token: string;
  session_duration_minutes: number;
  code_verifier?: string;
}

export interface MagicLinkAuthenticateResponse extends AuthenticateResponse {
  method_id: string;
}

/** The query parameter that names what kind of token a redirect carries (`?stytch_token_type=...&token=...`). */
export const TOKEN_TYPE_PARAM = 'stytch_token_type';
export const TOKEN_PARAM = 'token';
export const TOKEN_TYPES = {
  magicLinks: 'magic_links',
  oauth: 'oauth',
  login: 'login',
  resetPassword: 'reset_password',
} as const;

/** Magic links expire after 30 minutes for login and signup unless the request says otherwise (widget spec 9). */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;
