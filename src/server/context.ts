import type { Db } from './db/db.ts';
import type { ProjectConfig } from './config.ts';
import type { SigningKey } from './security/jwt.ts';
import type { FixedWindowRateLimiter } from './security/rate-limit.ts';
import type { ActiveSession } from './store/sessions.ts';

/** What every route module gets: the resolved configuration and the service's long-lived parts. */
export interface Deps {
  config: ProjectConfig;
  db: Db;
  signingKey: SigningKey;
  limits: {
    magicLinkSend: FixedWindowRateLimiter;
    otpSend: FixedWindowRateLimiter;
    passwordResetSend: FixedWindowRateLimiter;
  };
}

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The client's address (middleware/client-ip.ts): the TCP peer, or from X-Forwarded-For behind `trustProxy`. */
    clientIp: string;
    /** The configured public origin (middleware/public-url.ts); null in development without PUBLIC_URL. */
    publicUrl: string | null;
    /** The Basic-auth secret when it is a session token (not the public token again); not yet looked up. */
    sessionToken: string | null;
    /** Set by `requireSession`: the live session that `sessionToken` names. */
    session: ActiveSession;
  };
}
