// The backend API (`/v1/...` with the project id and secret): sessions, users, search, factor deletion, and who may
// call it at all (wrong, missing or foreign credentials, a browser origin, production without a secret).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { BACKEND_PATHS } from '../../src/api/backend.ts';
import { backend, flatOf, PROJECT_ID, PROJECT_SECRET } from './backend-support.ts';
import {
  basicAuth,
  expectError,
  post,
  signIn,
  startTestService,
  TEST_SECRET_KEY,
  uniqueEmail,
  type SignedIn,
  type TestService,
} from './support.ts';

let t: TestService;
const logLines: string[] = [];
before(async () => {
  t = await startTestService({ requestLog: (line) => logLines.push(line) });
});
after(() => t.close());

const MINUTE = 60_000;

interface UserBody {
  user_id: string;
  status: string;
  name: { first_name: string; middle_name: string; last_name: string };
  emails: { email_id: string; email: string; verified: boolean }[];
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
}
interface SessionBody {
  session_id: string;
  user_id: string;
  expires_at: string;
  last_accessed_at: string;
}
interface AuthenticateBody {
  user: UserBody;
  session: SessionBody;
  session_token: string;
  session_jwt: string;
}
interface SearchBody {
  results: UserBody[];
  results_metadata: { total: number; next_cursor: string | null };
}

/** The JWT's header and claims signed again with a key the service never published. */
function signedByAnotherKey(jwt: string): string {
  const [header, payload] = jwt.split('.') as [string, string];
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

/** The consumer API's own check of a session token: 200 while live, 404 once it ended. */
async function sdkSessionStatus(student: SignedIn): Promise<number> {
  const res = await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken });
  await res.body?.cancel();
  return res.status;
}

describe('POST /v1/sessions/authenticate', () => {
  it('by session_token: the user, the session, the same token and a fresh JWT, in the flat envelope', async () => {
    const student = await signIn(t);
    const res = await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, { session_token: student.sessionToken });
    const data = await flatOf<AuthenticateBody>(res);
    assert.equal(data.user.user_id, student.userId);
    assert.equal(data.user.emails[0]?.email, student.email);
    assert.equal(data.session.session_id, student.session.session_id);
    assert.equal(data.session.user_id, student.userId);
    assert.equal(data.session_token, student.sessionToken);
    assert.equal(data.session_jwt.split('.').length, 3);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), null);
  });

  it('by session_jwt, also one past its 5 minutes while the session lives; the token is answered empty', async () => {
    const student = await signIn(t);
    t.advance(6 * MINUTE);
    const data = await flatOf<AuthenticateBody>(
      await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, { session_jwt: student.sessionJwt }),
    );
    assert.equal(data.session.session_id, student.session.session_id);
    assert.equal(data.user.user_id, student.userId);
    assert.equal(data.session_token, '');
    assert.notEqual(data.session_jwt, student.sessionJwt);
  });

  it('session_duration_minutes moves the expiry to that many minutes from now', async () => {
    const student = await signIn(t, uniqueEmail(), 30);
    const data = await flatOf<AuthenticateBody>(
      await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, {
        session_token: student.sessionToken,
        session_duration_minutes: 120,
      }),
    );
    assert.equal(Date.parse(data.session.expires_at), Date.parse(data.session.last_accessed_at) + 120 * MINUTE);
  });

  it('a JWT signed by another key, an unknown token and an expired session: 404 session_not_found', async () => {
    const student = await signIn(t, uniqueEmail(), 5);
    for (const body of [{ session_jwt: signedByAnotherKey(student.sessionJwt) }, { session_token: 'not-a-token' }]) {
      await expectError(
        await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, body),
        404,
        'session_not_found',
        'Session not found.',
      );
    }
    t.advance(6 * MINUTE);
    await expectError(
      await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, { session_jwt: student.sessionJwt }),
      404,
      'session_not_found',
    );
  });

  it('neither or both of session_token and session_jwt: 400 naming both', async () => {
    for (const body of [{}, { session_token: 'a', session_jwt: 'b' }]) {
      await expectError(
        await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, body),
        400,
        'invalid_request',
        'Give exactly one of session_token, session_jwt.',
      );
    }
    await expectError(
      await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, { session_token: 7 }),
      400,
      'invalid_request',
      'session_token must be a string',
    );
  });
});

