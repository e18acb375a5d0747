// SAML 2.0 connections of organizations: the start (AuthnRequest, RelayState, PKCE, redirect URLs), the Assertion
// Consumer Service (signature by the connection's certificate over the Response or the assertion; audience,
// destination, recipient, InResponseTo, validity window, replay, signature wrapping), POST /b2b/sso/authenticate
// (single-use token, PKCE, JIT provisioning, parallel first sign-ins), SSO discovery, the SP metadata, the dev SAML
// stand-in's whole journey, and a production service with configured connections and no stand-in.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  B2B_PATHS,
  type Member,
  type MemberAuthenticateResponse,
  type MemberSsoFactor,
  type Organization,
} from '../../src/api/organizations.ts';
import { SSO_PATHS } from '../../src/api/sso.ts';
import { SAML_CLOCK_SKEW_MS, SSO_TOKEN_LIFETIME_MS } from '../../src/server/constants/sso.ts';
import { DEV_SAML_CONNECTION_ID, DEV_SAML_IDP_PATH } from '../../src/server/dev/constants.ts';
import {
  newSamlSigningIdentity,
  samlResponseXml,
  signSamlXml,
  type SamlSigningIdentity,
} from '../../src/server/dev/saml-stand-in.ts';
import { serviceOptionsFromEnv } from '../../src/server/env-options.ts';
import type { SsoConnectionConfig } from '../../src/server/services/sso-config.ts';
import { b2bGet, discover, makeOrganization, uniqueDomain } from './organizations-support.ts';
import {
  acsUrl,
  encode,
  encodedResponse,
  expectErrorPage,
  postAcs,
  responseFields,
  spEntityId,
  ssoAuthenticate,
  ssoAuthenticated,
  ssoStart,
  ssoTokenOf,
  startSaml,
  type SamlStart,
  uniqueConnectionId,
  writeConnection,
} from './sso-support.ts';
import { dataOf, expectError, pkcePair, PORTAL_URL, startTestService, type TestService } from './support.ts';

const SIGNUP_URL = 'http://localhost:5173/';

let t: TestService;
let idp: SamlSigningIdentity;
let stranger: SamlSigningIdentity;

before(async () => {
  t = await startTestService();
  [idp, stranger] = await Promise.all([
    newSamlSigningIdentity('Test IdP', Date.now()),
    newSamlSigningIdentity('Someone else', Date.now()),
  ]);
});
after(() => t.close());

/** An organization with a SAML connection to the test IdP (its certificate), no MFA. */
async function samlOrganization(settings: Parameters<typeof makeOrganization>[1] = {}) {
  const domain = uniqueDomain('saml');
  const organization = await makeOrganization(t, { domain, ...settings });
  const connectionId = uniqueConnectionId('saml');
  const connection: SsoConnectionConfig = {
    connection_id: connectionId,
    organization_slug: organization.slug,
    display_name: 'Test IdP',
    idp_entity_id: 'https://idp.example.test/entity',
    idp_sso_url: 'https://idp.example.test/sso',
    x509_certificates: [idp.certificatePem],
  };
  await writeConnection(t, connection);
  return { organization, connectionId, domain, email: `grace.${Date.now()}${Math.random()}@${domain}` };
}

/** The ACS's answer to a correct Response for `start`, signed on the assertion, posted with `relayState`. */
function answer(connectionId: string, start: SamlStart, email: string, relayState = start.relayState) {
  return postAcs(t, connectionId, encodedResponse(responseFields(t, connectionId, start, email), idp), relayState);
}

/** Start, a correct Response signed as asked, the ACS: the sso token from the redirect. */
async function signInToken(
  connectionId: string,
  email: string,
  params: Record<string, string> = {},
  sign: 'Assertion' | 'Response' | 'both' = 'Assertion',
) {
  const start = await startSaml(t, connectionId, params);
  const response = encodedResponse(responseFields(t, connectionId, start, email), idp, sign);
  return postAcs(t, connectionId, response, start.relayState);
}

