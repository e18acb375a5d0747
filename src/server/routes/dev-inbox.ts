import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { listMessages } from '../store/dev-messages.ts';
import { devInboxPage } from '../views/dev-inbox-page.ts';

export const DEV_INBOX_PATH = '/dev/inbox';

/** GET /dev/inbox (page) and /dev/inbox.json: what the service "sent". Only mounted when `devInbox` is on. */
export function devInboxRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get(DEV_INBOX_PATH, async (c) => {
    const to = recipientFilter(c);
    const messages = await listMessages(deps.db, to);
    c.header('Cache-Control', 'no-store');
    return c.html(devInboxPage({ projectName: deps.config.projectName, messages, to }));
  });

  routes.get(`${DEV_INBOX_PATH}.json`, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: await listMessages(deps.db, recipientFilter(c)) });
  });

  return routes;
}

function recipientFilter(c: Context<AppEnv>): string | undefined {
  const to = c.req.query('to');
  if (to === undefined || to.trim() === '') return undefined;
  if (to.includes('\u0000')) throw Errors.invalidRequest('to must not contain NUL characters');
  return to;
}
