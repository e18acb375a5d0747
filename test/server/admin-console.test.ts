// The admin console (/admin): who may open it in each mode, every action and its audit row, the CSRF token, and the
// users export's contents. Requests arrive from a given TCP peer, as the console reads it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_DEV_ACTOR, ADMIN_DEV_CSRF_COOKIE, ADMIN_SESSION_COOKIE } from '../../src/server/constants/admin.ts';
import { exportUsers } from '../../src/server/services/admin-export.ts';
import { latestAuditRows } from '../../src/server/store/admin-console.ts';
import { dataOf, expectError, post, signIn, startTestService, uniqueEmail, type TestService } from './support.ts';

const LOOPBACK = '127.0.0.1';
const PASSWORD = 'correct horse battery staple 4 Westlight';

/** A console request from `ip` with the browser's cookies; forms are url-encoded. */
function consoleRequest(
  t: TestService,
  path: string,
  init: { ip?: string; cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return Promise.resolve(
    t.service.app.request(
      path,
      {
        method: init.form ? 'POST' : 'GET',
        headers: {
          ...(init.cookie ? { Cookie: init.cookie } : {}),
          ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          ...init.headers,
        },
        ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
      },
      { incoming: { socket: { remoteAddress: init.ip ?? LOOPBACK } } },
    ),
  );
}

function cookieOf(res: Response, name: string): string {
  const header = res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
  assert.ok(header, `a ${name} cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  return header;
}

function csrfOf(html: string): string {
  const match = /name="csrf_token" value="([^"]+)"/.exec(html);
  assert.ok(match?.[1], 'the page carries a CSRF token');
  return match[1];
}

describe('admin console in development', () => {
  let t: TestService;
  let cookie: string;
  let csrf: string;
  before(async () => {
    t = await startTestService();
    const first = await consoleRequest(t, '/admin');
    assert.equal(first.status, 303);
    cookie = cookieOf(first, ADMIN_DEV_CSRF_COOKIE).split(';')[0]!;
    assert.match(cookieOf(first, ADMIN_DEV_CSRF_COOKIE), /HttpOnly; SameSite=Strict/);
    const page = await consoleRequest(t, '/admin', { cookie });
    assert.equal(page.status, 200);
    csrf = csrfOf(await page.text());
  });
  after(() => t.close());

  test('answers only this machine, never a relayed request, with a strict policy and no script', async () => {
    const remote = await consoleRequest(t, '/admin', { ip: '198.51.100.7', cookie });
    assert.equal(remote.status, 403);
    assert.match(await remote.text(), /<code id="error-type">unauthorized_action<\/code>/);
    const relayed = await consoleRequest(t, '/admin', { cookie, headers: { 'X-Forwarded-For': '198.51.100.7' } });
    assert.equal(relayed.status, 403);
    const page = await consoleRequest(t, '/admin', { ip: '::ffff:127.0.0.1', cookie });
    assert.equal(page.status, 200);
    const policy = page.headers.get('Content-Security-Policy') ?? '';
    assert.match(policy, /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.doesNotMatch(await page.text(), /<script|style="/);
  });

  test('search → user → revoke all sessions: the session stops working, one audit row', async () => {
    const student = await signIn(t);
    const search = await (await consoleRequest(t, `/admin?q=${encodeURIComponent(student.email)}`, { cookie })).text();
    assert.match(search, new RegExp(`href="/admin/users/${student.userId}"`));
    const userPage = await (await consoleRequest(t, `/admin/users/${student.userId}`, { cookie })).text();
    assert.match(
      userPage,
      new RegExp(`<td>${student.email.replace('.', '\\.')}</td><td><span class="proven">proven</span>`),
    );
    assert.match(userPage, new RegExp(`name="session_id" value="${student.session.session_id}"`));
    const res = await consoleRequest(t, `/admin/users/${student.userId}/sessions/revoke-all`, {
      cookie,
      form: { csrf_token: csrf },
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('Location'), `/admin/users/${student.userId}?done=revoke_all_sessions`);
    await expectError(
      await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }),
      404,
      'session_not_found',
    );
    const [row] = await latestAuditRows(t.service.db, 1);
    assert.deepEqual(
      {
        actor: row?.actor,
        action: row?.action,
        target: row?.target_user_id,
        ip: row?.ip_address,
        details: row?.details,
      },
      { actor: ADMIN_DEV_ACTOR, action: 'revoke_all_sessions', target: student.userId, ip: LOOPBACK, details: {} },
    );
    assert.match(await (await consoleRequest(t, '/admin', { cookie })).text(), /<td>revoke_all_sessions<\/td>/);
  });

  test("revokes one session of the user, and refuses another user's session", async () => {
    const student = await signIn(t);
    const other = await signIn(t);
    const foreign = await consoleRequest(t, `/admin/users/${student.userId}/sessions/revoke`, {
      cookie,
      form: { csrf_token: csrf, session_id: other.session.session_id },
    });
    assert.equal(foreign.status, 404);
    await dataOf(await post(t, '/sessions/authenticate', {}, { sessionToken: other.sessionToken }));
    const res = await consoleRequest(t, `/admin/users/${student.userId}/sessions/revoke`, {
      cookie,
      form: { csrf_token: csrf, session_id: student.session.session_id },
    });
    assert.equal(res.status, 303);
    await expectError(
      await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }),
      404,
      'session_not_found',
    );
    const [row] = await latestAuditRows(t.service.db, 1, student.userId);
    assert.deepEqual(row?.details, { sessionId: student.session.session_id });
  });

  test("a form without the page's CSRF token does nothing and writes no row", async () => {
    const student = await signIn(t);
    const before = (await latestAuditRows(t.service.db, 1))[0]?.seq;
    const forms: Record<string, string>[] = [{}, { csrf_token: 'forged' }, { csrf_token: csrf }];
    for (const form of forms) {
      const res = await consoleRequest(t, `/admin/users/${student.userId}/sessions/revoke-all`, {
        // The last one comes from a browser without the console's cookie: a cross-site post.
        ...(form.csrf_token === csrf ? {} : { cookie }),
        form,
      });
      assert.equal(res.status, 403);
      assert.match(await res.text(), /reload the page and try again/);
    }
    await dataOf(await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }));
    assert.equal((await latestAuditRows(t.service.db, 1))[0]?.seq, before);
  });

  test('clears a lockout after 10 wrong passwords', async () => {
    const email = uniqueEmail();
    const { user_id: userId } = await dataOf<{ user_id: string }>(
      await post(t, '/passwords', { email, password: PASSWORD, session_duration_minutes: 30 }),
    );
    const wrong = () => post(t, '/passwords/authenticate', { email, password: 'wrong', session_duration_minutes: 30 });
    for (let i = 0; i < 9; i++) await expectError(await wrong(), 401, 'unauthorized_credentials');
    await expectError(await wrong(), 429, 'user_lock_limit_reached');
    const right = () => post(t, '/passwords/authenticate', { email, password: PASSWORD, session_duration_minutes: 30 });
    await expectError(await right(), 429, 'user_lock_limit_reached');
    assert.match(
      await (await consoleRequest(t, `/admin/users/${userId}`, { cookie })).text(),
      /Locked until .* after 10 failed attempts/,
    );
    const res = await consoleRequest(t, `/admin/users/${userId}/lockout/clear`, { cookie, form: { csrf_token: csrf } });
    assert.equal(res.status, 303);
    await dataOf(await right());
    assert.match(
      await (await consoleRequest(t, `/admin/users/${userId}?done=clear_lockout`, { cookie })).text(),
      /role="status">The lockout was cleared\.<\/p>[\s\S]*Not locked \(0 failed attempts/,
    );
    assert.equal((await latestAuditRows(t.service.db, 1, userId))[0]?.action, 'clear_lockout');
  });

  test('deletes a factor, and the user only through the confirmation step', async () => {
    const student = await signIn(t);
    const page = await (await consoleRequest(t, `/admin/users/${student.userId}`, { cookie })).text();
    const emailId = /name="kind" value="emails"><input type="hidden" name="factor_id" value="([^"]+)"/.exec(page)?.[1];
    assert.ok(emailId);
    const unknownKind = await consoleRequest(t, `/admin/users/${student.userId}/factors/delete`, {
      cookie,
      form: { csrf_token: csrf, kind: 'passwords', factor_id: emailId },
    });
    assert.equal(unknownKind.status, 400);
    const deleted = await consoleRequest(t, `/admin/users/${student.userId}/factors/delete`, {
      cookie,
      form: { csrf_token: csrf, kind: 'emails', factor_id: emailId },
    });
    assert.equal(deleted.status, 303);
    assert.deepEqual((await latestAuditRows(t.service.db, 1, student.userId))[0]?.details, {
      kind: 'emails',
      factorId: emailId,
    });
    const unconfirmed = await consoleRequest(t, `/admin/users/${student.userId}/delete`, {
      cookie,
      form: { csrf_token: csrf },
    });
    assert.equal(unconfirmed.status, 400);
    const confirmPage = await (await consoleRequest(t, `/admin/users/${student.userId}/delete`, { cookie })).text();
    assert.match(confirmPage, /<input type="hidden" name="confirm" value="delete">/);
    const res = await consoleRequest(t, `/admin/users/${student.userId}/delete`, {
      cookie,
      form: { csrf_token: csrfOf(confirmPage), confirm: 'delete' },
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('Location'), '/admin?done=delete_user');
    assert.equal((await consoleRequest(t, `/admin/users/${student.userId}`, { cookie })).status, 404);
    assert.equal((await latestAuditRows(t.service.db, 1, student.userId))[0]?.action, 'delete_user');
  });

  test('the export has every user and their methods, and no secret', async () => {
    const email = uniqueEmail();
    const created = await dataOf<{ user_id: string; session_token: string }>(
      await post(t, '/passwords', { email, password: PASSWORD, session_duration_minutes: 30 }),
    );
    const totp = await dataOf<{ secret: string; recovery_codes: string[] }>(
      await post(t, '/totps', { expiration_minutes: 5 }, { sessionToken: created.session_token }),
    );
    const lines: string[] = [];
    const count = await exportUsers(t.service, (line) => {
      lines.push(line);
    });
    assert.equal(count, lines.length);
    const text = lines.join('');
    const mine = lines.map((line) => JSON.parse(line)).find((user) => user.user_id === created.user_id);
    assert.deepEqual(
      mine?.emails.map((x: { email: string }) => x.email),
      [email],
    );
    assert.equal(mine?.password.requires_reset, false);
    for (const secret of [PASSWORD, '$argon2', totp.secret, created.session_token, ...totp.recovery_codes]) {
      assert.equal(text.includes(secret), false, `the export does not contain ${secret}`);
    }
  });
});

describe('admin console in production', () => {
  const SECRET = 'project-secret-for-the-console-tests-0123456789';
  let t: TestService;
  before(async () => {
    t = await startTestService({ mode: 'production', projectSecret: SECRET, publicUrl: 'https://id.example.edu' });
  });
  after(() => t.close());

  test('opens only behind the project secret, with a short Secure HttpOnly SameSite=Strict cookie', async () => {
    // Loopback opens nothing in production.
    const closed = await consoleRequest(t, '/admin');
    assert.equal(closed.status, 303);
    assert.equal(closed.headers.get('Location'), '/admin/login');
    assert.equal(
      (await consoleRequest(t, '/admin/users/anyone/sessions/revoke-all', { form: { csrf_token: 'x' } })).status,
      303,
    );
    const wrong = await consoleRequest(t, '/admin/login', { ip: '198.51.100.9', form: { secret: `${SECRET}x` } });
    assert.equal(wrong.status, 401);
    assert.match(await wrong.text(), /role="alert" id="login-error">Unauthorized credentials\.</);
    assert.deepEqual(
      (await latestAuditRows(t.service.db, 1)).map((row) => [row.actor, row.action, row.ip_address]),
      [['anonymous', 'sign_in_refused', '198.51.100.9']],
    );
    const signedIn = await consoleRequest(t, '/admin/login', { ip: '198.51.100.9', form: { secret: SECRET } });
    assert.equal(signedIn.status, 303);
    const setCookie = cookieOf(signedIn, ADMIN_SESSION_COOKIE);
    assert.match(setCookie, /; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0]!;
    const token = cookie.split('=')[1]!;
    const [row] = await t.service.db.query<{ token_hash: string }>('select token_hash from admin_sessions');
    assert.equal(row?.token_hash.length, 64);
    assert.notEqual(row?.token_hash, token);

    // Production has no dev inbox: a password sign-up is the sign-in that needs no message.
    const student = await dataOf<{ user_id: string; session_token: string }>(
      await post(t, '/passwords', { email: uniqueEmail(), password: PASSWORD, session_duration_minutes: 30 }),
    );
    const page = await consoleRequest(t, `/admin/users/${student.user_id}`, { ip: '198.51.100.9', cookie });
    assert.equal(page.status, 200);
    const csrf = csrfOf(await page.text());
    const revoked = await consoleRequest(t, `/admin/users/${student.user_id}/sessions/revoke-all`, {
      ip: '198.51.100.9',
      cookie,
      form: { csrf_token: csrf },
    });
    assert.equal(revoked.status, 303);
    await expectError(
      await post(t, '/sessions/authenticate', {}, { sessionToken: student.session_token }),
      404,
      'session_not_found',
    );
    const [audit] = await latestAuditRows(t.service.db, 1);
    assert.match(audit?.actor ?? '', /^admin session admin-session-live-/);
    assert.equal(audit?.action, 'revoke_all_sessions');

    const out = await consoleRequest(t, '/admin/logout', { ip: '198.51.100.9', cookie, form: { csrf_token: csrf } });
    assert.equal(out.status, 303);
    assert.equal((await consoleRequest(t, '/admin', { cookie })).status, 303);
  });

  test('a console session ends when its time is up', async () => {
    const signedIn = await consoleRequest(t, '/admin/login', { form: { secret: SECRET } });
    const cookie = cookieOf(signedIn, ADMIN_SESSION_COOKIE).split(';')[0]!;
    assert.equal((await consoleRequest(t, '/admin', { cookie })).status, 200);
    t.advance(30 * 60_000 + 1);
    assert.equal((await consoleRequest(t, '/admin', { cookie })).status, 303);
  });
});