describe('SAML: a Response signed by the connection certificate', () => {
  it('signed on the assertion: the sign-up URL gets an sso token, which signs the new member in', async () => {
    const { organization, connectionId, email } = await samlOrganization();
    const token = ssoTokenOf(await signInToken(connectionId, email, { signup_redirect_url: SIGNUP_URL }), SIGNUP_URL);
    const data = await ssoAuthenticated(t, { sso_token: token });
    assert.equal(data.member_authenticated, true);
    assert.equal(data.organization_id, organization.id);
    assert.equal(data.member.email_address, email);
    assert.equal(data.member.email_address_verified, true);
    assert.equal(data.member.name, 'Grace Hopper');
    assert.ok(data.session_token && data.session_jwt);
    const [factor] = data.member_session?.authentication_factors ?? [];
    const sso = factor as MemberSsoFactor;
    assert.equal(sso.delivery_method, 'sso_saml');
    assert.equal(sso.type, 'sso');
    assert.equal(sso.sequence_order, 'PRIMARY');
    assert.equal(sso.saml_sso_factor?.provider_id, connectionId);
    assert.equal(sso.saml_sso_factor?.external_id, email);
    assert.deepEqual(data.member.sso_registrations, [
      { connection_id: connectionId, external_id: email, registration_id: sso.saml_sso_factor?.id },
    ]);
    // The organization on the wire carries its connection, wherever it is read.
    const active = [{ connection_id: connectionId, display_name: 'Test IdP', identity_provider: 'generic' }];
    assert.deepEqual(data.organization.sso_active_connections, active);
    const me = await dataOf<{ organization: Organization }>(
      await b2bGet(t, B2B_PATHS.organizationsMe, data.session_token),
    );
    assert.deepEqual(me.organization.sso_active_connections, active);
    assert.deepEqual(me.organization.sso_jit_provisioning_allowed_connections, []);
    assert.equal(me.organization.sso_default_connection_id, null);
    const member = await dataOf<{ member: Member }>(await b2bGet(t, B2B_PATHS.membersMe, data.session_token));
    assert.deepEqual(member.member.sso_registrations, data.member.sso_registrations);
  });

  it('signed on the whole Response (or both): accepted; a known member goes to the login URL', async () => {
    const { connectionId, email } = await samlOrganization();
    const first = ssoTokenOf(
      await signInToken(connectionId, email, { signup_redirect_url: SIGNUP_URL }, 'Response'),
      SIGNUP_URL,
    );
    const member = (await ssoAuthenticated(t, { sso_token: first })).member_id;
    const again = ssoTokenOf(await signInToken(connectionId, email, { signup_redirect_url: SIGNUP_URL }, 'both'));
    assert.equal((await ssoAuthenticated(t, { sso_token: again })).member_id, member);
  });

  it('ends in an intermediate session when the organization requires MFA', async () => {
    const { connectionId, email } = await samlOrganization({ mfa_policy: 'REQUIRED_FOR_ALL' });
    const data = await ssoAuthenticated(t, { sso_token: ssoTokenOf(await signInToken(connectionId, email)) });
    assert.equal(data.member_authenticated, false);
    assert.equal(data.member_session, null);
    assert.equal(data.session_token, '');
    assert.ok(data.intermediate_session_token);
    assert.deepEqual(data.mfa_required, { member_options: null, secondary_auth_initiated: null });
  });
});

