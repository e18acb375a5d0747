// Email magic links: sending, the link itself, single use, expiry, PKCE, the redirect allowlist and rate limits.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MagicLinkAuthenticateResponse } from '../../src/api/magic-links.ts';
import type { EmailFactor } from '../../src/api/session.ts';
import { MAGIC_LINK_SEND_LIMIT, MAGIC_LINK_SEND_WINDOW_MS } from '../../src/server/constants/magic-links.ts';
import {
  dataOf,
  expectError,
  inbox,
  latestToken,
  PAGE_ORIGIN,
  pkcePair,
  PORTAL_URL,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const UNABLE =
  'The magic link could not be authenticated because it was either already used or expired. ' +
  'Send another magic link to this user.';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

async function send(body: Record<string, unknown>, path = '/magic_links/email/login_or_create', sessionToken?: string) {
  return post(
    t,
    path,
    { login_magic_link_url: PORTAL_URL, signup_magic_link_url: PORTAL_URL, ...body },
    sessionToken ? { sessionToken } : {},
  );
}

function authenticate(body: Record<string, unknown>, sessionToken?: string) {
  return post(
    t,
    '/magic_links/authenticate',
    { session_duration_minutes: 30, ...body },
    sessionToken ? { sessionToken } : {},
  );
}

describe('create_user_as_pending', () => {
  const statusOf = async (userId: string) =>
    (await t.service.db.query<{ status: string }>('select status from users where id = $1', [userId]))[0]?.status;

  it('creates the user as pending, and the first authentication makes them active', async () => {
    const email = uniqueEmail('pending');
    const sent = await dataOf<{ user_id: string; user_created: boolean }>(
      await send({ email, create_user_as_pending: true }),
    );
    assert.equal(sent.user_created, true);
    assert.equal(await statusOf(sent.user_id), 'pending');
    const auth = await dataOf<{ user: { user_id: string; status: string } }>(
      await authenticate({ token: await latestToken(t, email) }),
    );
    assert.equal(auth.user.user_id, sent.user_id);
    assert.equal(auth.user.status, 'active');
    assert.equal(await statusOf(sent.user_id), 'active');
  });

  it('creates an active user without it or with false, and leaves an existing user as they are', async () => {
    const plain = await dataOf<{ user_id: string }>(await send({ email: uniqueEmail('plain') }));
    assert.equal(await statusOf(plain.user_id), 'active');
    const off = await dataOf<{ user_id: string }>(
      await send({ email: uniqueEmail('off'), create_user_as_pending: false }),
    );
    assert.equal(await statusOf(off.user_id), 'active');
    const existing = await signIn(t);
    const again = await dataOf<{ user_id: string; user_created: boolean }>(
      await send({ email: existing.email, create_user_as_pending: true }),
    );
    assert.equal(again.user_created, false);
    assert.equal(await statusOf(again.user_id), 'active');
  });

  it('refuses a non-boolean create_user_as_pending with 400 invalid_request, creating no one', async () => {
    const email = uniqueEmail('bad-pending');
    await expectError(
      await send({ email, create_user_as_pending: 'yes' }),
      400,
      'invalid_request',
      'create_user_as_pending must be a boolean',
    );
    assert.deepEqual(await inbox(t, email), []);
  });
});

describe('sending', () => {
  it('creates a new user and mails a sign-up link to the portal', async () => {
    const email = uniqueEmail();
    const data = await dataOf<{ user_id: string; email_id: string; user_created: boolean }>(await send({ email }));
    assert.equal(data.user_created, true);
    const [message] = await inbox(t, email);
    assert.ok(message);
    assert.equal(message.channel, 'email');
    assert.equal(message.from, 'no-reply@westlight.localhost');
    assert.equal(message.subject, 'Your Westlight University sign-up link');
    const link = new URL(message.links[0] ?? '');
    assert.equal(`${link.origin}${link.pathname}`, PORTAL_URL);
    assert.equal(link.searchParams.get('stytch_token_type'), 'magic_links');
    assert.match(link.searchParams.get('token') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.ok(message.text.includes(link.href), 'the text contains the link');
    assert.ok(message.html.includes(link.href.replace('&', '&amp;')), 'the HTML contains the link');
  });

  it('sends a login link to an existing user, with the same user_id', async () => {
    const email = uniqueEmail();
    const first = await dataOf<{ user_id: string }>(await send({ email }));
    const second = await dataOf<{ user_id: string; user_created: boolean }>(await send({ email: email.toUpperCase() }));
    assert.equal(second.user_id, first.user_id);
    assert.equal(second.user_created, false);
    const [message] = await inbox(t, email);
    assert.equal(message?.subject, 'Your Westlight University login link');
  });

  it('uses login_magic_link_url for existing users and signup_magic_link_url for new ones', async () => {
    const email = uniqueEmail();
    const urls = { login_magic_link_url: `${PAGE_ORIGIN}/`, signup_magic_link_url: PORTAL_URL };
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email, ...urls }));
    assert.ok((await inbox(t, email))[0]?.links[0]?.startsWith(`${PORTAL_URL}?`));
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email, ...urls }));
    assert.ok((await inbox(t, email))[0]?.links[0]?.startsWith(`${PAGE_ORIGIN}/?`));
  });

  it('keeps a query the redirect URL already has, and appends the token parameters', async () => {
    const email = uniqueEmail();
    await dataOf(await send({ email, signup_magic_link_url: `${PORTAL_URL}?tab=courses` }));
    const link = new URL((await inbox(t, email))[0]?.links[0] ?? '');
    assert.equal(link.searchParams.get('tab'), 'courses');
    assert.equal(link.searchParams.get('stytch_token_type'), 'magic_links');
    assert.ok(link.searchParams.get('token'));
  });

  it('falls back to the first allowlisted URL when the request names none', async () => {
    const email = uniqueEmail();
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email }));
    assert.ok((await inbox(t, email))[0]?.links[0]?.startsWith(`${PORTAL_URL}?`));
  });

  it('resolves a relative redirect URL against the calling page', async () => {
    const email = uniqueEmail();
    const res = await post(
      t,
      '/magic_links/email/login_or_create',
      { email, signup_magic_link_url: '/student-portal' },
      {
        headers: { Origin: PAGE_ORIGIN, 'X-SDK-Parent-Host': PAGE_ORIGIN },
      },
    );
    await dataOf(res);
    assert.ok((await inbox(t, email))[0]?.links[0]?.startsWith(`${PORTAL_URL}?`));
  });

  it('rejects a redirect URL outside the allowlist, naming it, and creates no user', async () => {
    const email = uniqueEmail();
    for (const url of [
      'https://evil.example/student-portal',
      `${PAGE_ORIGIN}/other`,
      'http://localhost:5174/student-portal',
    ]) {
      const res = await send({ email, login_magic_link_url: url, signup_magic_link_url: url });
      await expectError(
        res,
        400,
        'invalid_redirect_url',
        `The redirect URL ${url} is not in the project's list of allowed redirect URLs.`,
      );
    }
    for (const url of ['javascript:alert(1)', '//evil.example/student-portal']) {
      const res = await send({ email, login_magic_link_url: url, signup_magic_link_url: url });
      await expectError(res, 400, 'invalid_redirect_url', `The redirect URL ${url} is not a valid http(s) URL.`);
    }
    assert.deepEqual(await inbox(t, email), []);
    const users = await t.service.db.query('select 1 from user_emails where email = $1', [email]);
    assert.equal(users.length, 0);
  });

  it('send/primary works for an existing user and answers 404 email_not_found otherwise', async () => {
    const email = uniqueEmail();
    await expectError(
      await send({ email }, '/magic_links/email/send/primary'),
      404,
      'email_not_found',
      'No user has this email address.',
    );
    await dataOf(await send({ email }));
    const data = await dataOf<{ user_created: boolean }>(await send({ email }, '/magic_links/email/send/primary'));
    assert.equal(data.user_created, false);
  });

  it('send/secondary needs a session and adds the address to that user', async () => {
    const student = await signIn(t);
    const extra = uniqueEmail('second');
    await expectError(
      await send({ email: extra }, '/magic_links/email/send/secondary'),
      401,
      'user_unauthenticated',
      'Must have an active session to call this method. Have you logged in yet?',
    );
    const data = await dataOf<{ user_id: string; user_created: boolean }>(
      await send({ email: extra }, '/magic_links/email/send/secondary', student.sessionToken),
    );
    assert.equal(data.user_id, student.userId);
    // Authenticating it with the session adds the factor to the same session.
    const token = await latestToken(t, extra);
    const auth = await dataOf<{
      session_token: string;
      session: { session_id: string; authentication_factors: unknown[] };
      user: { emails: { email: string; verified: boolean }[] };
    }>(await authenticate({ token }, student.sessionToken));
    assert.equal(auth.session_token, student.sessionToken);
    assert.equal(auth.session.session_id, student.session.session_id);
    assert.equal(auth.session.authentication_factors.length, 2);
    assert.deepEqual(
      auth.user.emails.map((e) => [e.email, e.verified]).sort(),
      [
        [extra, true],
        [student.email, true],
      ].sort(),
    );
  });

  it('send/secondary refuses an address that belongs to another user', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const res = await send({ email: owner.email }, '/magic_links/email/send/secondary', other.sessionToken);
    await expectError(res, 403, 'unauthorized_action', 'This email address belongs to another user.');
  });

  it(`limits sends to ${MAGIC_LINK_SEND_LIMIT} per address per window → 429 too_many_requests`, async () => {
    const email = uniqueEmail();
    for (let i = 0; i < MAGIC_LINK_SEND_LIMIT; i += 1) await dataOf(await send({ email }));
    const res = await send({ email });
    await expectError(res, 429, 'too_many_requests');
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    assert.equal((await inbox(t, email)).length, MAGIC_LINK_SEND_LIMIT);
    await dataOf(await send({ email: uniqueEmail() }));
    t.advance(MAGIC_LINK_SEND_WINDOW_MS);
    await dataOf(await send({ email }));
  });
});