describe('GET /v1/sessions and POST /v1/sessions/revoke', () => {
  it("lists the user's live sessions, most recently used first", async () => {
    const email = uniqueEmail();
    const first = await signIn(t, email);
    t.advance(MINUTE);
    const second = await signIn(t, email);
    const data = await flatOf<{ sessions: SessionBody[] }>(
      await backend(t, 'GET', `${BACKEND_PATHS.sessions}?user_id=${encodeURIComponent(first.userId)}`),
    );
    assert.deepEqual(
      data.sessions.map((s) => s.session_id),
      [second.session.session_id, first.session.session_id],
    );
  });

  it('an unknown user is 404 user_not_found; no user_id is 400', async () => {
    await expectError(
      await backend(t, 'GET', `${BACKEND_PATHS.sessions}?user_id=user-test-nobody`),
      404,
      'user_not_found',
      'User could not be found.',
    );
    await expectError(await backend(t, 'GET', BACKEND_PATHS.sessions), 400, 'invalid_request', 'user_id is required.');
  });

  it('revokes by id, by token and by JWT; the revoked session is refused everywhere after', async () => {
    for (const by of ['session_id', 'session_token', 'session_jwt'] as const) {
      const student = await signIn(t);
      const value = {
        session_id: student.session.session_id,
        session_token: student.sessionToken,
        session_jwt: student.sessionJwt,
      }[by];
      await flatOf(await backend(t, 'POST', BACKEND_PATHS.sessionsRevoke, { [by]: value }));
      assert.equal(await sdkSessionStatus(student), 404, by);
      await expectError(
        await backend(t, 'POST', BACKEND_PATHS.sessionsAuthenticate, { session_token: student.sessionToken }),
        404,
        'session_not_found',
      );
      await expectError(
        await backend(t, 'POST', BACKEND_PATHS.sessionsRevoke, { [by]: value }),
        404,
        'session_not_found',
      );
    }
  });

  it("revoking one session leaves the user's others", async () => {
    const email = uniqueEmail();
    const kept = await signIn(t, email);
    const revoked = await signIn(t, email);
    await flatOf(await backend(t, 'POST', BACKEND_PATHS.sessionsRevoke, { session_id: revoked.session.session_id }));
    assert.equal(await sdkSessionStatus(kept), 200);
    assert.equal(await sdkSessionStatus(revoked), 404);
  });

  it('none or two of session_id, session_token and session_jwt: 400', async () => {
    await expectError(
      await backend(t, 'POST', BACKEND_PATHS.sessionsRevoke, { session_id: 'a', session_jwt: 'b' }),
      400,
      'invalid_request',
      'Give exactly one of session_id, session_token, session_jwt.',
    );
  });
});

