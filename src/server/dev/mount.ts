// The one door to the dev tools: app.ts calls `mountDevTools` only in development mode, so nothing in this folder is
// reachable in production. Each tool still has its own switch (devInbox, devIdentityProvider, devCaptcha).
import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { devAccountRoutes } from './account-routes.ts';
import { devCaptcha } from './captcha.ts';
import { devInboxRoutes } from './inbox-routes.ts';
import { devOAuthRoutes } from './oauth-routes.ts';

/**
 * `sdk` is the /sdk/v1 sub-app after its CORS and body-limit middleware and before its routes, so the dev captcha
 * answers readable (CORS) refusals before any route runs; `app` gets the /dev/* pages.
 */
export function mountDevTools(apps: { app: Hono<AppEnv>; sdk: Hono<AppEnv> }, deps: Deps): void {
  if (deps.config.devCaptcha) apps.sdk.use('*', devCaptcha(deps));
  if (deps.config.devIdentityProvider) apps.app.route('/', devOAuthRoutes(deps));
  if (deps.config.devInbox) apps.app.route('/', devInboxRoutes(deps));
  if (deps.config.devInbox) apps.app.route('/', devAccountRoutes(deps));
}
