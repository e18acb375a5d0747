// Roles come only from what a user has proven: the config's roles for an address count once the user has verified that
// address (anyone can sign up with the dean's address without reading the dean's mail), and the user id always counts.
// Every place a role is shown, signed or used (user.roles, session.roles, the session JWT, the consent screen) agrees.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IDP_PATHS, type AuthorizeStartResponse } from '../../src/api/idp.ts';
import { resolveConfig } from '../../src/server/config.ts';
import { SESSION_JWT_CLAIM } from '../../src/server/constants/sessions.ts';
import { rolesOf } from '../../src/server/services/users.ts';
import { CALLBACK, CONNECTED_APPS, RBAC_POLICY, THIRD_PARTY } from './idp-fixtures.ts';
import { get, latestToken, post, PORTAL_URL, startTestService, uniqueEmail, type TestService } from './support.ts';

const STRONG = 'correct horse battery staple';

/** The part of a session JWT's payload this file reads: the roles in the session claim. */
interface SessionJwtClaims {
  [SESSION_JWT_CLAIM]: { roles: string[] };
}

function jwtClaims(jwt: string): SessionJwtClaims {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as SessionJwtClaims;
}

interface AuthData {
  user: { roles: string[]; emails: { email: string; verified: boolean }[] };
  session: { roles: string[] };
  session_token: string;
  session_jwt: string;
}

async function dataIn<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { data: T };
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.data;
}

/** The roles each place shows for the session: users/me, sessions/authenticate's user and session, and its JWT. */
async function rolesEverywhere(t: TestService, sessionToken: string) {
  const me = await dataIn<{ roles: string[] }>(await get(t, '/users/me', { sessionToken }));
  const refreshed = await dataIn<AuthData>(await post(t, '/sessions/authenticate', {}, { sessionToken }));
  return {
    me: me.roles,
    user: refreshed.user.roles,
    session: refreshed.session.roles,
    jwt: jwtClaims(refreshed.session_jwt)[SESSION_JWT_CLAIM].roles,
  };
}

describe('rolesOf', () => {
  const config = resolveConfig({ userRoles: { 'Dean@Westlight.edu': ['admin'], 'user-test-1': ['librarian'] } });
  const user = (verified: boolean) => ({
    user_id: 'user-test-2',
    emails: [{ email_id: 'email-test-1', email: 'dean@westlight.edu', verified }],
  });

  it('counts an address only once it is verified', () => {
    assert.deepEqual(rolesOf(config, user(false)), []);
    assert.deepEqual(rolesOf(config, user(true)), ['admin']);
  });

  it('counts the user id whatever the addresses', () => {
    assert.deepEqual(rolesOf(config, { user_id: 'user-test-1', emails: [] }), ['librarian']);
    assert.deepEqual(rolesOf(config, { user_id: 'user-test-1', emails: user(true).emails }), ['librarian', 'admin']);
  });
});

describe('roles of a user whose configured address is not proven', () => {
  let t: TestService;
  const dean = uniqueEmail('dean');
  before(async () => {
    t = await startTestService({ userRoles: { [dean]: ['admin'] } });
  });
  after(() => t.close());

  it(
    'none while the address is unverified, in the sign-up’s answer and JWT, users/me and ' + 'sessions/authenticate',
    async () => {
      // A password sign-up takes any address without proof: this could be anyone typing the dean's address.
      const created = await dataIn<AuthData>(
        await post(t, '/passwords', { email: dean, password: STRONG, session_duration_minutes: 30 }),
      );
      assert.deepEqual(
        created.user.emails.map((e) => [e.email, e.verified]),
        [[dean, false]],
      );
      assert.deepEqual(created.user.roles, []);
      assert.deepEqual(created.session.roles, []);
      assert.deepEqual(jwtClaims(created.session_jwt)[SESSION_JWT_CLAIM].roles, []);
      assert.deepEqual(await rolesEverywhere(t, created.session_token), { me: [], user: [], session: [], jwt: [] });
    },
  );

  it('the configured roles everywhere once the address is proven by its email', async () => {
    await dataIn(
      await post(t, '/magic_links/email/login_or_create', {
        email: dean,
        login_magic_link_url: PORTAL_URL,
        signup_magic_link_url: PORTAL_URL,
      }),
    );
    const signedIn = await dataIn<AuthData>(
      await post(t, '/magic_links/authenticate', { token: await latestToken(t, dean), session_duration_minutes: 30 }),
    );
    assert.deepEqual(
      signedIn.user.emails.map((e) => [e.email, e.verified]),
      [[dean, true]],
    );
    assert.deepEqual(signedIn.user.roles, ['admin']);
    assert.deepEqual(signedIn.session.roles, ['admin']);
    assert.deepEqual(jwtClaims(signedIn.session_jwt)[SESSION_JWT_CLAIM].roles, ['admin']);
    assert.deepEqual(await rolesEverywhere(t, signedIn.session_token), {
      me: ['admin'],
      user: ['admin'],
      session: ['admin'],
      jwt: ['admin'],
    });
  });
});

describe('the consent screen grants a custom scope by proven roles only', () => {
  let t: TestService;
  const librarian = uniqueEmail('librarian');
  before(async () => {
    t = await startTestService({
      connectedApps: CONNECTED_APPS,
      rbacPolicy: RBAC_POLICY,
      userRoles: { [librarian]: ['librarian'] },
    });
  });
  after(() => t.close());

  const writeScope = async (sessionToken: string) => {
    const request = {
      client_id: THIRD_PARTY.client_id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'catalogue:write'],
    };
    const data = await dataIn<AuthorizeStartResponse>(
      await post(t, IDP_PATHS.authorizeStart, request, { sessionToken }),
    );
    return {
      roles: data.user.roles,
      grantable: data.scope_results.find((r) => r.scope === 'catalogue:write')?.is_grantable,
    };
  };

  it('not grantable with the librarian’s address unverified; grantable once it is proven', async () => {
    const created = await dataIn<AuthData>(
      await post(t, '/passwords', { email: librarian, password: STRONG, session_duration_minutes: 30 }),
    );
    assert.deepEqual(await writeScope(created.session_token), { roles: [], grantable: false });
    await dataIn(
      await post(t, '/magic_links/email/login_or_create', {
        email: librarian,
        login_magic_link_url: PORTAL_URL,
        signup_magic_link_url: PORTAL_URL,
      }),
    );
    const signedIn = await dataIn<AuthData>(
      await post(t, '/magic_links/authenticate', {
        token: await latestToken(t, librarian),
        session_duration_minutes: 30,
      }),
    );
    assert.deepEqual(await writeScope(signedIn.session_token), { roles: ['librarian'], grantable: true });
  });
});
