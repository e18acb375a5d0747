// Browser tests: real Chromium (Debian's, never a downloaded one) against the real identity service, started here in
// the same process with an in-memory database. Each test file is bundled by esbuild on request, because React 19 ships
// only CommonJS and the dev server's CommonJS plugin cannot load it.
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { startServer } from '../src/server/listen.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port, so the test page's origin is known before the service's CORS allowlist is built. */
async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// ---- The project settings the headless-client tests exercise, and a second service with the dev captcha ----
const ISSUE6_OPTIONS = {
  rbacPolicy: {
    roles: [
      { role_id: 'editor', description: '', permissions: [{ resource_id: 'documents', actions: ['read', 'write'] }] },
      {
        role_id: 'admin',
        description: '',
        permissions: [
          { resource_id: 'documents', actions: ['*'] },
          { resource_id: 'grades', actions: ['*'] },
        ],
      },
      // May grant the custom scope below to a connected app.
      { role_id: 'grade-reader', description: '', permissions: [{ resource_id: 'grades', actions: ['read'] }] },
    ],
    resources: [
      { resource_id: 'documents', description: '', actions: ['read', 'write', 'delete'] },
      { resource_id: 'grades', description: '', actions: ['read', 'publish'] },
    ],
    // A custom scope a connected app can ask for; only a user whose roles hold its permissions may grant it.
    scopes: [
      {
        scope: 'read:grades',
        description: 'Read your grades',
        permissions: [{ resource_id: 'grades', actions: ['read'] }],
      },
    ],
  },
  userRoles: {
    'rbac-editor@example.com': ['editor'],
    'rbac-admin@example.com': ['admin'],
    'idp-grade-reader@example.com': ['grade-reader'],
  },
  trustedAuthProfiles: [
    {
      profileId: 'trusted-profile-test-wtr',
      issuer: 'https://idp.example.com',
      audience: 'westlight',
      secret: 'wtr-trusted-token-secret',
    },
  ],
  connectedApps: [
    {
      client_id: 'connected-app-test-wtr',
      name: 'Grades Sync',
      description: 'Copies grades',
      client_type: 'third_party',
    },
  ],
};

// ---- Connected apps that sign in with the service (the consent and logout pages' tests) ----
/** A first-party app (no consent asked) and a third-party one (consent), both sent back to the test page's origin. */
function idpConnectedApps(pageOrigin) {
  const back = {
    redirect_uris: [`${pageOrigin}/app/callback`],
    post_logout_redirect_uris: [`${pageOrigin}/app/logged-out`],
  };
  return [
    {
      client_id: 'idp-first-party-wtr',
      name: 'Westlight Timetable',
      description: 'Your timetable',
      client_type: 'first_party',
      client_secret: 'wtr-first-party-secret',
      ...back,
    },
    {
      client_id: 'idp-third-party-wtr',
      name: 'Westlight Library e-resources',
      description: 'Journals and e-books',
      client_type: 'third_party',
      client_secret: 'wtr-third-party-secret',
      logo_url: `${pageOrigin}/library-logo.png`,
      ...back,
    },
  ];
}

// Every browser test reaches the identity service from 127.0.0.1, so one suite run is one client to the per-IP limits;
// those limits are tested in test/server/rate-limits.test.ts, and here they are out of the way.
const SUITE_IP_RATE_LIMITS = {
  sends: 100_000,
  authFailures: 100_000,
  events: 100_000,
  ssoStarts: 100_000,
  ssoDiscoveries: 100_000,
};

const port = await freePort();
const pageOrigin = `http://localhost:${port}`;
let clockOffsetMs = 0;
const identity = await startServer({
  port: 0,
  database: { kind: 'memory' },
  allowedOrigins: [pageOrigin],
  redirectUrls: [`${pageOrigin}/`, `${pageOrigin}/student-portal`],
  // The organization login finds the organization in a test page's URL under /corporate-training/ by this template.
  organizationUrlTemplate: `${pageOrigin}/corporate-training/{{slug}}`,
  now: () => Date.now() + clockOffsetMs,
  ipRateLimits: SUITE_IP_RATE_LIMITS,
  // An RBAC policy with roles for two fixed addresses, a trusted-token profile and a connected app.
  ...ISSUE6_OPTIONS,
  connectedApps: [...ISSUE6_OPTIONS.connectedApps, ...idpConnectedApps(pageOrigin)],
});