describe('SAML: Responses the ACS refuses', () => {
  async function refused(
    build: (connectionId: string, start: Awaited<ReturnType<typeof startSaml>>, email: string) => string,
    errorType: string,
  ) {
    const { connectionId, email } = await samlOrganization();
    const start = await startSaml(t, connectionId);
    await expectErrorPage(
      await postAcs(t, connectionId, build(connectionId, start, email), start.relayState),
      400,
      errorType,
    );
    return { connectionId, start, email };
  }

  it('unsigned', async () => {
    await refused(
      (id, start, email) => encodedResponse(responseFields(t, id, start, email), null),
      'missing_signature_saml_response',
    );
  });

  it('signed by a key the connection does not have', async () => {
    await refused(
      (id, start, email) => encodedResponse(responseFields(t, id, start, email), stranger),
      'invalid_signature_saml_response',
    );
  });

  it('signed, then altered (the address changed after signing)', async () => {
    await refused((id, start, email) => {
      const signed = signSamlXml(samlResponseXml(responseFields(t, id, start, email)), idp, 'Assertion');
      return encode(signed.replaceAll(email, `ceo@${email.split('@')[1]}`));
    }, 'invalid_signature_saml_response');
  });

  it('for another audience', async () => {
    await refused(
      (id, start, email) =>
        encodedResponse(responseFields(t, id, start, email, { audience: 'https://other.example/sp' }), idp),
      'invalid_audience_saml_response',
    );
  });

  it('to another destination, or with another bearer recipient', async () => {
    const other = 'https://other.example/acs';
    await refused(
      (id, start, email) =>
        encodedResponse(responseFields(t, id, start, email, { destination: other }), idp, 'Response'),
      'invalid_saml_response',
    );
    const { connectionId, email } = await samlOrganization();
    const start = await startSaml(t, connectionId);
    const page = await expectErrorPage(
      await postAcs(
        t,
        connectionId,
        encodedResponse(responseFields(t, connectionId, start, email, { recipient: other }), idp),
        start.relayState,
      ),
      400,
      'invalid_saml_response',
    );
    assert.match(page, /Recipient is not this connection/);
  });

  it('expired (NotOnOrAfter passed, beyond the clock skew), or not yet valid', async () => {
    const { connectionId, email } = await samlOrganization();
    const start = await startSaml(t, connectionId);
    const response = encodedResponse(
      responseFields(t, connectionId, start, email, { notOnOrAfter: t.now() + 60_000 }),
      idp,
    );
    t.advance(60_000 + SAML_CLOCK_SKEW_MS);
    await expectErrorPage(await postAcs(t, connectionId, response, start.relayState), 400, 'expired_saml_response');
    const later = await startSaml(t, connectionId);
    const future = t.now() + SAML_CLOCK_SKEW_MS + 60_000;
    await expectErrorPage(
      await postAcs(
        t,
        connectionId,
        encodedResponse(responseFields(t, connectionId, later, email, { notBefore: future }), idp),
        later.relayState,
      ),
      400,
      'not_yet_valid_saml_response',
    );
  });

  it('answering no request of ours: an unknown InResponseTo, none at all, or another RelayState', async () => {
    await refused(
      (id, start, email) =>
        encodedResponse(
          responseFields(t, id, start, email, { inResponseTo: '_unknown', responseInResponseTo: '_unknown' }),
          idp,
        ),
      'unsolicited_saml_response',
    );
    await refused(
      (id, start, email) =>
        encodedResponse(responseFields(t, id, start, email, { inResponseTo: null, responseInResponseTo: null }), idp),
      'unsolicited_saml_response',
    );
    const { connectionId, email } = await samlOrganization();
    const [first, second] = [await startSaml(t, connectionId), await startSaml(t, connectionId)];
    // The Response answers the first request but comes back with the second start's RelayState.
    await expectErrorPage(
      await answer(connectionId, first, email, second.relayState),
      400,
      'unsolicited_saml_response',
    );
  });

  it('a reused InResponseTo: a fresh assertion for a request already answered', async () => {
    const { connectionId, email } = await samlOrganization();
    const start = await startSaml(t, connectionId);
    ssoTokenOf(await answer(connectionId, start, email));
    await expectErrorPage(await answer(connectionId, start, email), 400, 'unsolicited_saml_response');
  });

  it('a replayed assertion, after use and in parallel: exactly one post wins', async () => {
    const { connectionId, email } = await samlOrganization();
    const start = await startSaml(t, connectionId);
    const response = encodedResponse(responseFields(t, connectionId, start, email), idp);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => postAcs(t, connectionId, response, start.relayState)),
    );
    const winners = results.filter((res) => res.status === 302);
    assert.equal(winners.length, 1);
    for (const res of results.filter((res) => res.status !== 302)) {
      await expectErrorPage(res, 400, 'duplicate_saml_response');
    }
    await expectErrorPage(await postAcs(t, connectionId, response, start.relayState), 400, 'duplicate_saml_response');
  });

  it('signature wrapping: a signed assertion beside an unsigned evil one', async () => {
    await refused((id, start, email) => {
      const signed = signSamlXml(samlResponseXml(responseFields(t, id, start, email)), idp, 'Assertion');
      const evil = samlResponseXml(responseFields(t, id, start, `ceo@${email.split('@')[1]}`));
      const evilAssertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(evil)?.[0] ?? '';
      return encode(signed.replace('</samlp:Response>', `${evilAssertion}</samlp:Response>`));
    }, 'invalid_signature_saml_response');
  });

  /** The signed Response of this start, its signed assertion, and an unsigned assertion for the boss instead. */
  function wrappingParts(id: string, start: Awaited<ReturnType<typeof startSaml>>, email: string) {
    const assertionOf = (xml: string) => /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    const signed = signSamlXml(samlResponseXml(responseFields(t, id, start, email)), idp, 'Assertion');
    const evil = assertionOf(samlResponseXml(responseFields(t, id, start, `ceo@${email.split('@')[1]}`)));
    return { signed, signedAssertion: assertionOf(signed), evil };
  }

  it('signature wrapping: the signed assertion hidden in Extensions, an unsigned evil one in its place', async () => {
    // The assertion that would be read carries no signature: one elsewhere in the document counts for nothing.
    await refused((id, start, email) => {
      const { signed, signedAssertion, evil } = wrappingParts(id, start, email);
      return encode(signed.replace(signedAssertion, `<samlp:Extensions>${signedAssertion}</samlp:Extensions>${evil}`));
    }, 'missing_signature_saml_response');
  });

  it('signature wrapping: the evil assertion carries the original signature, pointing at the hidden one', async () => {
    await refused((id, start, email) => {
      const { signed, signedAssertion, evil } = wrappingParts(id, start, email);
      const signature = /<Signature[\s\S]*<\/Signature>/.exec(signedAssertion)?.[0] ?? '';
      assert.ok(signature, 'the original assertion is signed');
      const evilSigned = evil.replace('</saml:Issuer>', `</saml:Issuer>${signature}`);
      return encode(
        signed.replace(signedAssertion, `<samlp:Extensions>${signedAssertion}</samlp:Extensions>${evilSigned}`),
      );
    }, 'invalid_signature_saml_response');
  });

  it('not a SAML Response at all, or without the fields of the form post', async () => {
    const { connectionId } = await samlOrganization();
    const start = await startSaml(t, connectionId);
    const page = await expectErrorPage(
      await postAcs(t, connectionId, encode('<html/>'), start.relayState),
      400,
      'invalid_saml_response',
    );
    assert.match(page, /not a SAML 2.0 Response document/);
    const withDtd =
      '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">' +
      '&a;</samlp:Response>';
    await expectErrorPage(
      await postAcs(t, connectionId, encode(withDtd), start.relayState),
      400,
      'invalid_saml_response',
    );
    await expectErrorPage(
      await postAcs(t, connectionId, 'not base64 at all!', start.relayState),
      400,
      'invalid_saml_response',
    );
    const missing = await t.service.app.request(acsUrl(connectionId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ RelayState: start.relayState }).toString(),
    });
    assert.match(await expectErrorPage(missing, 400, 'invalid_request'), /SAMLResponse is required/);
  });

  it('to an unknown connection', async () => {
    await expectErrorPage(
      await postAcs(t, uniqueConnectionId('saml'), encode('<x/>'), 'r'),
      404,
      'sso_connection_not_found',
    );
  });
});

