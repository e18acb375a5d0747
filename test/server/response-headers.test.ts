// Headers on every answer (middleware/security-headers.ts): no HTML page the service serves may be framed by another
// site (frame-ancestors 'none', added to a page's own policy where it has one) or sniffed; JSON answers are not sniffed
// either; and Strict-Transport-Security follows PUBLIC_URL: on every answer when it is https, on none when it is http.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { Hono } from 'hono';
import { JWKS_PATH } from '../../src/api/paths.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import type { AppEnv } from '../../src/server/context.ts';
import { FRAME_ANCESTORS_DIRECTIVE, STRICT_TRANSPORT_SECURITY } from '../../src/server/constants/headers.ts';
import { securityHeaders, withFrameAncestors } from '../../src/server/middleware/security-headers.ts';
import { findRepoRoot } from '../../src/server/paths.ts';
import { PAGE_ORIGIN, post, startTestService, uniqueEmail, type TestService } from './support.ts';

const SITE_DIR = path.join(findRepoRoot(import.meta.url), 'demo-site');

/**
 * Every kind of HTML page: the demo site's (static files, the strict-CSP copy, the 404 page), rendered and dev pages.
 */
const HTML_PAGES: { path: string; status: number; what: string }[] = [
  { path: '/', status: 200, what: 'the demo site’s home page' },
  { path: '/title-ix', status: 200, what: 'a site page' },
  { path: '/student-portal', status: 200, what: 'the student portal' },
  { path: '/csp/student-portal', status: 200, what: 'the strict-CSP portal' },
  { path: '/oauth/authorize', status: 200, what: 'the consent page' },
  { path: '/oauth/logout', status: 200, what: 'the logout page' },
  { path: '/no/such/page', status: 404, what: 'the site’s 404 page' },
  { path: '/v1/public/oauth/google/callback?state=unknown', status: 400, what: 'the OAuth error page' },
  { path: '/dev/inbox', status: 200, what: 'the dev inbox' },
  { path: '/dev/events', status: 200, what: 'the dev events page' },
];

/** Directive name → its values; a name given twice is kept twice (browsers would ignore the second). */
function directives(policy: string): [string, string[]][] {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const [name = '', ...values] = d.split(/\s+/);
      return [name.toLowerCase(), values];
    });
}

function assertUnframeablePage(res: Response, what: string): void {
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/i, `${what} is HTML`);
  const policy = res.headers.get('content-security-policy');
  assert.ok(policy, `${what} has a Content-Security-Policy`);
  const frameAncestors = directives(policy).filter(([name]) => name === 'frame-ancestors');
  assert.deepEqual(
    frameAncestors,
    [['frame-ancestors', ["'none'"]]],
    `${what}: one frame-ancestors 'none' in ${policy}`,
  );
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', `${what} is not sniffed`);
}

/** The dev identity provider's sign-in page is reached by starting a social sign-in (its URL carries the state). */
async function devSignInPath(t: TestService): Promise<string> {
  const start = await t.service.app.request(`/v1/public/oauth/github/start?public_token=${DEFAULT_PUBLIC_TOKEN}`);
  assert.equal(start.status, 302);
  const location = new URL(start.headers.get('location') ?? '');
  return location.pathname + location.search;
}

describe('HTML pages cannot be framed or sniffed', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ siteDir: SITE_DIR });
  });
  after(() => t.close());

  it('every kind of page the service serves', async () => {
    for (const page of HTML_PAGES) {
      const res = await t.service.app.request(page.path);
      assert.equal(res.status, page.status, `${page.what} (${page.path})`);
      assertUnframeablePage(res, `${page.what} (${page.path})`);
    }
    const signIn = await t.service.app.request(await devSignInPath(t));
    assert.equal(signIn.status, 200);
    assertUnframeablePage(signIn, 'the dev identity provider’s sign-in page');
  });

  it('a page revalidated by ETag (304) still names frame-ancestors', async () => {
    const first = await t.service.app.request('/student-portal');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await t.service.app.request('/student-portal', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assertUnframeablePage(again, 'the 304 of the portal');
  });

  it('the strict-CSP portal keeps its own directives and gains frame-ancestors', async () => {
    const res = await t.service.app.request('/csp/student-portal');
    const policy = new Map(directives(res.headers.get('content-security-policy') ?? ''));
    assert.match(policy.get('script-src')?.[0] ?? '', /^'nonce-[A-Za-z0-9+/=]+'$/);
    assert.equal(policy.get('script-src')?.[1], "'strict-dynamic'");
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    assert.deepEqual(policy.get('base-uri'), ["'none'"]);
    assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
  });

  it('the service’s own pages keep their strict policy (nothing loads but their hashed styles)', async () => {
    const res = await t.service.app.request('/dev/inbox');
    const policy = new Map(directives(res.headers.get('content-security-policy') ?? ''));
    assert.deepEqual(policy.get('default-src'), ["'none'"]);
    assert.match(policy.get('style-src')?.[0] ?? '', /^'sha256-/);
  });

  it('a file that is not a page gets nosniff and no policy', async () => {
    const res = await t.service.app.request('/assets/site.css');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('content-security-policy'), null);
  });
});