const captchaIdentity = await startServer({
  port: 0,
  database: { kind: 'memory' },
  allowedOrigins: [`http://localhost:${port}`],
  devCaptcha: true,
});
// Device fingerprinting on, in each mode (the client's and the widget's protection tests). DECISIONING with a budget of
// 0 calls per device flags every device, so each sign-in there meets the captcha path (the dev captcha's stand-in).
const dfpObservationIdentity = await startServer({
  port: 0,
  database: { kind: 'memory' },
  allowedOrigins: [pageOrigin],
  redirectUrls: [`${pageOrigin}/`],
  dfpProtectedAuth: { mode: 'OBSERVATION' },
  ipRateLimits: SUITE_IP_RATE_LIMITS,
});
const dfpDecisioningIdentity = await startServer({
  port: 0,
  database: { kind: 'memory' },
  allowedOrigins: [pageOrigin],
  redirectUrls: [`${pageOrigin}/`],
  dfpProtectedAuth: { mode: 'DECISIONING', maxCallsPerDevice: 0 },
  ipRateLimits: SUITE_IP_RATE_LIMITS,
});
const b2bIdentity = await startServer({
  port: 0,
  database: { kind: 'memory' },
  allowedOrigins: [`http://localhost:${port}`],
  vertical: 'B2B',
});
// A second project whose strength policy is LUDS (passwords: at least 10 characters of 3 kinds), for the LUDS
// messages of the password screens; the first project uses zxcvbn.
const ludsIdentity = await startServer({
  port: 0,
  database: { kind: 'memory' },
  allowedOrigins: [pageOrigin],
  redirectUrls: [`${pageOrigin}/`],
  passwordPolicy: { kind: 'luds', minimumCount: 10, complexity: 3 },
  ipRateLimits: SUITE_IP_RATE_LIMITS,
});

// A project with the settings the first one leaves at their defaults: PKCE required for OAuth and for SSO, a CNAME
// domain, the watermark on and Sign-In with Ethereum required for crypto wallets (the client's OAuth and SSO starts,
// the widget's watermark and the client's siwe_params read them from its bootstrap).
const SETTINGS_CNAME_DOMAIN = 'login.westlight.example';
const settingsIdentity = await startServer({
  port: 0,
  database: { kind: 'memory' },
  allowedOrigins: [pageOrigin],
  redirectUrls: [`${pageOrigin}/`],
  pkceRequiredForOAuth: true,
  pkceRequiredForSso: true,
  cnameDomain: SETTINGS_CNAME_DOMAIN,
  disableSdkWatermark: false,
  siweRequiredForCryptoWallets: true,
  ipRateLimits: SUITE_IP_RATE_LIMITS,
});

