// "Westlight Library e-resources": a small third-party application on its own origin that `npm start` runs beside the
// service in development, so a newcomer sees Sign in with Westlight end to end: the app sends the student to the
// service's authorization endpoint, the site's authorize page asks for consent, the app exchanges the code (PKCE,
// state and nonce checked by openid-client, the ID token verified against the provider's JWKS), shows the user info,
// and logs out through end session. It is a demo of a connected app, never part of the service: it is started from
// npm-start.ts, which production never loads, and it holds its visitors in memory only.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as oidc from 'openid-client';
import type { ConnectedAppConfig } from '../config.ts';
import { pagePolicy } from '../security/content-security-policy.ts';
import { escapeHtml } from '../views/escape.ts';
import { servicePage } from '../views/oauth-pages.ts';

export const LIBRARY_APP_NAME = 'Westlight Library e-resources';
export const LIBRARY_CLIENT_ID = 'westlight-library-e-resources';
/** What the library asks for: who the student is and their address (it keeps no tokens, so no offline_access). */
export const LIBRARY_SCOPES = 'openid profile email';
const COOKIE = 'library_visit';

export interface LibraryApp {
  /** The app's own origin (another port: another origin than the service's). */
  origin: string;
  /** Its registration, for the service's `connectedApps` (a confidential third-party app: consent is asked). */
  registration: ConnectedAppConfig;
  /** Starts answering, once the service (the issuer) is listening. */
  connect(issuer: string): void;
  close(): Promise<void>;
}

interface Visit {
  /** Between the redirect to Westlight and the callback. */
  pending?: { verifier: string; state: string; nonce: string };
  signedIn?: { claims: Record<string, unknown>; idToken: string; scope: string };
  /** What Westlight answered instead of a code (access_denied when the student denied). */
  error?: string;
}

/** Listens first (port 0 picks one), so the redirect URIs are known before the service is configured with them. */
export async function startLibraryApp(options: { hostname?: string; port?: number } = {}): Promise<LibraryApp> {
  const hostname = options.hostname ?? 'localhost';
  const secret = randomBytes(32).toString('base64url');
  const visits = new Map<string, Visit>();
  let issuer: string | null = null;
  let configuration: Promise<oidc.Configuration> | null = null;

  const app = new Hono();
  let server: ServerType | undefined;
  const origin = await new Promise<string>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname }, (info: AddressInfo) =>
      resolve(`http://${hostname}:${info.port}`),
    );
    server.once('error', reject);
  });
  const registration: ConnectedAppConfig = {
    client_id: LIBRARY_CLIENT_ID,
    client_secret: secret,
    name: LIBRARY_APP_NAME,
    description: 'Journals, e-books and lighting plots from the Westlight University library.',
    client_type: 'third_party',
    redirect_uris: [`${origin}/callback`],
    post_logout_redirect_uris: [`${origin}/`],
  };

  /** Discovery once, on first use: the provider's endpoints and keys come from its well-known document. */
  function provider(): Promise<oidc.Configuration> {
    if (!issuer) throw new Error('The library app is not connected to the service yet.');
    configuration ??= oidc
      .discovery(new URL(issuer), LIBRARY_CLIENT_ID, secret, undefined, { execute: [oidc.allowInsecureRequests] })
      .catch((error: unknown) => {
        configuration = null; // try again on the next visit
        throw error;
      });
    return configuration;
  }

  function visitOf(c: Context): Visit {
    let id = getCookie(c, COOKIE);
    if (!id || !visits.has(id)) {
      id = randomBytes(16).toString('base64url');
      visits.set(id, {});
      setCookie(c, COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/' });
    }
    return visits.get(id)!;
  }

  app.get('/', (c) => page(c, homeBody(visitOf(c))));

  app.get('/login', async (c) => {
    const visit = visitOf(c);
    const verifier = oidc.randomPKCECodeVerifier();
    visit.pending = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
    delete visit.error;
    const url = oidc.buildAuthorizationUrl(await provider(), {
      redirect_uri: registration.redirect_uris![0]!,
      scope: LIBRARY_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: visit.pending.state,
      nonce: visit.pending.nonce,
    });
    return c.redirect(url.href);
  });

  app.get('/callback', async (c) => {
    const visit = visitOf(c);
    const pending = visit.pending;
    delete visit.pending;
    const error = c.req.query('error');
    if (error || !pending) {
      visit.error = error ?? 'no_sign_in_in_progress';
      return c.redirect('/');
    }
    try {
      const config = await provider();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(c.req.url), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      visit.signedIn = { claims: { ...info }, idToken: tokens.id_token!, scope: tokens.scope ?? '' };
    } catch (caught) {
      visit.error = caught instanceof Error ? caught.message : String(caught);
    }
    return c.redirect('/');
  });

  app.post('/logout', async (c) => {
    const visit = visitOf(c);
    const signedIn = visit.signedIn;
    delete visit.signedIn;
    if (!signedIn) return c.redirect('/');
    // RP-initiated logout: Westlight asks the student whether to end their Westlight session too, then comes back.
    const url = oidc.buildEndSessionUrl(await provider(), {
      id_token_hint: signedIn.idToken,
      post_logout_redirect_uri: registration.post_logout_redirect_uris![0]!,
      state: oidc.randomState(),
    });
    return c.redirect(url.href);
  });

  return {
    origin,
    registration,
    connect(url) {
      issuer = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function page(c: Context, body: string): Response {
  const html = servicePage(LIBRARY_APP_NAME, body);
  c.header('Content-Security-Policy', pagePolicy(html));
  c.header('Cache-Control', 'no-store');
  return c.html(html);
}

function homeBody(visit: Visit): string {
  const title = `<h1>${escapeHtml(LIBRARY_APP_NAME)}</h1>`;
  const error = visit.error
    ? `<p class="error" role="alert" id="library-error">${escapeHtml(
        visit.error === 'access_denied'
          ? 'You did not allow the library to use your Westlight account.'
          : `Sign-in failed: ${visit.error}`,
      )}</p>`
    : '';
  if (!visit.signedIn) {
    const note =
      'Journals, e-books and lighting plots for Westlight University students. Sign in with your university account.';
    return `${title}
<p class="note">${note}</p>
${error}
<p><a class="primary" id="library-sign-in" href="/login">Sign in with Westlight</a></p>`;
  }
  const { claims, scope } = visit.signedIn;
  const logOut = '<button type="submit" class="secondary" id="library-log-out">Log out</button>';
  const rows = Object.entries(claims)
    .map(
      ([name, value]) =>
        `<dt>${escapeHtml(name)}</dt><dd data-claim="${escapeHtml(name)}">${escapeHtml(String(value))}</dd>`,
    )
    .join('\n');
  return `${title}
<p id="library-welcome">Signed in with Westlight as ${escapeHtml(String(claims.email ?? claims.sub))}.</p>
<h2>What Westlight shared with the library</h2>
<dl id="library-user-info">
${rows}
</dl>
<p>Granted scopes: <span id="library-scopes">${escapeHtml(scope)}</span></p>
<form method="post" action="/logout">${logOut}</form>`;
}
