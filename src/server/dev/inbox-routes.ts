import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { htmlPage } from '../http/html-page.ts';
import { listMessages } from './inbox-store.ts';
import { devInboxPage } from './inbox-page.ts';

export const DEV_INBOX_PATH = '/dev/inbox';

/** GET /dev/inbox (page) and /dev/inbox.json: what the service "sent". Only mounted when `devInbox` is on. */
export function devInboxRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get(DEV_INBOX_PATH, async (c) => {
    const to = recipientFilter(c);
    const messages = await listMessages(deps.db, deps.config.now(), to);
    return htmlPage(c, devInboxPage({ projectName: deps.config.projectName, messages, to }));
  });

  routes.get(`${DEV_INBOX_PATH}.json`, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: await listMessages(deps.db, deps.config.now(), recipientFilter(c)) });
  });

  return routes;
}

/**
 * The `to` query parameter, decoded without turning '+' into a space: recipients never contain spaces, and a phone
 * number typed into the address bar as `?to=+14155552671` must find the messages to +14155552671.
 */
function recipientFilter(c: Context<AppEnv>): string | undefined {
  const to = rawQueryParam(new URL(c.req.url).search, 'to');
  if (to === undefined || to.trim() === '') return undefined;
  if (to.includes('\u0000')) throw Errors.invalidRequest('fieldHasNul', { field: 'to' });
  return to;
}

function rawQueryParam(search: string, name: string): string | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (safeDecode(key) !== name) continue;
    return equals < 0 ? '' : safeDecode(pair.slice(equals + 1));
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw Errors.invalidRequest('queryNotPercentEncoded');
  }
}