describe('SAML: the start', () => {
  it('refuses an unknown connection, no connection_id, the consumer token and a disallowed redirect URL', async () => {
    await expectError(
      await ssoStart(t, { connection_id: uniqueConnectionId('saml') }, '*/*'),
      404,
      'sso_connection_not_found',
    );
    await expectError(await ssoStart(t, {}, '*/*'), 400, 'invalid_request', 'connection_id is required.');
    const { connectionId } = await samlOrganization();
    await expectError(
      await ssoStart(t, { connection_id: connectionId, public_token: 'public-token-test-consumer' }, '*/*'),
      401,
      'invalid_public_token',
    );
    await expectError(
      await ssoStart(t, { connection_id: connectionId, login_redirect_url: 'https://evil.example/' }, '*/*'),
      400,
      'invalid_redirect_url',
    );
    await expectError(
      await ssoStart(t, { connection_id: connectionId, pkce_code_challenge: 'short' }, '*/*'),
      400,
      'invalid_request',
    );
  });

  it('sends the AuthnRequest to the IdP with our ACS URL and entity id', async () => {
    const { connectionId } = await samlOrganization();
    const start = await startSaml(t, connectionId);
    assert.equal(`${start.location.origin}${start.location.pathname}`, 'https://idp.example.test/sso');
    assert.match(start.request, new RegExp(`AssertionConsumerServiceURL="${acsUrl(connectionId)}"`));
    assert.match(start.request, new RegExp(`>${spEntityId(connectionId)}</saml:Issuer>`));
  });

  it('publishes the SP metadata: entity id and ACS', async () => {
    const { connectionId } = await samlOrganization();
    const res = await t.service.app.request(spEntityId(connectionId));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('Content-Type') ?? '', /^application\/samlmetadata\+xml/);
    const xml = await res.text();
    assert.match(xml, new RegExp(`entityID="${spEntityId(connectionId)}"`));
    assert.match(xml, new RegExp(`Location="${acsUrl(connectionId)}"`));
  });
});