/** Commands a test can run on this (Node) side with `executeServerCommand` from @web/test-runner-commands. */
const identityCommands = {
  name: 'identity-service-commands',
  async executeCommand({ command, payload, session }) {
    if (command === 'dev-inbox') {
      const query = payload?.to ? `?to=${encodeURIComponent(payload.to)}` : '';
      // The device-fingerprinting services' inboxes when asked by mode, else the main service's.
      const source = { OBSERVATION: dfpObservationIdentity, DECISIONING: dfpDecisioningIdentity }[payload?.dfpMode];
      const res = await (source ?? identity).service.app.request(`/dev/inbox.json${query}`);
      return (await res.json()).messages;
    }
    // The service's clock (TOTP codes), and the dev tools that mint connected-app and impersonation tokens.
    if (command === 'service-now') return Date.now() + clockOffsetMs;
    if (command === 'abort-requests') {
      // The browser's requests to one address fail as a network failure would (a script that cannot load), until
      // asked to stop.
      const page = session.browser.getPage(session.id);
      if (payload.stop) await page.unroute(payload.url);
      else await page.route(payload.url, (route) => route.abort());
      return true;
    }
    if (command === 'dev-fingerprints') {
      const service = payload?.mode === 'DECISIONING' ? dfpDecisioningIdentity : dfpObservationIdentity;
      return (await (await service.service.app.request('/dev/fingerprints.json')).json()).devices;
    }
    if (command === 'dev-events') return (await (await identity.service.app.request('/dev/events.json')).json()).events;
    if (command === 'dev-post') {
      const res = await identity.service.app.request(payload.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload.body),
      });
      return res.json();
    }
    if (command === 'set-password-hash') {
      // Puts a password in place that the service would refuse to create (a breached one), to reach Password Breached.
      const { hashPassword } = await import('../src/server/security/password-hashing.ts');
      await identity.service.db.query(
        'update user_passwords set password_hash = $2 where user_id = (select user_id from ' +
          'user_emails where email = $1)',
        [payload.email, await hashPassword(payload.password)],
      );
      return true;
    }
    if (command === 'dev-oauth-sign-in') {
      // What a browser does on a social sign-in, over HTTP against the real service: open the start address,
      // follow it to the dev identity provider, submit its form as payload.name / payload.email, and return where the
      // service sends the visitor back (the redirect URL with ?stytch_token_type=oauth&token=…).
      const start = await fetch(payload.startUrl, { redirect: 'manual' });
      const devPage = new URL(start.headers.get('location') ?? '', identity.url);
      const state = devPage.searchParams.get('state');
      if (start.status !== 302 || !state) return { error: `start answered ${start.status} ${await start.text()}` };
      const done = await fetch(new URL('/dev/oauth/authorize', identity.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state, name: payload.name, email: payload.email }).toString(),
      });
      return { location: done.headers.get('location') };
    }
    if (command === 'dev-saml-sign-in') {
      // The same for an organization's SAML SSO: the start address redirects to the dev SAML identity provider, whose
      // form (payload.email) answers with a page posting the signed Response to the service's ACS, which sends the
      // visitor back to the redirect URL with ?stytch_token_type=sso&token=….
      const form = (fields) => ({
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      const start = await fetch(payload.startUrl, { redirect: 'manual' });
      const idp = new URL(start.headers.get('location') ?? '', identity.url);
      if (start.status !== 302) return { error: `start answered ${start.status} ${await start.text()}` };
      const request = Object.fromEntries(idp.searchParams);
      const page = await (
        await fetch(new URL(idp.pathname, identity.url), form({ ...request, email: payload.email }))
      ).text();
      const htmlText = (text) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
      const field = (name) => htmlText(new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '');
      const acs = htmlText(/action="([^"]+)"/.exec(page)?.[1] ?? '');
      if (!acs) return { error: `the identity provider answered ${page.slice(0, 300)}` };
      const done = await fetch(acs, form({ SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') }));
      return { location: done.headers.get('location') };
    }
    if (command === 'advance-service-clock') {
      clockOffsetMs += Number(payload?.ms ?? 0);
      return clockOffsetMs;
    }
    return undefined;
  },
};

// ---- A virtual authenticator (Chrome's CDP WebAuthn domain) for the test's own page ----
/** Defaults of a platform authenticator that holds discoverable credentials and verifies its user without a prompt. */
const VIRTUAL_AUTHENTICATOR_DEFAULTS = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
};
// One CDP session per page: virtual authenticators belong to the session that enabled the domain, so every command
// on a page must go through the same one.
const webAuthnSessions = new WeakMap();
async function webAuthnSession(page) {
  let pending = webAuthnSessions.get(page);
  if (!pending) {
    pending = (async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable', { enableUI: false });
      return cdp;
    })();
    webAuthnSessions.set(page, pending);
  }
  return pending;
}

