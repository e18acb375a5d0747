/// <reference types="mocha" />
// The organization (B2B) client's SSO through the real service and its development SAML identity provider: the
// connections an address may use, the start (a navigation, recorded here), the identity provider's answer posted back
// over HTTP by a server command, and the token exchanged; the seeded organization (Lumen Stage Systems) requires MFA,
// so the member then enrolls an authenticator app.
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { DEFAULT_IST_COOKIE } from '../../src/client/constants/sessions.ts';
import { serviceNow, totpCode } from '../support/accounts.ts';
import { addressAt, b2bRequests, freshB2BState, makeB2BClient } from '../support/b2b.ts';
import { readCookieValue } from '../support/client.ts';
import { testEnv } from '../support/env.ts';
import { recordNavigations } from '../support/navigation.ts';

const session = { session_duration_minutes: 60 };
/** The seeded organization with a SAML connection to the development identity provider. */
const LUMEN_STAGE = { slug: 'lumen-stage', domain: 'lumenstage.localhost' };

describe('B2B client SSO journey', () => {
  const fresh = freshB2BState();
  let navigations: ReturnType<typeof recordNavigations>;
  beforeEach(() => {
    navigations = recordNavigations();
  });
  afterEach(() => navigations.restore());

  it('SSO discovery → SAML sign-in → authenticate → MFA with TOTP → session', async () => {
    const client = makeB2BClient();
    const email = addressAt(LUMEN_STAGE.domain, 'stagehand');
    const { connections } = await client.sso.discoverConnections(email);
    expect(connections).to.have.length(1);
    const [connection] = connections;

    const back = `${testEnv.pageOrigin}/`;
    await client.sso.start({
      connection_id: connection!.connection_id,
      login_redirect_url: back,
      signup_redirect_url: back,
    });
    expect(navigations.visited).to.have.length(1);
    const startUrl = navigations.visited[0]!;
    expect(new URL(startUrl).pathname).to.equal('/v1/public/sso/start');
    const { location } = (await executeServerCommand('dev-saml-sign-in', { startUrl, email })) as { location: string };
    const returned = new URL(location);
    expect(returned.origin + returned.pathname).to.equal(back);
    expect(returned.searchParams.get('stytch_token_type')).to.equal('sso');

    const first = await client.sso.authenticate({ sso_token: returned.searchParams.get('token')!, ...session });
    expect(first.member.email_address).to.equal(email);
    expect(first.organization.organization_slug).to.equal(LUMEN_STAGE.slug);
    expect(first.member_authenticated).to.equal(false);
    expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(first.intermediate_session_token);
    expect(client.session.getSync()).to.equal(null);

    const member = { organization_id: first.organization.organization_id, member_id: first.member_id };
    const app = await client.totp.create(member);
    const code = await totpCode(app.secret, await serviceNow());
    const done = await client.totp.authenticate({ ...member, code, ...session });
    expect(done.member_authenticated).to.equal(true);
    expect(done.member_session!.authentication_factors.map((f) => f.delivery_method)).to.deep.equal([
      'sso_saml',
      'authenticator_app',
    ]);
    expect(client.session.getSync()).to.deep.equal(done.member_session);
    expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(null);
    // The TOTP call carried the token the SSO exchange left in the cookie.
    const [totp] = b2bRequests(fresh.rec.to('/b2b/totp/authenticate'));
    expect((totp!.body as { intermediate_session_token: string }).intermediate_session_token).to.equal(
      first.intermediate_session_token,
    );
  });
});
