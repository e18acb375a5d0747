// Configured SSO connections (the `ssoConnections` option, env SSO_CONNECTIONS or SSO_CONNECTIONS_FILE): checked when
// the configuration is resolved, so a broken connection stops the start with a message that names it, and written to
// the database at every start, so the configuration is the truth: a connection removed from it stops working.
import { X509Certificate } from 'node:crypto';
import { SSO_CONNECTIONS_MAX } from '../constants/sso.ts';
import type { Db } from '../db/db.ts';
import { OAUTH_SCOPE_TOKEN_PATTERN } from '../constants/social.ts';
import { seal } from '../security/encryption.ts';
import type { SecretKeys } from '../security/secret-keys.ts';
import { findOrganizationBySlug, setSsoDefaultConnection } from '../store/organizations.ts';
import {
  clearConfiguredSsoDefaultsExcept,
  deactivateSsoConnectionsExcept,
  ssoClientSecretContext,
  upsertSsoConnection,
  type SsoConnectionInput,
} from '../store/sso-connections.ts';
import { isLoopbackHttp } from './oauth-clients.ts';

/**
 * One organization's connection to its identity provider, in the wire's names (snake_case, as the hosted provider's
 * SAMLConnection and OIDCConnection objects). The id must start with `saml-connection-` or `oidc-connection-`, which
 * says the kind, and must never change: the IdP is configured with URLs that contain it.
 */
export interface SsoConnectionConfig {
  connection_id: string;
  /** The organization, by its slug; it must exist when the service starts. */
  organization_slug: string;
  display_name?: string;
  /** `generic` (default), `okta`, `microsoft-entra`, `google-workspace`. */
  identity_provider?: string;
  /** With the organization's SSO JIT provisioning RESTRICTED: whether this connection may create members. */
  jit_provisioning_allowed?: boolean;
  /**
   * Whether this is the organization's default connection (the wire's `sso_default_connection_id`, which the sign-in
   * screen goes straight to); at most one per organization.
   */
  default?: boolean;
  /** IdP attribute (SAML) or claim (OIDC) names for `email`, `first_name`, `last_name`, `full_name`. */
  attribute_mapping?: Record<string, string>;
  // SAML
  /** The Issuer of the IdP's assertions. */
  idp_entity_id?: string;
  /** The IdP's sign-in URL (HTTP-Redirect binding). */
  idp_sso_url?: string;
  /** PEM certificates whose keys may sign the IdP's answers (several during a key rollover). */
  x509_certificates?: string[];
  // OIDC
  issuer?: string;
  client_id?: string;
  client_secret?: string;
  /** Endpoints that take the place of the discovered ones. */
  authorization_url?: string;
  token_url?: string;
  userinfo_url?: string;
  jwks_url?: string;
  /** Space-separated scopes asked for besides `openid email profile`. */
  custom_scopes?: string;
}

const CONNECTION_ID = /^(saml|oidc)-connection-[A-Za-z0-9._-]{1,100}$/;

/** The configured connections, each checked; a mistake throws an Error naming the connection and the field. */
export function checkedSsoConnections(connections: readonly SsoConnectionConfig[]): SsoConnectionConfig[] {
  if (connections.length > SSO_CONNECTIONS_MAX) {
    throw new Error(`ssoConnections lists ${connections.length} connections; at most ${SSO_CONNECTIONS_MAX}.`);
  }
  const seen = new Set<string>();
  const defaults = new Map<string, string>();
  for (const connection of connections) {
    const id = connection?.connection_id;
    if (typeof id !== 'string' || !CONNECTION_ID.test(id)) {
      throw new Error(
        'Every SSO connection needs a connection_id: saml-connection-<name> or oidc-connection-<name> (letters, ' +
          `digits, . _ -), got ${JSON.stringify(id)}.`,
      );
    }
    if (seen.has(id)) throw new Error(`SSO connection ${id} is listed twice.`);
    seen.add(id);
    checkConnection(id, connection);
    if (connection.default !== true) continue;
    const other = defaults.get(connection.organization_slug);
    if (other) {
      throw new Error(
        `SSO connections ${other} and ${id} are both the default of the organization ` +
          `${connection.organization_slug}; ` +
          'at most one connection per organization may say "default": true.',
      );
    }
    defaults.set(connection.organization_slug, id);
  }
  return connections.map((connection) => ({ ...connection }));
}

