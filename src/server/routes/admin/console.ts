import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as v from 'valibot';
import {
  ADMIN_AUDIT_LIST_LENGTH,
  ADMIN_DEV_CSRF_COOKIE,
  ADMIN_PATH,
  ADMIN_SESSION_COOKIE,
} from '../../constants/admin.ts';
import { MAX_BODY_BYTES } from '../../constants/input-limits.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { validated } from '../../http/edge.ts';
import { ApiError, Errors } from '../../http/errors.ts';
import { htmlPage } from '../../http/html-page.ts';
import { nodeBindings } from '../../http/node-request.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { limitBody } from '../../middleware/body-limit.ts';
import { handleError } from '../../middleware/errors.ts';
import {
  adminSignIn,
  adminSignOut,
  adminVisitor,
  checkCsrfToken,
  csrfToken,
  newDevCsrfSecret,
  type AdminVisitor,
} from '../../services/admin-access.ts';
import { consoleSearch, consoleUser, runConsoleAction, type ConsoleAction } from '../../services/admin-console.ts';
import { adminUser } from '../../services/user-admin.ts';
import { latestAuditRows } from '../../store/admin-console.ts';
import {
  adminDeletePage,
  adminErrorPage,
  adminHomePage,
  adminLoginPage,
  adminUserPage,
} from '../../views/admin-console.ts';
import {
  csrfForm,
  deleteFactorForm,
  deleteUserForm,
  loginForm,
  revokeSessionForm,
  searchQuery,
  userIdParam,
} from './console.schemas.ts';

/** What a finished action says on the page it returns to (the `done` query parameter names the action). */
const DONE_TEXT: Record<string, string> = {
  revoke_session: 'The session was revoked.',
  revoke_all_sessions: 'Every session of the user was revoked.',
  clear_lockout: 'The lockout was cleared.',
  delete_factor: 'The sign-in method was deleted.',
  delete_user: 'The user was deleted.',
};

/**
 * The admin console (/admin): server-rendered pages, no script. Development: open to this machine (loopback) only.
 * Production: the login form takes the project secret and sets a short HttpOnly, Secure, SameSite=Strict session
 * cookie. Every change is a POST with the page's CSRF token, answered by a 303 back to the page (or an error page).
 */
