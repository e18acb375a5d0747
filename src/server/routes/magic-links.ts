import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJsonObject } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { authenticateMagicLink, sendEmailMagicLink } from '../services/magic-links.ts';

/** Email magic links: send (three variants) and authenticate. */
export function magicLinkRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(PATHS.magicLinksEmailLoginOrCreate, auth, async (c) =>
    ok(c, await sendEmailMagicLink(deps, requestMeta(c), await readJsonObject(c), { kind: 'login_or_create' })),
  );

  routes.post(PATHS.magicLinksEmailSendPrimary, auth, async (c) =>
    ok(c, await sendEmailMagicLink(deps, requestMeta(c), await readJsonObject(c), { kind: 'existing_user' })),
  );

  routes.post(PATHS.magicLinksEmailSendSecondary, auth, session, async (c) =>
    ok(
      c,
      await sendEmailMagicLink(deps, requestMeta(c), await readJsonObject(c), {
        kind: 'add_to_user',
        userId: c.get('session').userId,
        sessionId: c.get('session').id,
      }),
    ),
  );

  routes.post(PATHS.magicLinksAuthenticate, auth, async (c) =>
    ok(c, await authenticateMagicLink(deps, requestMeta(c), await readJsonObject(c))),
  );

  return routes;
}
