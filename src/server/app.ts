import { Hono } from 'hono';
import { SDK_BASE_PATH } from '../api/telemetry.ts';
import { DEFAULT_DATABASE, resolveConfig, type ProjectConfig, type ServiceOptions } from './config.ts';
import { CRYPTO_WALLET_START_LIMIT, CRYPTO_WALLET_START_WINDOW_MS } from './constants/crypto-wallets.ts';
import { ID_ENVIRONMENTS } from './constants/identifiers.ts';
import { MAX_BODY_BYTES } from './constants/input-limits.ts';
import { MAGIC_LINK_SEND_LIMIT, MAGIC_LINK_SEND_WINDOW_MS } from './constants/magic-links.ts';
import { MEMBER_SEARCH_IP_LIMIT, MEMBER_SEARCH_IP_WINDOW_MS } from './constants/organizations.ts';
import { OTP_SEND_LIMIT, OTP_SEND_WINDOW_MS } from './constants/passcodes.ts';
import { PASSWORD_RESET_SEND_LIMIT, PASSWORD_RESET_SEND_WINDOW_MS } from './constants/passwords.ts';
import { IP_AUTH_FAILURE_WINDOW_MS, IP_EVENTS_WINDOW_MS, IP_SEND_WINDOW_MS } from './constants/rate-limits.ts';
import { SSO_DISCOVERY_IP_WINDOW_MS, SSO_START_IP_WINDOW_MS } from './constants/sso.ts';
import type { AppEnv, Deps } from './context.ts';
import type { Db } from './db/db.ts';
import { openDatabase } from './db/open.ts';
import { loadDevTools, type DevTools } from './dev-tools.ts';
import { limitBody } from './middleware/body-limit.ts';
import { sdkCors } from './middleware/cors.ts';
import { handleError, handleNotFound } from './middleware/errors.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { requestContext } from './middleware/request-context.ts';
import { requestLog } from './middleware/request-log.ts';
import { sdkResponseHeaders } from './middleware/sdk-headers.ts';
import { backendRoutes } from './routes/backend/index.ts';
import { healthRoutes } from './routes/health.ts';
import { eventRoutes } from './routes/events.ts';
import { jwksRoutes } from './routes/jwks.ts';
import { magicLinkRoutes } from './routes/magic-links.ts';
import { otpRoutes } from './routes/otps.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { webauthnRoutes } from './routes/webauthn.ts';
import { cryptoWalletRoutes } from './routes/crypto-wallets.ts';
import { projectRoutes } from './routes/projects.ts';
import { dfpRoutes, protectDfpPaths } from './routes/dfp.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { staticRoutes } from './routes/static.ts';
import { userRoutes } from './routes/users.ts';
import { accountRoutes } from './routes/accounts.ts';
import { oauthRoutes, oauthSdkRoutes } from './routes/oauth.ts';
import { idpRoutes } from './routes/idp.ts';
import { discoveryRoutes } from './routes/discovery.ts';
import { organizationRoutes } from './routes/organizations.ts';
import { ssoRoutes, ssoSdkRoutes } from './routes/sso.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { adminConsoleRoutes } from './routes/admin/console.ts';
import { oidcProviderRoutes } from './oidc/mount.ts';
import { loadSigningKey } from './security/jwt.ts';
import { RateLimit, Sweeper, type RateLimitScope } from './security/rate-limit.ts';
import { expiredRowsSweep } from './store/retention.ts';
import { deriveSecretKeys } from './security/secret-keys.ts';
import { resealSecrets } from './store/secrets-at-rest.ts';
import { writeConfiguredSsoConnections } from './services/sso-config.ts';
import { recaptchaVerifier } from './services/recaptcha.ts';
import { deleteDevInboxLeftovers } from './store/dev-inbox-leftovers.ts';
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
  // The database holds this mode's environment, so every id made in it, from start-up on, names it (db/db.ts).
  const db = await openDatabase(options.database ?? DEFAULT_DATABASE, ID_ENVIRONMENTS[config.mode]);
  try {
    const secrets = deriveSecretKeys(config.secretKey, config.previousSecretKeys);
    // Before anything reads a secret: plaintext rows (from before encryption) and rows under a previous key are
    // re-encrypted under the current key; a row under an unknown key stops the start here, with its key id.
    await resealSecrets(db, secrets);
    const signingKey = loadSigningKey(await ensureSigningKey(db, secrets, config.now()));
    // Development's tools and stand-ins (dev-tools.ts); null in production, where no dev module is ever loaded.
    const dev = await loadDevTools(config.mode);
    // Without the dev inbox, what a development run left in its table goes (it holds live links and codes).
    if (!config.devInbox) await deleteDevInboxLeftovers(db);
    const standIns = dev
      ? await dev.devStandIns(config, db)
      : { messageSink: null, oneTapStandIn: null, captchaVerifier: null };
    // After development's seeds, which configured connections may name; the configuration is the truth at each start.
    await writeConfiguredSsoConnections(db, secrets, config.ssoConnections, config.now());
    // Ended rate-limit windows and every other expiring row, swept by one timer (store/retention.ts).
    const sweeper = new Sweeper(db, expiredRowsSweep(db, config.telemetryRetentionMs));
    const limit = (name: string, max: number, windowMs: number, scope?: RateLimitScope) =>
      new RateLimit(db, sweeper, name, max, windowMs, scope);
    const deps: Deps = {
      config,
      db,
      signingKey,
      secrets,
      limits: {
        magicLinkSend: limit('magic-link-send', MAGIC_LINK_SEND_LIMIT, MAGIC_LINK_SEND_WINDOW_MS),
        otpSend: limit('otp-send', OTP_SEND_LIMIT, OTP_SEND_WINDOW_MS),
        passwordResetSend: limit('password-reset-send', PASSWORD_RESET_SEND_LIMIT, PASSWORD_RESET_SEND_WINDOW_MS),
        cryptoWalletStart: limit('crypto-wallet-start', CRYPTO_WALLET_START_LIMIT, CRYPTO_WALLET_START_WINDOW_MS),
        ipSend: limit('send-ip', config.ipRateLimits.sends, IP_SEND_WINDOW_MS, 'client'),
        ipAuthFailures: limit('auth-failure-ip', config.ipRateLimits.authFailures, IP_AUTH_FAILURE_WINDOW_MS, 'client'),
        ipEvents: limit('events-ip', config.ipRateLimits.events, IP_EVENTS_WINDOW_MS, 'client'),
        memberSearch: limit('member-search-ip', MEMBER_SEARCH_IP_LIMIT, MEMBER_SEARCH_IP_WINDOW_MS, 'client'),
        ssoStart: limit('sso-start-ip', config.ipRateLimits.ssoStarts, SSO_START_IP_WINDOW_MS, 'client'),
        ssoDiscovery: limit(
          'sso-discovery-ip',
          config.ipRateLimits.ssoDiscoveries,
          SSO_DISCOVERY_IP_WINDOW_MS,
          'client',
        ),
      },
      ...standIns,
      // A configured reCAPTCHA is the captcha in either mode; the dev stand-in steps aside for it (dev/mount.ts).
      captchaVerifier: config.recaptcha ? recaptchaVerifier(config.recaptcha) : standIns.captchaVerifier,
    };
    // The sweep on a timer too: the takes alone leave a quiet service's expired rows until traffic returns.
    const stopSweeping = sweeper.every(config.retentionSweepIntervalMs, config.now, (error) =>
      console.error('[identity service] retention sweep failed; the next pass tries again:', error),
    );
    const close = async () => {
      await stopSweeping();
      await db.close();
    };
    return { app: buildApp(deps, dev), config, db, close };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Every route and every cross-cutting rule, in the order a request meets them. */
function buildApp(deps: Deps, dev: DevTools | null): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound(handleNotFound);
  const { mode, trustProxy, publicUrl } = deps.config;
  app.use('*', requestContext({ mode, trustProxy, publicUrl }));
  app.use('*', securityHeaders(publicUrl));
  if (deps.config.requestLog) app.use('*', requestLog(deps.config.requestLog));
  app.use(`${SDK_BASE_PATH}/*`, sdkResponseHeaders);
  app.route('/', healthRoutes(deps));

  // The SDK API: CORS first (so even a 413 is readable by an allowed page), then the body size limit.
  // Authentication is per route (middleware/auth.ts): bootstrap and telemetry need none.
  const sdk = new Hono<AppEnv>();
  sdk.use('*', sdkCors(deps.config.allowedOrigins));
  sdk.use('*', limitBody(MAX_BODY_BYTES));
  // The only place dev tools are mounted (dev/mount.ts): `dev` exists in development mode only, so in production
  // none of them was even loaded.
  dev?.mountDevTools({ app, sdk }, deps);
  // Device fingerprinting's script and backend, and its rule on the protected calls, before their routes.
  if (deps.config.dfp) app.route('/', dfpRoutes(deps));
  if (deps.config.dfp) protectDfpPaths(sdk, deps);
  sdk.route('/', projectRoutes(deps));
  sdk.route('/', eventRoutes(deps));
  sdk.route('/', magicLinkRoutes(deps));
  sdk.route('/', otpRoutes(deps));
  sdk.route('/', sessionRoutes(deps));
  sdk.route('/', userRoutes(deps));
  sdk.route('/', accountRoutes(deps));
  sdk.route('/', passwordRoutes(deps));
  sdk.route('/', oauthSdkRoutes(deps));
  sdk.route('/', webauthnRoutes(deps));
  sdk.route('/', cryptoWalletRoutes(deps));
  sdk.route('/', idpRoutes(deps));
  sdk.route('/', discoveryRoutes(deps));
  sdk.route('/', organizationRoutes(deps));
  sdk.route('/', ssoSdkRoutes(deps));
  sdk.route('/', mfaRoutes(deps));
  app.route(SDK_BASE_PATH, sdk);

  // The backend API (routes/backend/): the site's server with the project secret; never CORS, never a browser.
  app.route('/', backendRoutes(deps));
  app.route('/', jwksRoutes(deps));
  app.route('/', oauthRoutes(deps));
  app.route('/', ssoRoutes(deps));
  // The OpenID provider's protocol endpoints (oidc/mount.ts): oidc-provider reads the raw request itself.
  app.route('/', oidcProviderRoutes(deps));
  app.route('/', adminConsoleRoutes(deps));
  if (deps.config.siteDir || deps.config.distDir) {
    app.route(
      '/',
      staticRoutes({ siteDir: deps.config.siteDir, distDir: deps.config.distDir, mode: deps.config.mode }),
    );
  }
  return app;
}