/** Commands `webauthn-*` from test/support/webauthn.ts, run against the page of the test that sent them. */
const webAuthnCommands = {
  name: 'webauthn-virtual-authenticator-commands',
  async executeCommand({ command, payload, session }) {
    if (!command.startsWith('webauthn-')) return undefined;
    const page = session.browser.getPage(session.id);
    const cdp = await webAuthnSession(page);
    switch (command) {
      case 'webauthn-add-authenticator': {
        const options = { ...VIRTUAL_AUTHENTICATOR_DEFAULTS, ...(payload ?? {}) };
        return (await cdp.send('WebAuthn.addVirtualAuthenticator', { options })).authenticatorId;
      }
      case 'webauthn-remove-authenticator':
        await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: payload.authenticatorId });
        return true;
      case 'webauthn-credentials':
        return (await cdp.send('WebAuthn.getCredentials', { authenticatorId: payload.authenticatorId })).credentials;
      case 'webauthn-set-user-verified':
        await cdp.send('WebAuthn.setUserVerified', {
          authenticatorId: payload.authenticatorId,
          isUserVerified: payload.isUserVerified,
        });
        return true;
      case 'webauthn-set-presence':
        await cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
          authenticatorId: payload.authenticatorId,
          enabled: payload.enabled,
        });
        return true;
      case 'webauthn-clear-credentials':
        await cdp.send('WebAuthn.clearCredentials', { authenticatorId: payload.authenticatorId });
        return true;
      case 'webauthn-remove-credential':
        await cdp.send('WebAuthn.removeCredential', {
          authenticatorId: payload.authenticatorId,
          credentialId: payload.credentialId,
        });
        return true;
      default:
        return undefined;
    }
  },
};

const bundleTestFiles = {
  name: 'bundle-test-files',
  async serve(context) {
    // `.page.ts` files are pages a test opens in an iframe (a second tab), bundled the same way.
    if (!/\.(test|page)\.tsx?$/.test(context.path)) return undefined;
    // The runner's stack-trace mapping asks for names such as `/async%20http:/localhost:…/x.test.ts` taken from async
    // frames; those are no files, and letting esbuild try them printed a build failure beside every failing test.
    const entry = path.join(root, decodeURIComponent(context.path));
    if (!fs.existsSync(entry)) return undefined;
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      write: false,
      sourcemap: 'inline',
      target: 'es2022',
      jsx: 'automatic',
      jsxImportSource: '@emotion/react',
      define: {
        'process.env.NODE_ENV': '"development"',
        // A page is evaluated as a classic script (cold-page.ts), where `import.meta` does not parse. The element reads
        // it only for the file the build writes in (element/runtime-load.ts), which is none from source.
        ...(/\.page\.tsx?$/.test(context.path) ? { 'import.meta.url': 'document.baseURI' } : {}),
      },
      // The runner's own command helpers are resolved by the dev server, not bundled.
      external: ['@web/test-runner-commands'],
      logLevel: 'silent',
    });
    return { body: result.outputFiles[0].text, type: 'js' };
  },
};

/** Each test page's window.__AUTH_TEST__, for test/support/env.ts: the services' addresses and the page's own. */
const pageEnv = () => ({
  baseUrl: identity.url,
  publicToken: identity.service.config.publicToken,
  b2bPublicToken: identity.service.config.b2bPublicToken,
  pageOrigin,
  captchaBaseUrl: captchaIdentity.url,
  dfpObservationBaseUrl: dfpObservationIdentity.url,
  dfpDecisioningBaseUrl: dfpDecisioningIdentity.url,
  b2bBaseUrl: b2bIdentity.url,
  ludsBaseUrl: ludsIdentity.url,
  settingsBaseUrl: settingsIdentity.url,
  settingsCnameDomain: SETTINGS_CNAME_DOMAIN,
});

export default {
  rootDir: root,
  // Tests live beside what they test in src/ (a product's tests in its folder) or under test/ for the other parts.
  files: ['test/client/**/*.test.ts', 'test/widget/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
  hostname: 'localhost',
  port,
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
  plugins: [bundleTestFiles, identityCommands, webAuthnCommands],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"></head><body>
<script>window.__AUTH_TEST__ = ${JSON.stringify(pageEnv())};</script>
<script type="module" src="${testFramework}"></script>
</body></html>`,
};
