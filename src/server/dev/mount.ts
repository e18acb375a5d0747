// The one door into this folder: dev-tools.ts imports this module, dynamically and only in development mode, and
// nothing else outside the folder imports anything here (test/tooling/dev-fence.test.ts). Its exports are everything
// the service and `npm start` take from development (`DevTools` in dev-tools.ts). Each tool still has its own switch
// (devInbox, devIdentityProvider, devCaptcha, dfpProtectedAuth).
import type { Hono } from 'hono';
import type { ProjectConfig } from '../config.ts';
import type { AppEnv, Deps } from '../context.ts';
import type { Db } from '../db/db.ts';
import { devAccountRoutes } from './account-routes.ts';
import { devCaptcha, devCaptchaScriptRoutes, devCaptchaVerifier } from './captcha.ts';
import { devFingerprintRoutes } from './fingerprints-page.ts';
import { inboxSink, purgeOldMessages } from './inbox-store.ts';
import { devInboxRoutes } from './inbox-routes.ts';
import { devOAuthRoutes } from './oauth-routes.ts';
import { devOneTapStandIn } from './one-tap-stand-in.ts';
import { seedOrganizations, seedSsoConnections } from './organization-seeds.ts';
import { devOidcSsoRoutes } from './oidc-sso-stand-in.ts';
import { devPortalApiRoutes } from './portal-api.ts';
import { devSamlRoutes } from './saml-stand-in.ts';

export { DEMO_SITE_REDIRECT_PATHS as demoSiteRedirectPaths } from '../env-options.ts';
export { startDevCompanions } from './npm-start.ts';

/** The dev inbox as the message sink and the dev identity provider as the One Tap stand-in, when each is on. */
export async function devStandIns(
  config: ProjectConfig,
  db: Db,
): Promise<Pick<Deps, 'messageSink' | 'oneTapStandIn' | 'captchaVerifier'>> {
  // Expired messages go at start, before any request reads the inbox.
  if (config.devInbox) await purgeOldMessages(db, config.now());
  // The demo's partner organizations, for the corporate training portal.
  if (config.devInbox) await seedOrganizations(db, config.now());
  // Their SSO connections, to the stand-ins below.
  if (config.devInbox) await seedSsoConnections(config, db);
  return {
    messageSink: config.devInbox ? inboxSink : null,
    oneTapStandIn: config.devIdentityProvider ? devOneTapStandIn(config) : null,
    // Device fingerprinting's captcha path: the dev captcha's stand-in solves it (dev/captcha.ts), unless the real
    // reCAPTCHA is configured (app.ts uses that instead).
    captchaVerifier: config.dfp && !config.recaptcha ? devCaptchaVerifier : null,
  };
}

/**
 * `sdk` is the /sdk/v1 sub-app after its CORS and body-limit middleware and before its routes, so the dev captcha
 * answers readable (CORS) refusals before any route runs; `app` gets the /dev/* pages.
 */
export function mountDevTools(apps: { app: Hono<AppEnv>; sdk: Hono<AppEnv> }, deps: Deps): void {
  if (deps.config.devCaptcha) apps.sdk.use('*', devCaptcha());
  if (deps.captchaVerifier === devCaptchaVerifier) apps.app.route('/', devCaptchaScriptRoutes());
  if (deps.config.dfp) apps.app.route('/', devFingerprintRoutes(deps));
  if (deps.config.devIdentityProvider) apps.app.route('/', devOAuthRoutes(deps));
  if (deps.config.devIdentityProvider) apps.app.route('/', devSamlRoutes(deps)).route('/', devOidcSsoRoutes(deps));
  if (deps.config.devInbox) apps.app.route('/', devInboxRoutes(deps));
  if (deps.config.devInbox) apps.app.route('/', devAccountRoutes(deps));
  if (deps.config.siteDir) apps.app.route('/', devPortalApiRoutes(apps.app, deps));
}