export function adminConsoleRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const production = deps.config.mode === 'production';
  routes.use(`${ADMIN_PATH}/*`, limitBody(MAX_BODY_BYTES));
  routes.use(ADMIN_PATH, limitBody(MAX_BODY_BYTES));

  /** The visitor, or the answer that replaces the page: the login form (production) or a fresh CSRF cookie (dev). */
  async function visitorOr(c: Context<AppEnv>): Promise<AdminVisitor | Response> {
    const visitor = await adminVisitor(deps, {
      peerAddress: nodeBindings(c).incoming?.socket.remoteAddress ?? '',
      relayed: c.req.header('X-Forwarded-For') !== undefined || c.req.header('Forwarded') !== undefined,
      sessionToken: production ? (getCookie(c, ADMIN_SESSION_COOKIE) ?? null) : null,
      devCsrfSecret: production ? null : (getCookie(c, ADMIN_DEV_CSRF_COOKIE) ?? null),
    });
    if (visitor) return visitor;
    // Production: no live console session (never signed in, expired, signed out) goes to the login form.
    if (production) return c.redirect(`${ADMIN_PATH}/login`, 303);
    setCookie(c, ADMIN_DEV_CSRF_COOKIE, newDevCsrfSecret(), { httpOnly: true, sameSite: 'Strict', path: ADMIN_PATH });
    // The same address again, now with the cookie; a POST without it cannot have come from a console page.
    if (c.req.method === 'GET') return c.redirect(c.req.url, 303);
    throw Errors.unauthorizedAction('adminCsrfInvalid');
  }

  /** The form's fields, validated; the CSRF token is checked before anything the form asks for. */
  async function form<TSchema extends v.GenericSchema>(
    c: Context<AppEnv>,
    visitor: AdminVisitor | null,
    schema: TSchema,
  ): Promise<v.InferOutput<TSchema>> {
    const raw = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const fields = Object.fromEntries(Object.entries(raw).filter(([, value]) => typeof value === 'string'));
    if (visitor) checkCsrfToken(visitor, typeof fields.csrf_token === 'string' ? fields.csrf_token : '');
    return validated(schema, fields);
  }

  const userIdOf = (c: Context<AppEnv>) => validated(userIdParam, { id: c.req.param('id') }).id;
  const userPath = (userId: string) => `${ADMIN_PATH}/users/${encodeURIComponent(userId)}`;
  const doneText = (c: Context<AppEnv>) => DONE_TEXT[c.req.query('done') ?? ''] ?? null;

  routes.get(`${ADMIN_PATH}/login`, (c) => htmlPage(c, adminLoginPage({})));

  routes.post(`${ADMIN_PATH}/login`, async (c) => {
    if (!production) return c.redirect(ADMIN_PATH, 303);
    const { secret } = await form(c, null, loginForm);
    try {
      const session = await adminSignIn(deps, requestMeta(c), secret);
      setCookie(c, ADMIN_SESSION_COOKIE, session.token, {
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: '/',
        expires: new Date(session.expiresAt),
      });
      return c.redirect(ADMIN_PATH, 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return htmlPage(c, adminLoginPage({ error: error.message }), error.status);
    }
  });

  routes.post(`${ADMIN_PATH}/logout`, async (c) => {
    const visitor = await visitorOr(c);
    if (visitor instanceof Response) return visitor;
    await form(c, visitor, csrfForm);
    await adminSignOut(deps, visitor, requestMeta(c).ipAddress);
    deleteCookie(c, ADMIN_SESSION_COOKIE, { path: '/', secure: true });
    return c.redirect(production ? `${ADMIN_PATH}/login` : ADMIN_PATH, 303);
  });

  routes.get(ADMIN_PATH, async (c) => {
    const visitor = await visitorOr(c);
    if (visitor instanceof Response) return visitor;
    const query = (validated(searchQuery, { q: c.req.query('q') }).q ?? '').trim();
    return htmlPage(
      c,
      adminHomePage({
        csrf: csrfToken(visitor),
        query,
        results: query ? await consoleSearch(deps, query) : null,
        audit: await latestAuditRows(deps.db, ADMIN_AUDIT_LIST_LENGTH),
        done: doneText(c),
      }),
    );
  });

  routes.get(`${ADMIN_PATH}/users/:id`, async (c) => {
    const visitor = await visitorOr(c);
    if (visitor instanceof Response) return visitor;
    const view = await consoleUser(deps, userIdOf(c));
    return htmlPage(c, adminUserPage({ csrf: csrfToken(visitor), view, done: doneText(c) }));
  });

  routes.get(`${ADMIN_PATH}/users/:id/delete`, async (c) => {
    const visitor = await visitorOr(c);
    if (visitor instanceof Response) return visitor;
    const user = await adminUser(deps, userIdOf(c));
    return htmlPage(c, adminDeletePage({ csrf: csrfToken(visitor), user }));
  });

  /** One action route: the form read and checked, the action run and audited, back to where it leaves the admin. */
  function action<TSchema extends v.GenericSchema>(
    path: string,
    schema: TSchema,
    toAction: (fields: v.InferOutput<TSchema>) => ConsoleAction,
  ) {
    routes.post(`${ADMIN_PATH}/users/:id/${path}`, async (c) => {
      const visitor = await visitorOr(c);
      if (visitor instanceof Response) return visitor;
      const userId = userIdOf(c);
      const input = toAction(await form(c, visitor, schema));
      await runConsoleAction(deps, { actor: visitor.actor, ipAddress: requestMeta(c).ipAddress }, userId, input);
      const back = input.action === 'delete_user' ? ADMIN_PATH : userPath(userId);
      return c.redirect(`${back}?done=${input.action}`, 303);
    });
  }
  action('sessions/revoke', revokeSessionForm, (f) => ({ action: 'revoke_session', sessionId: f.session_id }));
  action('sessions/revoke-all', csrfForm, () => ({ action: 'revoke_all_sessions' }));
  action('lockout/clear', csrfForm, () => ({ action: 'clear_lockout' }));
  action('factors/delete', deleteFactorForm, (f) => ({ action: 'delete_factor', kind: f.kind, factorId: f.factor_id }));
  action('delete', deleteUserForm, () => ({ action: 'delete_user' }));

  // Refusals and mistakes are pages, not JSON bodies: the console is read by people. Anything unexpected goes to the
  // service's own handler (logged, 500).
  routes.onError((error, c) => {
    if (!(error instanceof ApiError)) return handleError(error, c);
    return htmlPage(
      c,
      adminErrorPage({ message: error.message, errorType: error.errorType }),
      error.status as ContentfulStatusCode,
    );
  });

  return routes;
}
