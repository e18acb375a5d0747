import { Hono } from 'hono';
import { SDK_BASE_PATH } from '../api/telemetry.ts';
import { DEFAULT_DATABASE, resolveConfig, type ProjectConfig, type ServiceOptions } from './config.ts';
import {
  MAGIC_LINK_SEND_LIMIT,
  MAGIC_LINK_SEND_WINDOW_MS,
  MAX_BODY_BYTES,
  OTP_SEND_LIMIT,
  OTP_SEND_WINDOW_MS,
  PASSWORD_RESET_SEND_LIMIT,
  PASSWORD_RESET_SEND_WINDOW_MS,
} from './constants.ts';
import type { AppEnv, Deps } from './context.ts';
import type { Db } from './db/db.ts';
import { openDatabase } from './db/open.ts';
import { limitBody } from './middleware/body-limit.ts';
import { sdkCors } from './middleware/cors.ts';
import { handleError, handleNotFound } from './middleware/errors.ts';
import { requestId } from './middleware/request-id.ts';
import { devInboxRoutes } from './routes/dev-inbox.ts';
import { eventRoutes } from './routes/events.ts';
import { jwksRoutes } from './routes/jwks.ts';
import { magicLinkRoutes } from './routes/magic-links.ts';
import { otpRoutes } from './routes/otps.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { projectRoutes } from './routes/projects.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { staticRoutes } from './routes/static.ts';
import { userRoutes } from './routes/users.ts';
import { accountRoutes } from './routes/accounts.ts';
import { devAccountRoutes } from './routes/dev-accounts.ts';
import { devCaptcha } from './middleware/captcha.ts';
import { devOAuthRoutes } from './routes/dev-oauth.ts';
import { oauthRoutes, oauthSdkRoutes } from './routes/oauth.ts';
import { loadSigningKey } from './security/jwt.ts';
import { FixedWindowRateLimiter } from './security/rate-limit.ts';
import { purgeDevInboxAtStart } from './store/dev-messages.ts';
import { ensureSigningKey } from './store/signing-keys.ts';

export type { ServiceOptions, ProjectConfig } from './config.ts';
export { DEFAULT_PUBLIC_TOKEN } from './config.ts';

export interface Service {
  app: Hono<AppEnv>;
  config: ProjectConfig;
  db: Db;
  close(): Promise<void>;
}

/**
 * The identity service without a listener: opens and migrates the database, makes sure a signing key exists, and
 * builds the app. Tests call `service.app.request(...)`; `startServer` (listen.ts) puts it on a port.
 */
export async function createService(options: ServiceOptions = {}): Promise<Service> {
  const config = resolveConfig(options);
  const db = await openDatabase(options.database ?? DEFAULT_DATABASE);
  try {
    const signingKey = loadSigningKey(await ensureSigningKey(db, config.now()));
    await purgeDevInboxAtStart(db, config.devInbox, config.now());
    const deps: Deps = {
      config,
      db,
      signingKey,
      limits: {
        magicLinkSend: new FixedWindowRateLimiter(MAGIC_LINK_SEND_LIMIT, MAGIC_LINK_SEND_WINDOW_MS),
        otpSend: new FixedWindowRateLimiter(OTP_SEND_LIMIT, OTP_SEND_WINDOW_MS),
        passwordResetSend: new FixedWindowRateLimiter(PASSWORD_RESET_SEND_LIMIT, PASSWORD_RESET_SEND_WINDOW_MS),
      },
    };
    return { app: buildApp(deps), config, db, close: () => db.close() };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Every route and every cross-cutting rule, in the order a request meets them. */
function buildApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound(handleNotFound);
  app.use('*', requestId);

  // The SDK API: CORS first (so even a 413 is readable by an allowed page), then the body size limit.
  // Authentication is per route (middleware/auth.ts): bootstrap and telemetry need none.
  const sdk = new Hono<AppEnv>();
  sdk.use('*', sdkCors(deps.config.allowedOrigins));
  sdk.use('*', limitBody(MAX_BODY_BYTES));
  sdk.use('*', devCaptcha(deps));
  sdk.route('/', projectRoutes(deps));
  sdk.route('/', eventRoutes(deps));
  sdk.route('/', magicLinkRoutes(deps));
  sdk.route('/', otpRoutes(deps));
  sdk.route('/', sessionRoutes(deps));
  sdk.route('/', userRoutes(deps));
  sdk.route('/', accountRoutes(deps));
  sdk.route('/', passwordRoutes(deps));
  sdk.route('/', oauthSdkRoutes(deps));
  app.route(SDK_BASE_PATH, sdk);

  app.route('/', jwksRoutes(deps));
  app.route('/', oauthRoutes(deps));
  if (deps.config.devIdentityProvider) app.route('/', devOAuthRoutes(deps));
  if (deps.config.devInbox) app.route('/', devInboxRoutes(deps));
  if (deps.config.devInbox) app.route('/', devAccountRoutes(deps));
  if (deps.config.siteDir || deps.config.distDir) {
    app.route('/', staticRoutes({ siteDir: deps.config.siteDir, distDir: deps.config.distDir }));
  }
  return app;
}
