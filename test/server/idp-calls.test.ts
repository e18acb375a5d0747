// The identity-provider calls of the authorize and logout pages (wire contract 3.12), in process (app.request).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  IDP_PATHS,
  type AuthorizeStartResponse,
  type AuthorizeSubmitResponse,
  type LogoutStartResponse,
} from '../../src/api/idp.ts';
import { STANDARD_SCOPE_DESCRIPTIONS, UNKNOWN_SCOPE_DESCRIPTION } from '../../src/server/oidc/constants.ts';
import {
  dataOf,
  expectError,
  get,
  pkcePair,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';
import {
  AFTER_LOGOUT,
  CALLBACK,
  CONNECTED_APPS,
  FIRST_PARTY,
  LISTED_ONLY,
  PUBLIC_APP,
  RBAC_POLICY,
  THIRD_PARTY,
} from './idp-fixtures.ts';

const ISSUER = 'http://localhost';

function authorize(overrides: Record<string, unknown> = {}) {
  return {
    client_id: THIRD_PARTY.client_id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scopes: ['openid', 'email', 'profile'],
    ...overrides,
  };
}

describe('identity-provider calls', () => {
  let t: TestService;
  const librarian = uniqueEmail('librarian');
  const reader = uniqueEmail('reader');
  before(async () => {
    t = await startTestService({
      connectedApps: CONNECTED_APPS,
      rbacPolicy: RBAC_POLICY,
      userRoles: { [librarian]: ['librarian'], [reader]: ['reader'] },
    });
  });
  after(() => t.close());

  const start = (sessionToken: string, body: unknown) => post(t, IDP_PATHS.authorizeStart, body, { sessionToken });
  const submit = (sessionToken: string, body: unknown) => post(t, IDP_PATHS.authorizeSubmit, body, { sessionToken });

  it('authorize start and submit need a session', async () => {
    await expectError(await post(t, IDP_PATHS.authorizeStart, authorize()), 401, 'user_unauthenticated');
    await expectError(
      await post(t, IDP_PATHS.authorizeSubmit, { ...authorize(), consent_granted: true }),
      401,
      'user_unauthenticated',
    );
  });

  it('every malformed authorize field is a 4xx naming it', async () => {
    const s = await signIn(t);
    const cases: [Record<string, unknown>, number, string, string | RegExp][] = [
      [{ client_id: undefined }, 400, 'invalid_request', 'client_id is required.'],
      [{ client_id: 7 }, 400, 'invalid_request', 'client_id must be a string'],
      [{ client_id: 'nobody' }, 404, 'idp_client_not_found', 'No connected app has the client_id "nobody".'],
      [{ redirect_uri: undefined }, 400, 'invalid_request', 'redirect_uri is required.'],
      [
        { redirect_uri: `${CALLBACK}/other` },
        400,
        'invalid_redirect_uri',
        `redirect_uri "${CALLBACK}/other" is not registered for this app.`,
      ],
      [{ redirect_uri: `${CALLBACK}?x=1` }, 400, 'invalid_redirect_uri', /is not registered for this app/],
      [
        { response_type: 'token' },
        400,
        'unsupported_response_type',
        'response_type must be "code": only the authorization code flow is supported.',
      ],
      [{ response_type: undefined }, 400, 'invalid_request', 'response_type is required.'],
      [{ scopes: undefined }, 400, 'invalid_request', 'scopes is required.'],
      [{ scopes: 'openid email' }, 400, 'invalid_request', 'scopes must be an array of strings'],
      [{ scopes: ['openid', 3] }, 400, 'invalid_request', 'scopes must be an array of strings'],
      [
        { scopes: ['open id'] },
        400,
        'invalid_scope',
        '"open id" is not a valid scope: printable ASCII without spaces, quotes or backslashes.',
      ],
      [
        { scopes: Array.from({ length: 101 }, (_, i) => `s${i}`) },
        400,
        'invalid_scope',
        'scopes may list at most 100 scopes.',
      ],
      [{ prompt: 1 }, 400, 'invalid_request', 'prompt must be a string'],
      [{ client_id: LISTED_ONLY.client_id }, 400, 'invalid_redirect_uri', /is not registered for this app/],
    ];
    for (const [override, status, type, message] of cases) {
      await expectError(await start(s.sessionToken, authorize(override)), status, type, message);
      await expectError(
        await submit(s.sessionToken, { ...authorize(override), consent_granted: true }),
        status,
        type,
        message,
      );
    }
    const submitCases: [Record<string, unknown>, string, string][] = [
      [{ consent_granted: undefined }, 'invalid_request', 'consent_granted is required.'],
      [{ consent_granted: 'yes' }, 'invalid_request', 'consent_granted must be a boolean'],
      [{ state: 5 }, 'invalid_request', 'state must be a string'],
      [{ nonce: false }, 'invalid_request', 'nonce must be a string'],
      [
        { code_challenge: 'short' },
        'invalid_code_challenge',
        'code_challenge must be an S256 challenge: 43 base64url characters.',
      ],
      [{ state: 'x'.repeat(2049) }, 'invalid_request', 'state must be at most 2048 characters.'],
    ];
    for (const [override, type, message] of submitCases) {
      await expectError(
        await submit(s.sessionToken, { ...authorize(), consent_granted: true, ...override }),
        400,
        type,
        message,
      );
    }
    await expectError(
      await submit(s.sessionToken, {
        ...authorize({ client_id: PUBLIC_APP.client_id, redirect_uri: PUBLIC_APP.redirect_uris![0] }),
        consent_granted: true,
      }),
      400,
      'invalid_code_challenge',
      'code_challenge is required: this app is a public client, which must use PKCE.',
    );
    await expectError(
      await post(t, IDP_PATHS.authorizeStart, undefined, { sessionToken: s.sessionToken, raw: '[1]' }),
      400,
      'invalid_request',
    );
  });

  it(
    'the preflight describes the app and each scope: standard, custom grantable by role, ' +
      'custom not grantable, unknown',
    async () => {
      const s = await signIn(t, reader);
      const data = await dataOf<AuthorizeStartResponse>(
        await start(
          s.sessionToken,
          authorize({ scopes: ['openid', 'phone', 'catalogue:read', 'catalogue:write', 'lab:admin', 'openid'] }),
        ),
      );
      assert.equal(data.user_id, s.userId);
      assert.equal(data.user.user_id, s.userId);
      assert.deepEqual(data.user.roles, ['reader']);
      assert.deepEqual(data.client, {
        client_id: THIRD_PARTY.client_id,
        client_type: 'third_party',
        client_name: THIRD_PARTY.name,
        client_description: THIRD_PARTY.description,
        client_logo_url: THIRD_PARTY.logo_url,
      });
      assert.equal(data.consent_required, true);
      assert.deepEqual(data.scope_results, [
        { scope: 'openid', description: STANDARD_SCOPE_DESCRIPTIONS.openid, is_grantable: true },
        { scope: 'phone', description: STANDARD_SCOPE_DESCRIPTIONS.phone, is_grantable: true },
        { scope: 'catalogue:read', description: 'Read the library catalogue', is_grantable: true },
        { scope: 'catalogue:write', description: 'Edit the library catalogue', is_grantable: false },
        { scope: 'lab:admin', description: UNKNOWN_SCOPE_DESCRIPTION, is_grantable: false },
      ]);
      const staff = await signIn(t, librarian);
      const staffData = await dataOf<AuthorizeStartResponse>(
        await start(staff.sessionToken, authorize({ scopes: ['catalogue:write'] })),
      );
      assert.deepEqual(staffData.scope_results, [
        { scope: 'catalogue:write', description: 'Edit the library catalogue', is_grantable: true },
      ]);
      const nobody = await signIn(t);
      const nobodyData = await dataOf<AuthorizeStartResponse>(
        await start(nobody.sessionToken, authorize({ scopes: ['catalogue:read'] })),
      );
      assert.equal(nobodyData.scope_results[0]!.is_grantable, false);
    },
  );

  it(
    'consent: first-party apps never ask, third-party ones until a grant covers the scopes, ' +
      'prompt=consent always asks',
    async () => {
      const s = await signIn(t);
      const first = authorize({ client_id: FIRST_PARTY.client_id, redirect_uri: FIRST_PARTY.redirect_uris![0] });
      assert.equal((await dataOf<AuthorizeStartResponse>(await start(s.sessionToken, first))).consent_required, false);
      assert.equal(
        (await dataOf<AuthorizeStartResponse>(await start(s.sessionToken, { ...first, prompt: 'consent' })))
          .consent_required,
        true,
      );
      assert.equal(
        (await dataOf<AuthorizeStartResponse>(await start(s.sessionToken, authorize()))).consent_required,
        true,
      );
      await dataOf(await submit(s.sessionToken, { ...authorize(), consent_granted: true }));
      assert.equal(
        (await dataOf<AuthorizeStartResponse>(await start(s.sessionToken, authorize()))).consent_required,
        false,
      );
      // A subset is covered; an ungrantable extra scope does not count; a new grantable one asks again.
      assert.equal(
        (
          await dataOf<AuthorizeStartResponse>(
            await start(s.sessionToken, authorize({ scopes: ['openid', 'lab:admin'] })),
          )
        ).consent_required,
        false,
      );
      assert.equal(
        (await dataOf<AuthorizeStartResponse>(await start(s.sessionToken, authorize({ scopes: ['openid', 'phone'] }))))
          .consent_required,
        true,
      );
      assert.equal(
        (await dataOf<AuthorizeStartResponse>(await start(s.sessionToken, authorize({ prompt: 'login consent' }))))
          .consent_required,
        true,
      );
    },
  );

  it(
    'submit: a refusal goes back to the app as access_denied with the state; a first-party app ' +
      'gets a code without asking',
    async () => {
      const s = await signIn(t);
      const denied = await dataOf<AuthorizeSubmitResponse>(
        await submit(s.sessionToken, { ...authorize(), state: 'st-1', consent_granted: false }),
      );
      const deniedUrl = new URL(denied.redirect_uri);
      assert.equal(`${deniedUrl.origin}${deniedUrl.pathname}`, CALLBACK);
      assert.deepEqual(Object.fromEntries(deniedUrl.searchParams), {
        error: 'access_denied',
        state: 'st-1',
        iss: ISSUER,
      });
      assert.equal(denied.authorization_code, undefined);
      // Wire contract 3.12: when the preflight said no consent is needed, the page submits at once with
      // consent_granted false; that is not a refusal (the hosted provider's own page sends exactly this).
      const { challenge } = pkcePair();
      const first = await dataOf<AuthorizeSubmitResponse>(
        await submit(s.sessionToken, {
          ...authorize({ client_id: FIRST_PARTY.client_id, redirect_uri: FIRST_PARTY.redirect_uris![0] }),
          state: 'st-2',
          nonce: 'n-2',
          code_challenge: challenge,
          consent_granted: false,
        }),
      );
      const url = new URL(first.redirect_uri);
      assert.ok(first.authorization_code);
      assert.deepEqual(Object.fromEntries(url.searchParams), {
        code: first.authorization_code,
        state: 'st-2',
        iss: ISSUER,
      });
    },
  );

  it(
    'a refusal is access_denied whenever the user was asked, first-party apps included: no ' +
      'code, no consent recorded',
    async () => {
      const s = await signIn(t);
      const { challenge } = pkcePair();
      for (const app of [THIRD_PARTY, FIRST_PARTY]) {
        // A first-party app is asked only with prompt=consent; a third-party one the first time anyway.
        const request = authorize({ client_id: app.client_id, redirect_uri: app.redirect_uris![0], prompt: 'consent' });
        assert.equal(
          (await dataOf<AuthorizeStartResponse>(await start(s.sessionToken, request))).consent_required,
          true,
          app.client_id,
        );
        const denied = await dataOf<AuthorizeSubmitResponse>(
          await submit(s.sessionToken, {
            ...request,
            state: `st-${app.client_id}`,
            code_challenge: challenge,
            consent_granted: false,
          }),
        );
        const url = new URL(denied.redirect_uri);
        assert.equal(`${url.origin}${url.pathname}`, app.redirect_uris![0]);
        assert.deepEqual(Object.fromEntries(url.searchParams), {
          error: 'access_denied',
          state: `st-${app.client_id}`,
          iss: ISSUER,
        });
        assert.equal(denied.authorization_code, undefined);
      }
      const codes = await t.service.db.query(
        `select id from oidc_payloads where kind = 'AuthorizationCode' and payload->>'accountId' = $1`,
        [s.userId],
      );
      assert.deepEqual(codes, []);
      const grants = await t.service.db.query('select id from idp_grants where user_id = $1', [s.userId]);
      assert.deepEqual(grants, []);
    },
  );

  it('only grantable scopes are granted, and the grant shows among connected apps until revoked', async () => {
    const s = await signIn(t, uniqueEmail('reader'));
    const granted = await dataOf<AuthorizeSubmitResponse>(
      await submit(s.sessionToken, {
        ...authorize({ scopes: ['openid', 'email', 'catalogue:read', 'lab:admin'] }),
        consent_granted: true,
      }),
    );
    assert.ok(granted.authorization_code);
    const apps = await dataOf<{ connected_apps: { connected_app_id: string; scopes_granted: string }[] }>(
      await get(t, '/users/connected_apps', { sessionToken: s.sessionToken }),
    );
    // The user has no role, so catalogue:read is not grantable either.
    assert.deepEqual(
      apps.connected_apps.map((a) => [a.connected_app_id, a.scopes_granted]),
      [[THIRD_PARTY.client_id, 'email openid']],
    );
    await dataOf(await submit(s.sessionToken, { ...authorize({ scopes: ['phone'] }), consent_granted: true }));
    const merged = await dataOf<{ connected_apps: { scopes_granted: string }[] }>(
      await get(t, '/users/connected_apps', { sessionToken: s.sessionToken }),
    );
    assert.deepEqual(
      merged.connected_apps.map((a) => a.scopes_granted),
      ['email openid phone'],
    );
    await dataOf(
      await post(t, `/users/connected_apps/${THIRD_PARTY.client_id}/revoke`, {}, { sessionToken: s.sessionToken }),
    );
    const none = await dataOf<{ connected_apps: unknown[] }>(
      await get(t, '/users/connected_apps', { sessionToken: s.sessionToken }),
    );
    assert.deepEqual(none.connected_apps, []);
    await expectError(
      await post(t, `/users/connected_apps/${THIRD_PARTY.client_id}/revoke`, {}, { sessionToken: s.sessionToken }),
      404,
      'connected_app_not_found',
    );
  });

  it('parallel submits by one user for one app leave exactly one live grant', async () => {
    const s = await signIn(t);
    const scopes = [['openid'], ['email'], ['profile'], ['phone'], ['openid', 'email']];
    const results = await Promise.all(
      scopes
        .flatMap((set) => [set, set])
        .map((set) => submit(s.sessionToken, { ...authorize({ scopes: set }), consent_granted: true })),
    );
    for (const res of results) await dataOf(res);
    const rows = await t.service.db.query<{ scopes: string }>(
      'select scopes from idp_grants where user_id = $1 and client_id = $2 and revoked_at is null',
      [s.userId, THIRD_PARTY.client_id],
    );
    assert.deepEqual(rows, [{ scopes: 'email openid phone profile' }]);
  });

  it(
    'logout start: app and post-logout URI checked; consent only when someone is signed in ' +
      'without a matching hint',
    async () => {
      const body = { client_id: THIRD_PARTY.client_id, post_logout_redirect_uri: AFTER_LOGOUT, state: 'bye' };
      await expectError(
        await post(t, IDP_PATHS.logoutStart, { ...body, client_id: undefined }),
        400,
        'invalid_request',
        'client_id is required.',
      );
      await expectError(
        await post(t, IDP_PATHS.logoutStart, { ...body, client_id: 'nobody' }),
        404,
        'idp_client_not_found',
      );
      await expectError(
        await post(t, IDP_PATHS.logoutStart, { ...body, post_logout_redirect_uri: undefined }),
        400,
        'invalid_request',
        'post_logout_redirect_uri is required.',
      );
      await expectError(
        await post(t, IDP_PATHS.logoutStart, { ...body, post_logout_redirect_uri: `${AFTER_LOGOUT}/x` }),
        400,
        'invalid_post_logout_redirect_uri',
        `post_logout_redirect_uri "${AFTER_LOGOUT}/x" is not registered for this app.`,
      );
      await expectError(
        await post(t, IDP_PATHS.logoutStart, { ...body, state: 1 }),
        400,
        'invalid_request',
        'state must be a string',
      );
      await expectError(
        await post(t, IDP_PATHS.logoutStart, { ...body, id_token_hint: {} }),
        400,
        'invalid_request',
        'id_token_hint must be a string',
      );
      const signedOut = await dataOf<LogoutStartResponse>(await post(t, IDP_PATHS.logoutStart, body));
      assert.deepEqual(
        { redirect_uri: signedOut.redirect_uri, consent_required: signedOut.consent_required },
        { redirect_uri: `${AFTER_LOGOUT}?state=bye`, consent_required: false },
      );
      const s = await signIn(t);
      const signedIn = await dataOf<LogoutStartResponse>(
        await post(t, IDP_PATHS.logoutStart, body, { sessionToken: s.sessionToken }),
      );
      assert.equal(signedIn.consent_required, true);
      const badHint = await dataOf<LogoutStartResponse>(
        await post(
          t,
          IDP_PATHS.logoutStart,
          { ...body, id_token_hint: 'not.a.token' },
          { sessionToken: s.sessionToken },
        ),
      );
      assert.equal(badHint.consent_required, true);
      const noState = await dataOf<LogoutStartResponse>(
        await post(t, IDP_PATHS.logoutStart, { ...body, state: undefined }),
      );
      assert.equal(noState.redirect_uri, AFTER_LOGOUT);
    },
  );

  it('the protocol endpoints need a listening server (app.request has no socket)', async () => {
    const res = await t.service.app.request('/.well-known/openid-configuration');
    assert.equal(res.status, 404);
  });
});
