// The demo portal's own server side, as a university's web team would write it: `/student-portal/api/me` reads the
// session cookie the sign-in element wrote and asks the backend API who it belongs to (POST /v1/sessions/authenticate
// with the project id and secret, README "Verify sessions on your server"), then answers the student's name. It runs
// in the service's process only because the demo site is served from it: the call goes through the service's own
// request handling, exactly as it would over the network from a separate server.
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { BACKEND_PATHS, type BackendSessionAuthenticateResponse } from '../../api/backend.ts';
import type { AppEnv, Deps } from '../context.ts';
import { DEMO_SESSION_COOKIE } from './constants.ts';

export const DEMO_PORTAL_ME_PATH = '/student-portal/api/me';

/**
 * What the portal's page shows: the student's name, or that nobody is signed in. Both are answers to "who is signed
 * in?", so both are 200: a signed-out answer is no failure, and a check that crosses a sign-out (asked while signed
 * in, answered after the session was revoked) must not put a failed request in the visitor's console.
 */
export type PortalMe = { signed_in: true; name: string } | { signed_in: false };

export function devPortalApiRoutes(service: Hono<AppEnv>, deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { projectId, projectSecret } = deps.config;
  const authorization = `Basic ${Buffer.from(`${projectId}:${projectSecret ?? ''}`).toString('base64')}`;
  routes.get(DEMO_PORTAL_ME_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const sessionToken = getCookie(c, DEMO_SESSION_COOKIE);
    if (!sessionToken) return c.json({ signed_in: false } satisfies PortalMe);
    const res = await service.request(BACKEND_PATHS.sessionsAuthenticate, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ session_token: sessionToken }),
    });
    // A 404 (the session ended) or 400 (a cookie that is no token): signed out. Anything else is the site's mistake.
    if (res.status === 404 || res.status === 400) return c.json({ signed_in: false } satisfies PortalMe);
    if (!res.ok) throw new Error(`The backend API refused the demo portal: ${res.status} ${await res.text()}`);
    const { user } = (await res.json()) as BackendSessionAuthenticateResponse;
    const fullName = [user.name.first_name, user.name.last_name].filter(Boolean).join(' ');
    return c.json({ signed_in: true, name: fullName || (user.emails[0]?.email ?? user.user_id) } satisfies PortalMe);
  });
  return routes;
}