describe('JSON answers are not sniffed', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ siteDir: SITE_DIR });
  });
  after(() => t.close());

  it('a success, an error, a 404, the JWKS and the health probe', async () => {
    const answers: [string, Response][] = [
      ['the bootstrap', await t.service.app.request(`/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`)],
      ['an error', await post(t, '/magic_links/email/login_or_create', { email: 'not an address' })],
      ['an /sdk/v1 404', await t.service.app.request('/sdk/v1/no/such/route')],
      ['the JWKS', await t.service.app.request(JWKS_PATH)],
      ['the health probe', await t.service.app.request('/healthz')],
    ];
    for (const [what, res] of answers) {
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/, what);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
    }
  });
});

describe('Strict-Transport-Security follows PUBLIC_URL', () => {
  /** An answer of every kind: pages, a file, JSON, an error, a 404, a preflight, a redirect. */
  async function everyKindOfAnswer(t: TestService, origin: string): Promise<[string, Response][]> {
    const request = (p: string, init?: RequestInit) => t.service.app.request(`${origin}${p}`, init);
    return [
      ['the home page', await request('/')],
      ['the portal', await request('/student-portal')],
      ['a stylesheet', await request('/assets/site.css')],
      ['the 404 page', await request('/no/such/page')],
      ['the bootstrap', await request(`/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`)],
      ['an error', await post(t, '/magic_links/email/login_or_create', { email: 'not an address' })],
      [
        'a preflight',
        await request('/sdk/v1/passwords', {
          method: 'OPTIONS',
          headers: { Origin: PAGE_ORIGIN, 'Access-Control-Request-Method': 'POST' },
        }),
      ],
      ['the health probe', await request('/healthz')],
      ['a social start', await request(`/v1/public/oauth/github/start?public_token=${DEFAULT_PUBLIC_TOKEN}`)],
    ];
  }

  it('is on every answer with an https PUBLIC_URL, whatever scheme the request arrived with', async () => {
    assert.equal(STRICT_TRANSPORT_SECURITY, 'max-age=63072000; includeSubDomains');
    const t = await startTestService({
      mode: 'production',
      siteDir: SITE_DIR,
      publicUrl: 'https://id.westlight.example',
      requestLog: null,
    });
    try {
      // Behind a proxy that ends TLS the service itself is reached over plain http.
      for (const origin of ['http://10.0.0.5:8787', 'https://id.westlight.example']) {
        for (const [what, res] of await everyKindOfAnswer(t, origin)) {
          assert.equal(
            res.headers.get('strict-transport-security'),
            STRICT_TRANSPORT_SECURITY,
            `${what} via ${origin}`,
          );
        }
      }
      const created = await post(t, '/passwords', {
        email: uniqueEmail(),
        password: 'correct horse battery staple',
        session_duration_minutes: 30,
      });
      assert.equal(created.status, 200);
      assert.equal(created.headers.get('strict-transport-security'), STRICT_TRANSPORT_SECURITY, 'a sign-up');
    } finally {
      await t.close();
    }
  });

  it('is on no answer with an http PUBLIC_URL or none, even for a request that came over https', async () => {
    for (const publicUrl of ['http://id.westlight.example', undefined]) {
      const t = await startTestService({ siteDir: SITE_DIR, ...(publicUrl ? { publicUrl } : {}) });
      try {
        for (const origin of ['http://localhost', 'https://id.westlight.example']) {
          for (const [what, res] of await everyKindOfAnswer(t, origin)) {
            assert.equal(
              res.headers.get('strict-transport-security'),
              null,
              `${what} via ${origin} with PUBLIC_URL ${publicUrl}`,
            );
          }
        }
      } finally {
        await t.close();
      }
    }
  });
});

describe('answers the middleware cannot edit in place', () => {
  it('a response with immutable headers (Response.redirect) is copied and still gets every header', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', securityHeaders('https://id.westlight.example'));
    app.get('/away', () => Response.redirect('https://westlight.example/', 302));
    const res = await app.request('/away');
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), 'https://westlight.example/');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('strict-transport-security'), STRICT_TRANSPORT_SECURITY);
  });
});

describe('withFrameAncestors', () => {
  it('is the directive alone without a policy, and is added once to a policy without it', () => {
    assert.equal(withFrameAncestors(null), FRAME_ANCESTORS_DIRECTIVE);
    assert.equal(withFrameAncestors("script-src 'self'"), `script-src 'self'; ${FRAME_ANCESTORS_DIRECTIVE}`);
    assert.equal(withFrameAncestors("script-src 'self'; "), `script-src 'self'; ${FRAME_ANCESTORS_DIRECTIVE}`);
  });

  it('leaves a policy that already decides frame-ancestors as it is', () => {
    for (const policy of [
      "default-src 'none'; frame-ancestors 'none'",
      'frame-ancestors https://westlight.edu',
      "Frame-Ancestors 'self'",
    ]) {
      assert.equal(withFrameAncestors(policy), policy);
    }
  });
});
