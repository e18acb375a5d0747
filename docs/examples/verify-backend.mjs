// Ask the identity service who a session token (or JWT) belongs to, with your project's secret: one call per check,
// and the answer is current (a session revoked a second ago is refused). Never from a browser: the secret stays on
// your server, and the service refuses any call that carries an Origin header.

/**
 * A checker for one project: `baseUrl` is the identity service, `projectId` and `secret` the project's credentials
 * (PROJECT_SECRET on the service; `npm start` prints the development one).
 */
export function sessionChecker({ baseUrl, projectId, secret }) {
  const authorization = `Basic ${Buffer.from(`${projectId}:${secret}`).toString('base64')}`;
  /**
   * `{ user, session, session_jwt }` for a live session, null for one that ended or never was (404); throws for
   * anything else (a wrong secret is 401 `unauthorized_credentials`: fix the configuration, do not sign anyone out).
   * `credential` is `{ session_token }` (the `stytch_session` cookie) or `{ session_jwt }`.
   */
  return async function authenticateSession(credential) {
    const res = await fetch(new URL('/v1/sessions/authenticate', baseUrl), {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(credential),
    });
    const body = await res.json();
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`sessions/authenticate: ${res.status} ${body.error_type}: ${body.error_message}`);
    return { user: body.user, session: body.session, session_jwt: body.session_jwt };
  };
}
