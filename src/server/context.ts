import type { IncomingMessage } from 'node:http';
import type { Locale } from '../api/locales.ts';
import type { Db } from './db/db.ts';
import type { ProjectConfig } from './config.ts';
import type { MessageSink } from './delivery/sink.ts';
import type { OneTapStandIn } from './services/one-tap.ts';
import type { CaptchaVerifier } from './services/dfp.ts';
import type { SigningKey } from './security/jwt.ts';
import type { RateLimit } from './security/rate-limit.ts';
import type { SecretKeys } from './security/secret-keys.ts';
import type { ActiveMemberSession } from './store/member-sessions.ts';
import type { ActiveSession } from './store/sessions.ts';

/** What every route module gets: the resolved configuration and the service's long-lived parts. */
export interface Deps {
  config: ProjectConfig;
  db: Db;
  signingKey: SigningKey;
  /** Keys derived from AUTH_SECRET_KEY: the passcode HMAC key and the at-rest encryption keys. */
  secrets: SecretKeys;
  /** Rate limits shared through the database (security/rate-limit.ts). */
  limits: {
    magicLinkSend: RateLimit;
    otpSend: RateLimit;
    passwordResetSend: RateLimit;
    /** Per wallet address: crypto wallet challenges issued (authenticate/start), whoever asks. */
    cryptoWalletStart: RateLimit;
    /** Per client IP: every send route together. */
    ipSend: RateLimit;
    /** Per client IP: authentication attempts, reserved before the check and given back when it succeeds. */
    ipAuthFailures: RateLimit;
    /** Per client IP: telemetry batches. */
    ipEvents: RateLimit;
    /** Per client IP: organization member searches (they answer whether an address is a member). */
    memberSearch: RateLimit;
    /** Per client IP: SSO starts (each stores a state) and SSO discovery lookups (constants/sso.ts). */
    ssoStart: RateLimit;
    ssoDiscovery: RateLimit;
  };
  /**
   * Development's stand-ins, given by the dev tools (dev-tools.ts) and null in production: where every message is
   * also kept (the dev inbox), and who answers One Tap in Google's place (the dev identity provider).
   */
  messageSink: MessageSink | null;
  oneTapStandIn: OneTapStandIn | null;
  /**
   * Who says a captcha token was solved: reCAPTCHA Enterprise when configured (in either mode), else the dev captcha's
   * stand-in; null: nobody, so no token passes.
   */
  captchaVerifier: CaptchaVerifier | null;
}

/** Per-request values set by middleware. */
export interface AppEnv {
  // Each set once per request, before anything else reads it, by middleware/request-context.ts.
  Variables: {
    requestId: string;
    /** The client's address (middleware/client-ip.ts): the TCP peer, or from X-Forwarded-For behind `trustProxy`. */
    clientIp: string;
    /** The configured public origin; null in development without PUBLIC_URL. */
    publicUrl: string | null;
    /** The language of error messages: the best match for Accept-Language, else English. */
    locale: Locale;
    /** The Basic-auth secret when it is a session token (not the public token again); not yet looked up. */
    sessionToken: string | null;
    /** Set by `requireSession`: the live session that `sessionToken` names. */
    session: ActiveSession;
    /** Set by `requireMemberSession` (middleware/b2b-auth.ts): the live member session `sessionToken` names. */
    memberSession: ActiveMemberSession;
    /**
     * Set by `limitBody` when the request declared a length within the limit: the Node request whose body `readJson`
     * reads directly. Unset under `app.request()` and for chunked bodies (read through `c.req`, counted as they
     * stream).
     */
    nodeBody: IncomingMessage;
  };
}