describe('/v1/users/{id}', () => {
  it('GET answers the user at the top level; an unknown id is 404 user_not_found', async () => {
    const student = await signIn(t);
    const data = await flatOf<UserBody>(await backend(t, 'GET', BACKEND_PATHS.user(student.userId)));
    assert.equal(data.user_id, student.userId);
    assert.equal(data.status, 'active');
    assert.deepEqual(
      data.emails.map((e) => [e.email, e.verified]),
      [[student.email, true]],
    );
    await expectError(await backend(t, 'GET', BACKEND_PATHS.user('user-test-nobody')), 404, 'user_not_found');
  });

  it('PUT sets the name and both metadata objects (each replaced whole), and answers the user', async () => {
    const student = await signIn(t);
    const update = {
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { student_number: 'W-1815' },
      untrusted_metadata: { theme: 'dark' },
    };
    const data = await flatOf<{ user_id: string; user: UserBody; emails: unknown[] }>(
      await backend(t, 'PUT', BACKEND_PATHS.user(student.userId), update),
    );
    assert.equal(data.user_id, student.userId);
    assert.deepEqual(data.user.name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    assert.deepEqual(data.user.trusted_metadata, { student_number: 'W-1815' });
    assert.deepEqual(data.user.untrusted_metadata, { theme: 'dark' });
    assert.equal(data.emails.length, 1);
    const again = await flatOf<{ user: UserBody }>(
      await backend(t, 'PUT', BACKEND_PATHS.user(student.userId), { trusted_metadata: { year: 2 } }),
    );
    assert.deepEqual(again.user.trusted_metadata, { year: 2 });
    assert.deepEqual(again.user.untrusted_metadata, { theme: 'dark' });
  });

  it('PUT with malformed fields is 400; for an unknown user 404', async () => {
    const student = await signIn(t);
    await expectError(
      await backend(t, 'PUT', BACKEND_PATHS.user(student.userId), { trusted_metadata: [1] }),
      400,
      'invalid_request',
      'trusted_metadata must be an object',
    );
    await expectError(
      await backend(t, 'PUT', BACKEND_PATHS.user(student.userId), { name: { first_name: 1 } }),
      400,
      'invalid_request',
      'first_name must be a string',
    );
    await expectError(
      await backend(t, 'PUT', BACKEND_PATHS.user('user-test-nobody'), { untrusted_metadata: {} }),
      404,
      'user_not_found',
    );
  });

  it('DELETE removes the user with their sessions; of two parallel deletes exactly one succeeds', async () => {
    const student = await signIn(t);
    const answers = await Promise.all([
      backend(t, 'DELETE', BACKEND_PATHS.user(student.userId)),
      backend(t, 'DELETE', BACKEND_PATHS.user(student.userId)),
    ]);
    assert.deepEqual(answers.map((res) => res.status).sort(), [200, 404]);
    const winner = answers.find((res) => res.status === 200);
    assert.deepEqual(await flatOf<{ user_id: string }>(winner as Response).then((d) => d.user_id), student.userId);
    await expectError(answers.find((res) => res.status === 404) as Response, 404, 'user_not_found');
    await expectError(await backend(t, 'GET', BACKEND_PATHS.user(student.userId)), 404, 'user_not_found');
    assert.equal(await sdkSessionStatus(student), 404);
  });
});

describe('ids in the path', () => {
  it('a NUL in a user or factor id is 400 naming it, never a database error', async () => {
    for (const [method, path, field] of [
      ['GET', '/v1/users/user%00x', 'user_id'],
      ['DELETE', '/v1/users/user%00x', 'user_id'],
      ['DELETE', '/v1/users/emails/email%00x', 'id'],
      ['GET', '/v1/sessions?user_id=user%00x', 'user_id'],
    ] as const) {
      await expectError(
        await backend(t, method, path),
        400,
        'invalid_request',
        `${field} must not contain NUL characters`,
      );
    }
  });
});

describe('DELETE /v1/users/<factor>/{id}', () => {
  it("deletes one email address and answers the user without it; another's or an unknown id is 404", async () => {
    const student = await signIn(t);
    const [email] = (await flatOf<UserBody>(await backend(t, 'GET', BACKEND_PATHS.user(student.userId)))).emails;
    assert.ok(email);
    const data = await flatOf<{ user_id: string; user: UserBody }>(
      await backend(t, 'DELETE', BACKEND_PATHS.userFactor('emails', email.email_id)),
    );
    assert.equal(data.user_id, student.userId);
    assert.deepEqual(data.user.emails, []);
    await expectError(
      await backend(t, 'DELETE', BACKEND_PATHS.userFactor('emails', email.email_id)),
      404,
      'not_found',
      `The emails registration ${email.email_id} was not found.`,
    );
    await expectError(
      await backend(t, 'DELETE', BACKEND_PATHS.userFactor('totps', 'totp-test-nothing')),
      404,
      'not_found',
    );
  });
});

describe('POST /v1/users/search', () => {
  const search = async (body: unknown) => flatOf<SearchBody>(await backend(t, 'POST', BACKEND_PATHS.usersSearch, body));

  it('by email address (any case), by a fragment of it, by user id and status, with AND and OR', async () => {
    const marker = `m${Date.now().toString(36)}`;
    const ada = await signIn(t, `ada-${marker}@example.com`);
    const bob = await signIn(t, `bob-${marker}@example.com`);
    const fuzzy = { filter_name: 'email_address_fuzzy', filter_value: marker };
    /** The ids a query finds, after checking that the total counts exactly them. */
    const found = async (operator: string, ...operands: unknown[]) => {
      const { results, results_metadata } = await search({ query: { operator, operands } });
      assert.deepEqual(results_metadata, { total: results.length, next_cursor: null });
      return results.map((u) => u.user_id);
    };
    assert.deepEqual(await found('AND', { filter_name: 'email_address', filter_value: [ada.email.toUpperCase()] }), [
      ada.userId,
    ]);
    assert.deepEqual(await found('AND', fuzzy), [ada.userId, bob.userId]);
    const bobActive = [
      { filter_name: 'user_id', filter_value: [bob.userId] },
      { filter_name: 'status', filter_value: 'active' },
    ];
    assert.deepEqual(await found('AND', fuzzy, ...bobActive), [bob.userId]);
    const adaOrBob = [
      { filter_name: 'user_id', filter_value: [ada.userId] },
      { filter_name: 'email_address', filter_value: [bob.email] },
    ];
    assert.deepEqual(await found('OR', ...adaOrBob), [ada.userId, bob.userId]);
    assert.deepEqual(await found('AND', fuzzy, { filter_name: 'status', filter_value: 'pending' }), []);
  });

  it('pages with limit and results_metadata.next_cursor, oldest first, each user once', async () => {
    const marker = `p${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      ids.push((await signIn(t, `${name}-${marker}@example.com`)).userId);
      t.advance(1000);
    }
    const query = { operator: 'AND', operands: [{ filter_name: 'email_address_fuzzy', filter_value: marker }] };
    const first = await search({ query, limit: 2 });
    assert.deepEqual(
      first.results.map((u) => u.user_id),
      ids.slice(0, 2),
    );
    assert.equal(first.results_metadata.total, 3);
    assert.equal(typeof first.results_metadata.next_cursor, 'string');
    const second = await search({ query, limit: 2, cursor: first.results_metadata.next_cursor });
    assert.deepEqual(
      second.results.map((u) => u.user_id),
      ids.slice(2),
    );
    assert.deepEqual(second.results_metadata, { total: 3, next_cursor: null });
  });

  it('a malformed query, filter, limit or cursor is 400 naming it', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ limit: 0 }, 'limit must be a whole number from 1 to 1000.'],
      [{ limit: 2.5 }, 'limit must be a whole number from 1 to 1000.'],
      [{ cursor: 'bm90IGEgY3Vyc29y' }, 'cursor is not one a search of this service returned.'],
      [{ query: 'email' }, 'query must be an object'],
      [{ query: { operator: 'XOR', operands: [] } }, 'operator must be one of: AND, OR.'],
      [{ query: { operator: 'AND', operands: {} } }, 'operands must be an array of at most 20 objects.'],
      [
        { query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: 'a@b.c' }] } },
        'filter_value must be an array of strings',
      ],
      [
        { query: { operator: 'AND', operands: [{ filter_name: 'status', filter_value: 'gone' }] } },
        'filter_value must be one of: active, pending.',
      ],
      [
        {
          query: { operator: 'AND', operands: [{ filter_name: 'created_at_greater_than', filter_value: 'yesterday' }] },
        },
        'filter_value must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z.',
      ],
      [
        { query: { operator: 'AND', operands: [{ filter_name: 'shoe_size', filter_value: '9' }] } },
        /^filter_name must be one of: user_id, email_address, /,
      ],
    ];
    for (const [body, message] of cases) {
      await expectError(await backend(t, 'POST', BACKEND_PATHS.usersSearch, body), 400, 'invalid_request', message);
    }
  });
});

describe('who may call the backend API', () => {
  const call = (options: Parameters<typeof backend>[4]) => backend(t, 'POST', BACKEND_PATHS.usersSearch, {}, options);

  it('no credentials, a wrong secret, another project, the public token: 401 unauthorized_credentials', async () => {
    const refusals = [
      null,
      basicAuth('secret-test-wrong-0000000000000000000000000', PROJECT_ID),
      basicAuth(PROJECT_SECRET, 'project-test-another-project-0000-000000000000'),
      basicAuth(PROJECT_SECRET.slice(0, -1), PROJECT_ID),
      basicAuth(),
      `Bearer ${PROJECT_SECRET}`,
    ];
    for (const authorization of refusals) {
      const body = await expectError(
        await call({ authorization }),
        401,
        'unauthorized_credentials',
        'Unauthorized credentials.',
      );
      // Exactly the five fields of every error body: nothing about the credentials beside them.
      assert.equal(Object.keys(body).length, 5);
    }
  });

  it('a browser Origin is 403 even with the right credentials, and gets no CORS headers', async () => {
    for (const origin of ['http://localhost:5173', 'https://evil.example', 'null']) {
      const res = await call({ headers: { Origin: origin } });
      assert.equal(res.headers.get('Access-Control-Allow-Origin'), null);
      await expectError(
        res,
        403,
        'unauthorized_action',
        'The backend API takes the project secret and is never called from a browser: call it from your server.',
      );
    }
  });

  it('the secret appears in no log line and in no answer', async () => {
    logLines.length = 0;
    const wrong = 'secret-test-wrong-but-logged-0000000000000';
    const answers = [
      await call({ authorization: basicAuth(wrong, PROJECT_ID) }),
      await call({}),
      await call({ headers: { Origin: 'https://evil.example' } }),
    ];
    const texts = await Promise.all(answers.map((res) => res.text()));
    assert.equal(logLines.length, 3);
    for (const text of [...logLines, ...texts]) {
      for (const secret of [PROJECT_SECRET, wrong, Buffer.from(`${PROJECT_ID}:${PROJECT_SECRET}`).toString('base64')]) {
        assert.equal(text.includes(secret), false, text);
      }
    }
  });

  it('the JWKS stays public (the guard is only on the backend routes)', async () => {
    const res = await t.service.app.request(`/v1/sessions/jwks/${PROJECT_ID}`);
    assert.equal(res.status, 200);
    assert.ok(((await res.json()) as { keys: unknown[] }).keys.length >= 1);
  });

  it('production without PROJECT_SECRET refuses every call; with one it takes only that one', async () => {
    const bare = await startTestService({ mode: 'production', secretKey: TEST_SECRET_KEY, requestLog: null });
    try {
      await expectError(await backend(bare, 'POST', BACKEND_PATHS.usersSearch, {}), 401, 'unauthorized_credentials');
    } finally {
      await bare.close();
    }
    const secret = 'secret-live-0123456789abcdef0123456789abcdef';
    const configured = await startTestService({
      mode: 'production',
      secretKey: TEST_SECRET_KEY,
      projectSecret: secret,
      requestLog: null,
    });
    try {
      await expectError(
        await backend(configured, 'POST', BACKEND_PATHS.usersSearch, {}),
        401,
        'unauthorized_credentials',
      );
      const res = await backend(
        configured,
        'POST',
        BACKEND_PATHS.usersSearch,
        {},
        {
          authorization: basicAuth(secret, PROJECT_ID),
        },
      );
      assert.deepEqual((await flatOf<SearchBody>(res)).results_metadata, { total: 0, next_cursor: null });
    } finally {
      await configured.close();
    }
  });

  it('a short secret, or the public development one in production, stops the start', async () => {
    await assert.rejects(startTestService({ projectSecret: 'short' }), /PROJECT_SECRET must be at least 32 characters/);
    await assert.rejects(
      startTestService({ mode: 'production', secretKey: TEST_SECRET_KEY, projectSecret: PROJECT_SECRET }),
      /PROJECT_SECRET is the public development secret/,
    );
  });
});
