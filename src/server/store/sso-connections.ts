// Organizations' SSO connections: read for a sign-in, listed for an organization and for SSO discovery, and written
// only at start (configured connections, development's stand-ins). The client secret arrives here already sealed.
import type { SsoActiveConnection } from '../../api/organizations.ts';
import type { SsoConnectionKind } from '../../api/sso.ts';
import type { Db } from '../db/db.ts';
import { iso } from './time.ts';

export interface SsoConnectionRow {
  id: string;
  organization_id: string;
  kind: SsoConnectionKind;
  display_name: string;
  status: 'pending' | 'active';
  identity_provider: string;
  jit_provisioning_allowed: boolean;
  attribute_mapping: Record<string, string>;
  source: 'configured' | 'dev';
  idp_entity_id: string;
  idp_sso_url: string;
  idp_certificates: string[];
  issuer: string;
  client_id: string;
  /** Sealed (security/encryption.ts); null for SAML. */
  client_secret: string | null;
  authorization_url: string;
  token_url: string;
  userinfo_url: string;
  jwks_url: string;
  custom_scopes: string;
  created_at: Date;
  updated_at: Date;
}

/** What a start-up writes: every column but the timestamps. */
export type SsoConnectionInput = Omit<SsoConnectionRow, 'created_at' | 'updated_at'>;

/** The GCM context of a connection's sealed client secret: a ciphertext copied to another connection does not open. */
export function ssoClientSecretContext(connectionId: string): string {
  return `sso-client-secret:${connectionId}`;
}

export async function findSsoConnection(db: Db, id: string): Promise<SsoConnectionRow | null> {
  const [row] = await db.query<SsoConnectionRow>('select * from sso_connections where id = $1', [id]);
  return row ?? null;
}

/**
 * Writes a connection as the configuration says it is now: created on the first start, replaced on later ones (its id
 * is what the IdP knows us by, in the ACS and redirect URLs, so it never changes). With `keepCertificates` > 0 the
 * given certificates are put first and up to that many of those already stored stay behind them (development's SAML
 * stand-in, whose key is new in every process: processes that start together each add theirs, in one statement).
 */
export async function upsertSsoConnection(
  db: Db,
  input: SsoConnectionInput,
  now: number,
  keepCertificates = 0,
): Promise<void> {
  await db.query(
    `insert into sso_connections (id, organization_id, kind, display_name, status, identity_provider,
       jit_provisioning_allowed, attribute_mapping, source, idp_entity_id, idp_sso_url, idp_certificates, issuer,
       client_id, client_secret, authorization_url, token_url, userinfo_url, jwks_url, custom_scopes, created_at,
       updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19, $20,
       $21::timestamptz, $21::timestamptz)
     on conflict (id) do update set
       organization_id = excluded.organization_id, kind = excluded.kind, display_name = excluded.display_name,
       status = excluded.status, identity_provider = excluded.identity_provider,
       jit_provisioning_allowed = excluded.jit_provisioning_allowed, attribute_mapping = excluded.attribute_mapping,
       source = excluded.source, idp_entity_id = excluded.idp_entity_id, idp_sso_url = excluded.idp_sso_url,
       idp_certificates = case when $22::int = 0 then excluded.idp_certificates else (
         select coalesce(jsonb_agg(certificate order by position), '[]'::jsonb) from (
           select certificate, min(position) as position
           from jsonb_array_elements(excluded.idp_certificates || sso_connections.idp_certificates)
             with ordinality as listed(certificate, position)
           group by certificate order by min(position) limit $22::int
         ) as kept) end,
       issuer = excluded.issuer, client_id = excluded.client_id,
       client_secret = excluded.client_secret, authorization_url = excluded.authorization_url,
       token_url = excluded.token_url, userinfo_url = excluded.userinfo_url, jwks_url = excluded.jwks_url,
       custom_scopes = excluded.custom_scopes, updated_at = excluded.updated_at`,
    [
      input.id,
      input.organization_id,
      input.kind,
      input.display_name,
      input.status,
      input.identity_provider,
      input.jit_provisioning_allowed,
      JSON.stringify(input.attribute_mapping),
      input.source,
      input.idp_entity_id,
      input.idp_sso_url,
      JSON.stringify(input.idp_certificates),
      input.issuer,
      input.client_id,
      input.client_secret,
      input.authorization_url,
      input.token_url,
      input.userinfo_url,
      input.jwks_url,
      input.custom_scopes,
      iso(now),
      keepCertificates,
    ],
  );
}

/** Deactivates the connections of `source` whose ids are not listed (removed from the configuration). */
export async function deactivateSsoConnectionsExcept(
  db: Db,
  source: SsoConnectionRow['source'],
  keep: readonly string[],
): Promise<void> {
  await db.query(
    `update sso_connections set status = 'pending' where source = $1 and status = 'active' and id <> all($2::text[])`,
    [source, keep],
  );
}

/**
 * Clears the default connection of every organization whose default is a configured connection not listed in
 * `keep` (no longer marked default in the configuration); defaults of development's stand-ins are theirs to set.
 */
export async function clearConfiguredSsoDefaultsExcept(db: Db, keep: readonly string[]): Promise<void> {
  await db.query(
    `update organizations set sso_default_connection_id = null
     where sso_default_connection_id <> all($1::text[])
       and sso_default_connection_id in (select id from sso_connections where source = 'configured')`,
    [keep],
  );
}

/** An active connection, with what SSO discovery filters on. */
export type ActiveSsoConnection = SsoActiveConnection & { organization_id: string; jit_provisioning_allowed: boolean };

/** Each active connection of these organizations, oldest first. */
export async function activeConnections(db: Db, organizationIds: readonly string[]): Promise<ActiveSsoConnection[]> {
  if (organizationIds.length === 0) return [];
  return db.query(
    `select id as connection_id, display_name, identity_provider, organization_id, jit_provisioning_allowed
     from sso_connections where organization_id = any($1::text[]) and status = 'active'
     order by created_at, id`,
    [organizationIds],
  );
}

/** An organization's active connections as the wire's Organization lists them (`sso_active_connections`). */
export async function ssoActiveConnectionsOf(db: Db, organizationId: string): Promise<SsoActiveConnection[]> {
  return (await activeConnections(db, [organizationId])).map(toActiveConnection);
}

/** The connections that may provision members when the organization's SSO JIT provisioning is RESTRICTED. */
export async function ssoJitAllowedConnectionIds(db: Db, organizationId: string): Promise<string[]> {
  return (await activeConnections(db, [organizationId]))
    .filter((connection) => connection.jit_provisioning_allowed)
    .map((connection) => connection.connection_id);
}

/** The wire's SSOActiveConnection (nothing else of the row). */
export function toActiveConnection(row: SsoActiveConnection): SsoActiveConnection {
  return { connection_id: row.connection_id, display_name: row.display_name, identity_provider: row.identity_provider };
}