describe('POST /b2b/sso/authenticate', () => {
  it('uses a token once; an unknown or expired one is sso_token_not_found', async () => {
    const { connectionId, email } = await samlOrganization();
    const token = ssoTokenOf(await signInToken(connectionId, email));
    await ssoAuthenticated(t, { sso_token: token });
    await expectError(await ssoAuthenticate(t, { sso_token: token }), 404, 'sso_token_not_found');
    await expectError(await ssoAuthenticate(t, { sso_token: 'made-up' }), 404, 'sso_token_not_found');
    const late = ssoTokenOf(await signInToken(connectionId, email));
    t.advance(SSO_TOKEN_LIFETIME_MS);
    await expectError(await ssoAuthenticate(t, { sso_token: late }), 404, 'sso_token_not_found');
  });

  it('checks the PKCE verifier of a start that carried a challenge, before using the token up', async () => {
    const { connectionId, email } = await samlOrganization();
    const pkce = pkcePair();
    const token = ssoTokenOf(await signInToken(connectionId, email, { pkce_code_challenge: pkce.challenge }));
    await expectError(await ssoAuthenticate(t, { sso_token: token }), 400, 'pkce_expected_code_verifier');
    await expectError(
      await ssoAuthenticate(t, { sso_token: token, pkce_code_verifier: pkcePair().verifier }),
      400,
      'pkce_mismatch',
    );
    const data = await ssoAuthenticated(t, { sso_token: token, pkce_code_verifier: pkce.verifier });
    assert.equal(data.member.email_address, email);
  });

  it('refuses malformed input with invalid_request, and the consumer public token', async () => {
    await expectError(await ssoAuthenticate(t, { sso_token: 7 }), 400, 'invalid_request', 'sso_token must be a string');
    await expectError(
      await ssoAuthenticate(t, { sso_token: 'x', session_duration_minutes: 'long' }),
      400,
      'invalid_request',
    );
    const { publicToken } = t.service.config;
    const consumer = await t.service.app.request(`/sdk/v1${SSO_PATHS.authenticate}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
      },
      body: JSON.stringify({ sso_token: 'x', session_duration_minutes: 30 }),
    });
    await expectError(consumer, 401, 'invalid_public_token');
  });

  it('parallel first sign-ins of one address make one member', async () => {
    const { organization, connectionId, email } = await samlOrganization();
    const tokens = await Promise.all(
      Array.from({ length: 6 }, async () => ssoTokenOf(await signInToken(connectionId, email))),
    );
    const results = await Promise.all(tokens.map((token) => ssoAuthenticated(t, { sso_token: token })));
    assert.equal(new Set(results.map((data) => data.member_id)).size, 1);
    const rows = await t.service.db.query<{ n: number }>(
      'select count(*)::int as n from members where organization_id = $1 and email = $2',
      [organization.id, email],
    );
    assert.equal(rows[0]?.n, 1);
  });

  it('provisions no new member when the organization does not let SSO do it', async () => {
    const { connectionId, email } = await samlOrganization({ sso_jit_provisioning: 'NOT_ALLOWED' });
    const token = ssoTokenOf(await signInToken(connectionId, email));
    await expectError(await ssoAuthenticate(t, { sso_token: token }), 403, 'invalid_connection_for_jit_provisioning');
    const restricted = await samlOrganization({ sso_jit_provisioning: 'RESTRICTED' });
    const other = ssoTokenOf(await signInToken(restricted.connectionId, restricted.email));
    await expectError(await ssoAuthenticate(t, { sso_token: other }), 403, 'invalid_connection_for_jit_provisioning');
  });
});

describe('SSO discovery', () => {
  it('lists the connections an address could use: its domain with JIT, none elsewhere', async () => {
    const { connectionId, domain } = await samlOrganization();
    const data = await dataOf<{ connections: unknown[] }>(
      await b2bGet(t, `${SSO_PATHS.discoveryConnections}?email_address=${encodeURIComponent(`new@${domain}`)}`),
    );
    assert.deepEqual(data.connections, [
      { connection_id: connectionId, display_name: 'Test IdP', identity_provider: 'generic' },
    ]);
    const none = await dataOf<{ connections: unknown[] }>(
      await b2bGet(t, `${SSO_PATHS.discoveryConnections}?email_address=someone%40nowhere.example`),
    );
    assert.deepEqual(none.connections, []);
    await expectError(
      await b2bGet(t, `${SSO_PATHS.discoveryConnections}?email_address=not-an-address`),
      400,
      'invalid_email',
    );
  });
});

describe('the dev SAML stand-in (Lumen Stage Systems)', () => {
  it('signs in through its page and posts a signed Response; Lumen requires MFA', async () => {
    const start = await ssoStart(t, { connection_id: DEV_SAML_CONNECTION_ID });
    const idpUrl = new URL(start.headers.get('Location') ?? '');
    assert.equal(idpUrl.pathname, DEV_SAML_IDP_PATH);
    const page = await t.service.app.request(`${idpUrl.pathname}${idpUrl.search}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Sign in to Lumen Stage Systems/);
    const form = new URLSearchParams({
      SAMLRequest: idpUrl.searchParams.get('SAMLRequest') ?? '',
      RelayState: idpUrl.searchParams.get('RelayState') ?? '',
      email: 'ada@gmail.example',
      name: 'Ada Lovelace',
    });
    const post = (body: URLSearchParams) =>
      t.service.app.request(DEV_SAML_IDP_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
    const wrongDomain = await post(form);
    assert.equal(wrongDomain.status, 400);
    assert.match(await wrongDomain.text(), /lumenstage\.localhost/);
    form.set('email', `ada.${Date.now()}@lumenstage.localhost`);
    const answer = await (await post(form)).text();
    const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(answer)?.[1] ?? '';
    const relayState = /name="RelayState" value="([^"]+)"/.exec(answer)?.[1] ?? '';
    assert.match(answer, new RegExp(`action="${acsUrl(DEV_SAML_CONNECTION_ID)}"`));
    const token = ssoTokenOf(await postAcs(t, DEV_SAML_CONNECTION_ID, samlResponse, relayState));
    const data = await ssoAuthenticated(t, { sso_token: token });
    assert.equal(data.organization.organization_slug, 'lumen-stage');
    assert.equal(data.member.name, 'Ada Lovelace');
    assert.equal(data.member_authenticated, false);
    assert.ok(data.intermediate_session_token);
    const lumen = {
      sso_active_connections: [
        {
          connection_id: DEV_SAML_CONNECTION_ID,
          display_name: 'Lumen Stage Systems SSO (dev SAML)',
          identity_provider: 'generic',
        },
      ],
      sso_jit_provisioning_allowed_connections: [DEV_SAML_CONNECTION_ID],
      sso_default_connection_id: DEV_SAML_CONNECTION_ID,
    };
    assert.deepEqual(ssoFieldsOf(data.organization), lumen);
    // The discovery list shows the member's organization with its connection too.
    const { discovered_organizations } = await discover(t, form.get('email') ?? '');
    assert.deepEqual(
      discovered_organizations.map((found) => ssoFieldsOf(found.organization)),
      [lumen],
    );
    assert.equal(
      discovered_organizations[0]?.membership.member?.sso_registrations[0]?.connection_id,
      DEV_SAML_CONNECTION_ID,
    );
  });
});

