import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { authenticateMagicLink, sendEmailMagicLink } from '../services/magic-links.ts';
import { magicLinkSendBody } from './magic-links.schemas.ts';
import { tokenAuthenticationBody } from './token-authentication.schemas.ts';

/** Email magic links: send (three variants) and authenticate. */
export function magicLinkRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);
  const send = jsonBody(magicLinkSendBody(deps.config));

  routes.post(PATHS.magicLinksEmailLoginOrCreate, auth, send, async (c) =>
    ok(c, await sendEmailMagicLink(deps, requestMeta(c), c.req.valid('json'), { kind: 'login_or_create' })),
  );

  routes.post(PATHS.magicLinksEmailSendPrimary, auth, send, async (c) =>
    ok(c, await sendEmailMagicLink(deps, requestMeta(c), c.req.valid('json'), { kind: 'existing_user' })),
  );

  routes.post(PATHS.magicLinksEmailSendSecondary, auth, session, send, async (c) =>
    ok(
      c,
      await sendEmailMagicLink(deps, requestMeta(c), c.req.valid('json'), {
        kind: 'add_to_user',
        userId: c.get('session').userId,
        sessionId: c.get('session').id,
      }),
    ),
  );

  routes.post(PATHS.magicLinksAuthenticate, auth, jsonBody(tokenAuthenticationBody), async (c) =>
    ok(c, await authenticateMagicLink(deps, requestMeta(c), c.req.valid('json'))),
  );

  return routes;
}