function checkConnection(id: string, connection: SsoConnectionConfig): void {
  const fail = (field: string, what: string) => {
    throw new Error(`SSO connection ${id}: ${field} ${what}.`);
  };
  const text = (field: keyof SsoConnectionConfig, required: boolean) => {
    const value = connection[field];
    if (value === undefined && !required) return;
    if (typeof value !== 'string' || (required && value.trim() === '')) fail(field, 'must be a non-empty string');
  };
  const url = (field: keyof SsoConnectionConfig, required: boolean) => {
    text(field, required);
    const value = connection[field] as string | undefined;
    if (value === undefined) return;
    // An identity provider is reached over TLS; plain http only on the loopback interface (a local test IdP).
    if (!URL.canParse(value) || (new URL(value).protocol !== 'https:' && !isLoopbackHttp(value))) {
      fail(field, `must be an absolute https URL, got ${JSON.stringify(value)}`);
    }
  };
  text('organization_slug', true);
  text('display_name', false);
  text('identity_provider', false);
  for (const flag of ['jit_provisioning_allowed', 'default'] as const) {
    if (connection[flag] !== undefined && typeof connection[flag] !== 'boolean') fail(flag, 'must be true or false');
  }
  const mapping = connection.attribute_mapping;
  if (
    mapping !== undefined &&
    (typeof mapping !== 'object' || mapping === null || !Object.values(mapping).every((v) => typeof v === 'string'))
  ) {
    fail('attribute_mapping', 'must be an object of attribute names');
  }
  if (id.startsWith('saml-')) {
    text('idp_entity_id', true);
    url('idp_sso_url', true);
    const certificates = connection.x509_certificates;
    if (!Array.isArray(certificates) || certificates.length === 0)
      fail('x509_certificates', 'must list PEM certificates');
    for (const pem of certificates ?? []) {
      try {
        new X509Certificate(pem);
      } catch {
        fail('x509_certificates', 'has an entry that is not a PEM X.509 certificate');
      }
    }
    return;
  }
  url('issuer', true);
  text('client_id', true);
  text('client_secret', true);
  for (const field of ['authorization_url', 'token_url', 'userinfo_url', 'jwks_url'] as const) url(field, false);
  text('custom_scopes', false);
  for (const scope of (connection.custom_scopes ?? '').split(' ').filter(Boolean)) {
    if (!OAUTH_SCOPE_TOKEN_PATTERN.test(scope)) fail('custom_scopes', `has an invalid scope ${JSON.stringify(scope)}`);
  }
}

/**
 * Writes every configured connection (its client secret sealed under the current key) and deactivates configured
 * connections the configuration no longer lists. An organization named by slug must exist: a connection for nobody is
 * a mistake, and stops the start. The default connections are set on their organizations, and a configured connection
 * no longer marked default stops being one.
 */
export async function writeConfiguredSsoConnections(
  db: Db,
  secrets: SecretKeys,
  connections: readonly SsoConnectionConfig[],
  now: number,
): Promise<void> {
  const defaults: string[] = [];
  for (const connection of connections) {
    const organizationId = await writeSsoConnection(db, secrets, connection, 'configured', now);
    if (connection.default !== true) continue;
    await setSsoDefaultConnection(db, organizationId, connection.connection_id);
    defaults.push(connection.connection_id);
  }
  await clearConfiguredSsoDefaultsExcept(db, defaults);
  await deactivateSsoConnectionsExcept(
    db,
    'configured',
    connections.map((connection) => connection.connection_id),
  );
}

/**
 * Writes one connection as given (created, or replaced); `source` says whether the configuration or development's
 * stand-ins (whose URLs may be paths on the service's own origin) own it. `keepCertificates`: store/sso-connections.ts.
 * Answers the id of the connection's organization.
 */
export async function writeSsoConnection(
  db: Db,
  secrets: SecretKeys,
  connection: SsoConnectionConfig,
  source: SsoConnectionInput['source'],
  now: number,
  keepCertificates = 0,
): Promise<string> {
  const organization = await findOrganizationBySlug(db, connection.organization_slug);
  if (!organization) {
    throw new Error(
      `SSO connection ${connection.connection_id} names the organization ${connection.organization_slug}, ` +
        'which does not exist. Create the organization first, then start the service again.',
    );
  }
  await upsertSsoConnection(db, rowOf(connection, organization.id, secrets, source), now, keepCertificates);
  return organization.id;
}

function rowOf(
  connection: SsoConnectionConfig,
  organizationId: string,
  secrets: SecretKeys,
  source: SsoConnectionInput['source'],
): SsoConnectionInput {
  const saml = connection.connection_id.startsWith('saml-');
  return {
    id: connection.connection_id,
    organization_id: organizationId,
    kind: saml ? 'saml' : 'oidc',
    display_name: connection.display_name ?? '',
    status: 'active',
    identity_provider: connection.identity_provider ?? 'generic',
    jit_provisioning_allowed: connection.jit_provisioning_allowed ?? false,
    attribute_mapping: connection.attribute_mapping ?? {},
    source,
    idp_entity_id: connection.idp_entity_id ?? '',
    idp_sso_url: connection.idp_sso_url ?? '',
    idp_certificates: connection.x509_certificates ?? [],
    issuer: connection.issuer ?? '',
    client_id: connection.client_id ?? '',
    client_secret: connection.client_secret
      ? seal(secrets, connection.client_secret, ssoClientSecretContext(connection.connection_id))
      : null,
    authorization_url: connection.authorization_url ?? '',
    token_url: connection.token_url ?? '',
    userinfo_url: connection.userinfo_url ?? '',
    jwks_url: connection.jwks_url ?? '',
    custom_scopes: connection.custom_scopes ?? '',
  };
}