/** What an organization on the wire says about its SSO connections. */
function ssoFieldsOf(organization: Organization) {
  const { sso_active_connections, sso_jit_provisioning_allowed_connections, sso_default_connection_id } = organization;
  return { sso_active_connections, sso_jit_provisioning_allowed_connections, sso_default_connection_id };
}

describe('per-IP limits of SSO starts and discovery lookups, as configured', () => {
  let limited: TestService;
  before(async () => {
    limited = await startTestService({ ipRateLimits: { ssoStarts: 2, ssoDiscoveries: 2 } });
  });
  after(() => limited.close());

  it('refuses the start and the lookup past the limit with 429', async () => {
    const starts = [];
    for (let i = 0; i < 3; i++)
      starts.push((await ssoStart(limited, { connection_id: DEV_SAML_CONNECTION_ID })).status);
    assert.deepEqual(starts, [302, 302, 429]);
    const lookups = [];
    for (let i = 0; i < 3; i++) {
      const res = await b2bGet(limited, `${SSO_PATHS.discoveryConnections}?email_address=a%40lumenstage.localhost`);
      lookups.push(res.status);
    }
    assert.deepEqual(lookups, [200, 200, 429]);
  });
});

describe('production: configured connections only', () => {
  let dataDir: string;
  let prod: TestService;
  const PUBLIC_URL = 'https://login.westlight.test';
  const connectionId = 'saml-connection-live-acme';

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-production-'));
    const options = {
      mode: 'production' as const,
      database: { kind: 'pglite' as const, dataDir },
      publicUrl: PUBLIC_URL,
      requestLog: null,
    };
    // The organization exists before the connection that names it (made by a first run, as discovery would).
    const first = await startTestService(options);
    await makeOrganization(first, { slug: 'acme', domain: 'acme.example' });
    await first.close();
    prod = await startTestService({
      ...options,
      redirectUrls: [PORTAL_URL],
      ssoConnections: [
        {
          connection_id: connectionId,
          organization_slug: 'acme',
          idp_entity_id: 'https://idp.example.test/entity',
          idp_sso_url: 'https://idp.example.test/sso',
          x509_certificates: [idp.certificatePem],
        },
      ],
    });
  });
  after(async () => {
    await prod.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no stand-in and no seeded connection', async () => {
    for (const route of [
      `${DEV_SAML_IDP_PATH}?SAMLRequest=x&RelayState=y`,
      '/dev/sso/oidc/.well-known/openid-configuration',
    ]) {
      await expectError(await prod.service.app.request(route), 404, 'not_found');
    }
    await expectError(
      await ssoStart(prod, { connection_id: DEV_SAML_CONNECTION_ID }, '*/*'),
      404,
      'sso_connection_not_found',
    );
  });

  it('signs in through the configured connection on the public URL', async () => {
    const start = await startSaml(prod, connectionId);
    const fields = responseFields(prod, connectionId, start, 'ops@acme.example', {
      destination: acsUrl(connectionId, PUBLIC_URL),
      recipient: acsUrl(connectionId, PUBLIC_URL),
      audience: spEntityId(connectionId, PUBLIC_URL),
    });
    const token = ssoTokenOf(await postAcs(prod, connectionId, encodedResponse(fields, idp), start.relayState));
    const data: MemberAuthenticateResponse = await ssoAuthenticated(prod, { sso_token: token });
    assert.equal(data.member.email_address, 'ops@acme.example');
    assert.equal(data.member_authenticated, true);
  });

  it('reads SSO_CONNECTIONS (or SSO_CONNECTIONS_FILE) from the environment as a JSON array', () => {
    const connection = { connection_id: connectionId, organization_slug: 'acme' };
    const options = serviceOptionsFromEnv({ SSO_CONNECTIONS: JSON.stringify([connection]) }, process.cwd());
    assert.deepEqual(options.ssoConnections, [connection]);
    assert.throws(
      () => serviceOptionsFromEnv({ SSO_CONNECTIONS: '{"connection_id": "x"}' }, process.cwd()),
      /^Error: SSO_CONNECTIONS must be a JSON array of SSO connections/,
    );
  });

  it('stops a connection the configuration no longer lists, and refuses a broken one at start', async () => {
    await prod.close();
    prod = await startTestService({
      mode: 'production',
      database: { kind: 'pglite', dataDir },
      publicUrl: PUBLIC_URL,
      requestLog: null,
    });
    await expectError(await ssoStart(prod, { connection_id: connectionId }, '*/*'), 404, 'sso_connection_not_found');
    await assert.rejects(
      startTestService({
        mode: 'production',
        ssoConnections: [
          { connection_id: 'saml-connection-x', organization_slug: 'acme', idp_sso_url: 'https://idp.example/sso' },
        ],
      }),
      /SSO connection saml-connection-x: idp_entity_id must be a non-empty string/,
    );
  });
});