describe('authenticating', () => {
  it('signs the student in: user, session, tokens, method_id, __user', async () => {
    const email = uniqueEmail();
    const sent = await dataOf<{ user_id: string; email_id: string }>(await send({ email }));
    const token = await latestToken(t, email);
    const data = await dataOf<MagicLinkAuthenticateResponse>(await authenticate({ token }));
    assert.equal(data.user_id, sent.user_id);
    assert.equal(data.method_id, sent.email_id);
    assert.match(data.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(data.session_jwt.split('.').length, 3);
    assert.deepEqual(data.__user, data.user);
    assert.deepEqual(data.user.emails, [{ email_id: sent.email_id, email, verified: true }]);
    for (const key of [
      'phone_numbers',
      'providers',
      'webauthn_registrations',
      'crypto_wallets',
      'totps',
      'biometric_registrations',
      'roles',
    ] as const) {
      assert.deepEqual(data.user[key], [], key);
    }
    const session = data.session;
    assert.match(session.session_id, /^session-test-/);
    assert.equal(session.user_id, sent.user_id);
    assert.equal(Date.parse(session.expires_at) - Date.parse(session.started_at), 30 * 60_000);
    assert.equal(session.authentication_factors.length, 1);
    // A magic link proves an email address: the one factor is an email factor.
    const factor = session.authentication_factors[0] as EmailFactor;
    assert.equal(factor.type, 'magic_link');
    assert.equal(factor.delivery_method, 'email');
    assert.deepEqual(factor.email_factor, { email_id: sent.email_id, email_address: email });
    assert.ok(!Number.isNaN(Date.parse(factor.last_authenticated_at)));
  });

  it('works once: the second use → 401 unable_to_auth_magic_link', async () => {
    const email = uniqueEmail();
    await dataOf(await send({ email }));
    const token = await latestToken(t, email);
    await dataOf(await authenticate({ token }));
    await expectError(await authenticate({ token }), 401, 'unable_to_auth_magic_link', UNABLE);
  });

  it('two concurrent uses: exactly one succeeds', async () => {
    const email = uniqueEmail();
    await dataOf(await send({ email }));
    const token = await latestToken(t, email);
    const statuses = (await Promise.all([authenticate({ token }), authenticate({ token })]))
      .map((r) => r.status)
      .sort();
    assert.deepEqual(statuses, [200, 401]);
  });

  it('expires: past its lifetime → 401 unable_to_auth_magic_link', async () => {
    const email = uniqueEmail();
    await dataOf(await send({ email, signup_expiration_minutes: 10 }));
    const token = await latestToken(t, email);
    t.advance(10 * 60_000 + 1);
    await expectError(await authenticate({ token }), 401, 'unable_to_auth_magic_link', UNABLE);
  });

  it('is still valid just before it expires', async () => {
    const email = uniqueEmail();
    await dataOf(await send({ email, signup_expiration_minutes: 10 }));
    const token = await latestToken(t, email);
    t.advance(10 * 60_000 - 1000);
    await dataOf(await authenticate({ token }));
  });

  it('an unknown token → 401 unable_to_auth_magic_link', async () => {
    await expectError(await authenticate({ token: 'no-such-token' }), 401, 'unable_to_auth_magic_link', UNABLE);
  });

  it('PKCE: a wrong verifier → 400 pkce_mismatch without using the link up; the right one then works', async () => {
    const email = uniqueEmail();
    const { verifier, challenge } = pkcePair();
    await dataOf(await send({ email, code_challenge: challenge }));
    const token = await latestToken(t, email);
    await expectError(
      await authenticate({ token, code_verifier: pkcePair().verifier }),
      400,
      'pkce_mismatch',
      'The code_verifier does not match the PKCE code_challenge.',
    );
    await expectError(await authenticate({ token, code_verifier: pkcePair().verifier }), 400, 'pkce_mismatch');
    await dataOf(await authenticate({ token, code_verifier: verifier }));
    await expectError(await authenticate({ token, code_verifier: verifier }), 401, 'unable_to_auth_magic_link');
  });

  it(
    'PKCE: no verifier for a link sent with a challenge → 400 pkce_expected_code_verifier ' + '(message mentions PKCE)',
    async () => {
      const email = uniqueEmail();
      const { verifier, challenge } = pkcePair();
      await dataOf(await send({ email, code_challenge: challenge }));
      const token = await latestToken(t, email);
      await expectError(await authenticate({ token }), 400, 'pkce_expected_code_verifier', /PKCE/);
      await dataOf(await authenticate({ token, code_verifier: verifier }));
    },
  );

  it('PKCE: a verifier is ignored when the link was sent without a challenge', async () => {
    const email = uniqueEmail();
    await dataOf(await send({ email }));
    const token = await latestToken(t, email);
    await dataOf(await authenticate({ token, code_verifier: pkcePair().verifier }));
  });

  it('PKCE: a malformed code_challenge → 400 invalid_request', async () => {
    await expectError(
      await send({ email: uniqueEmail(), code_challenge: 'short' }),
      400,
      'invalid_request',
      /code_challenge/,
    );
  });
});
