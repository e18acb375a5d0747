// Configured SSO connections naming their organization's default connection (`"default": true`): checked when the
// configuration is resolved (a boolean, at most one per organization), written to the organization's
// `sso_default_connection_id` at every start, and cleared when the configuration no longer marks the connection.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { B2B_PATHS, type OrganizationSearchResponse } from '../../src/api/organizations.ts';
import { newSamlSigningIdentity } from '../../src/server/dev/saml-stand-in.ts';
import type { ServiceOptions } from '../../src/server/config.ts';
import { serviceOptionsFromEnv } from '../../src/server/env-options.ts';
import { checkedSsoConnections, type SsoConnectionConfig } from '../../src/server/services/sso-config.ts';
import { b2bPost, makeOrganization } from './organizations-support.ts';
import { dataOf, startTestService, type TestService } from './support.ts';

let certificatePem: string;
let dataDir: string;

before(async () => {
  ({ certificatePem } = await newSamlSigningIdentity('Test IdP', Date.now()));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-config-'));
});
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function saml(connectionId: string, organizationSlug: string, extra: Partial<SsoConnectionConfig> = {}) {
  return {
    connection_id: connectionId,
    organization_slug: organizationSlug,
    idp_entity_id: `https://idp.example.test/${connectionId}`,
    idp_sso_url: 'https://idp.example.test/sso',
    x509_certificates: [certificatePem],
    ...extra,
  };
}

function oidc(connectionId: string, organizationSlug: string, extra: Partial<SsoConnectionConfig> = {}) {
  return {
    connection_id: connectionId,
    organization_slug: organizationSlug,
    issuer: 'https://idp.example.test',
    client_id: 'westlight',
    client_secret: 'shh',
    ...extra,
  };
}

/** The production service on the test's database with these configured connections. */
function production(ssoConnections: SsoConnectionConfig[]): Promise<TestService> {
  const options: ServiceOptions = {
    mode: 'production',
    database: { kind: 'pglite', dataDir },
    publicUrl: 'https://login.westlight.test',
    requestLog: null,
    ssoConnections,
  };
  return startTestService(options);
}

/** What a page that knows only the slug is told: the default connection, by id. */
async function defaultOf(t: TestService, slug: string): Promise<string | null | undefined> {
  const data = await dataOf<OrganizationSearchResponse>(
    await b2bPost(t, B2B_PATHS.organizationsSearch, { organization_slug: slug }),
  );
  return data.organization?.sso_default_connection_id;
}

/** The organization's column itself, whatever the wire shows of it. */
async function storedDefault(t: TestService, slug: string): Promise<string | null | undefined> {
  const [row] = await t.service.db.query<{ id: string | null }>(
    'select sso_default_connection_id as id from organizations where slug = $1',
    [slug],
  );
  return row?.id;
}

describe('checking "default" when the configuration is resolved', () => {
  it('one default per organization is accepted, and kept as given', () => {
    const connections = [
      saml('saml-connection-a', 'acme'),
      saml('saml-connection-b', 'acme', { default: true }),
      oidc('oidc-connection-g', 'globex', { default: true }),
    ];
    assert.deepEqual(checkedSsoConnections(connections), connections);
  });

  it('two defaults of one organization are refused, naming both', () => {
    assert.throws(
      () =>
        checkedSsoConnections([
          saml('saml-connection-a', 'acme', { default: true }),
          oidc('oidc-connection-g', 'globex', { default: true }),
          oidc('oidc-connection-b', 'acme', { default: true }),
        ]),
      {
        message:
          'SSO connections saml-connection-a and oidc-connection-b are both the default of the organization acme; ' +
          'at most one connection per organization may say "default": true.',
      },
    );
  });

  it('a default that is not a boolean is refused', () => {
    assert.throws(
      () => checkedSsoConnections([saml('saml-connection-a', 'acme', { default: 'yes' as unknown as boolean })]),
      { message: 'SSO connection saml-connection-a: default must be true or false.' },
    );
  });

  it('SSO_CONNECTIONS carries "default" through', () => {
    const connection = { connection_id: 'saml-connection-a', organization_slug: 'acme', default: true };
    const options = serviceOptionsFromEnv({ SSO_CONNECTIONS: JSON.stringify([connection]) }, process.cwd());
    assert.deepEqual(options.ssoConnections, [connection]);
  });
});

describe('production: the configured default connection of each organization', () => {
  let t: TestService | undefined;
  after(() => t?.close());

  it('is written at start, moved or cleared by the next start, and a broken one stops the start', async () => {
    // The organizations exist before the connections that name them (made by a first run).
    t = await production([]);
    await makeOrganization(t, { slug: 'acme', domain: 'acme.example' });
    await makeOrganization(t, { slug: 'globex', domain: 'globex.example' });
    assert.equal(await defaultOf(t, 'acme'), null);
    await t.close();

    t = await production([
      saml('saml-connection-a', 'acme'),
      saml('saml-connection-b', 'acme', { default: true }),
      oidc('oidc-connection-g', 'globex', { default: true }),
    ]);
    assert.equal(await defaultOf(t, 'acme'), 'saml-connection-b');
    assert.equal(await defaultOf(t, 'globex'), 'oidc-connection-g');
    await t.close();

    // The default moves to another connection, and globex's connection is no longer marked: no default.
    t = await production([
      saml('saml-connection-a', 'acme', { default: true }),
      saml('saml-connection-b', 'acme'),
      oidc('oidc-connection-g', 'globex'),
    ]);
    assert.equal(await defaultOf(t, 'acme'), 'saml-connection-a');
    assert.equal(await defaultOf(t, 'globex'), null);
    assert.equal(await storedDefault(t, 'globex'), null);
    await t.close();

    // The connections left out: none is active, and neither organization keeps a default.
    t = await production([]);
    for (const slug of ['acme', 'globex']) {
      assert.equal(await defaultOf(t, slug), null, slug);
      assert.equal(await storedDefault(t, slug), null, slug);
    }
    await t.close();
    t = undefined;

    await assert.rejects(
      production([saml('saml-connection-x', 'initech', { default: true })]),
      /SSO connection saml-connection-x names the organization initech, which does not exist/,
    );
    await assert.rejects(
      production([
        saml('saml-connection-a', 'acme', { default: true }),
        saml('saml-connection-b', 'acme', { default: true }),
      ]),
      /SSO connections saml-connection-a and saml-connection-b are both the default of the organization acme/,
    );
  });
});
