// The only way into src/server/dev/. The dev tools sign anyone in as anyone, so a production process must not even
// load them: this file reaches the folder through one dynamic import, taken only in development mode, and no other
// file outside the folder imports from it (test/tooling/dev-fence.test.ts). In the built service the folder is a chunk
// of its own that a production process never loads (test/server/compiled-server.test.ts). Everything the service and
// `npm start` take from development is listed in `DevTools`, so a reviewer reads the folder's whole reach here.
import type { Hono } from 'hono';
import type { ProjectConfig, ServiceMode } from './config.ts';
import type { AppEnv, Deps } from './context.ts';
import type { Db } from './db/db.ts';
import type { ListenOptions } from './listen.ts';

export interface DevTools {
  /**
   * The stand-ins the service is built with (app.ts): the dev inbox as the message sink and the dev identity provider
   * in Google's place for One Tap, each null when its switch is off. Purges the inbox's expired messages first, and
   * seeds the demo's partner organizations (dev/organization-seeds.ts).
   */
  devStandIns(config: ProjectConfig, db: Db): Promise<Pick<Deps, 'messageSink' | 'oneTapStandIn' | 'captchaVerifier'>>;
  /** The /dev/ pages and the dev captcha (app.ts); `sdk` is the /sdk/v1 sub-app before its routes. */
  mountDevTools(apps: { app: Hono<AppEnv>; sdk: Hono<AppEnv> }, deps: Deps): void;
  /**
   * The demo site's pages that receive sign-in redirects, for a server started without `siteRedirectPaths` (listen.ts).
   */
  demoSiteRedirectPaths: readonly string[];
  /** What `npm start` runs beside the service (main.ts). */
  startDevCompanions(options: ListenOptions, processes: number): Promise<DevCompanions>;
}

/** The demo's company for the service under `npm start`: the library app, the demo RBAC policy, the start lines. */
export interface DevCompanions {
  /** The options the service starts with: the given ones plus the demo's additions. */
  options: ListenOptions;
  /** Once the service listens at `url`. */
  connect(url: string): void;
  /** What `npm start` prints about the dev tools, once the service listens at `url`. */
  startLines(url: string): string[];
  close(): Promise<void>;
}

/** The dev tools in development mode; in production null, with nothing under src/server/dev/ loaded. */
export async function loadDevTools(mode: ServiceMode): Promise<DevTools | null> {
  if (mode !== 'development') return null;
  return import('./dev/mount.ts');
}
