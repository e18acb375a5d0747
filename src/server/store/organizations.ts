import type {
  JitProvisioning,
  MfaPolicy,
  Organization,
  OrganizationAuthMethod,
  OrganizationMfaMethod,
  SsoActiveConnection,
} from '../../api/organizations.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  logo_url: string;
  email_allowed_domains: string[];
  email_jit_provisioning: 'RESTRICTED' | 'NOT_ALLOWED';
  sso_jit_provisioning: JitProvisioning;
  auth_methods: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_auth_methods: OrganizationAuthMethod[];
  mfa_policy: MfaPolicy;
  mfa_methods: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_mfa_methods: OrganizationMfaMethod[];
  trusted_metadata: Record<string, unknown>;
  sso_default_connection_id: string | null;
  created_at: Date;
}

/** What a new organization is made of; the id is made here unless given (the dev seeds keep theirs stable). */
export type NewOrganization = Omit<OrganizationRow, 'id' | 'created_at' | 'sso_default_connection_id'> & {
  id?: string;
  now: number;
};

const COLUMNS = `id, name, slug, logo_url, email_allowed_domains, email_jit_provisioning, sso_jit_provisioning,
  auth_methods, allowed_auth_methods, mfa_policy, mfa_methods, allowed_mfa_methods, trusted_metadata,
  sso_default_connection_id, created_at`;

export async function findOrganizationById(db: Db, id: string): Promise<OrganizationRow | null> {
  const [row] = await db.query<OrganizationRow>(`select ${COLUMNS} from organizations where id = $1`, [id]);
  return row ?? null;
}

export async function findOrganizationBySlug(db: Db, slug: string): Promise<OrganizationRow | null> {
  const [row] = await db.query<OrganizationRow>(`select ${COLUMNS} from organizations where slug = $1`, [slug]);
  return row ?? null;
}

/** The organizations with these ids (discovery lists a member's organizations at once), in no particular order. */
export async function findOrganizationsByIds(db: Db, ids: readonly string[]): Promise<OrganizationRow[]> {
  if (ids.length === 0) return [];
  return db.query<OrganizationRow>(`select ${COLUMNS} from organizations where id = any($1::text[])`, [ids]);
}

/**
 * A new organization, or null when its slug (or its given id) is taken. The unique constraints decide between parallel
 * creates (on any number of instances): exactly one insert returns the row, the others return nothing. The id counts
 * too because the development seeds have fixed ids and every starting process writes them at once.
 */
export async function insertOrganization(db: Db, row: NewOrganization): Promise<OrganizationRow | null> {
  const [inserted] = await db.query<OrganizationRow>(
    `insert into organizations (id, name, slug, logo_url, email_allowed_domains, email_jit_provisioning,
       sso_jit_provisioning, auth_methods, allowed_auth_methods, mfa_policy, mfa_methods, allowed_mfa_methods,
       trusted_metadata, created_at)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9::jsonb, $10, $11, $12::jsonb, $13::jsonb, $14::timestamptz)
     on conflict do nothing
     returning ${COLUMNS}`,
    [
      row.id ?? newId(db, 'organization'),
      row.name,
      row.slug,
      row.logo_url,
      JSON.stringify(row.email_allowed_domains),
      row.email_jit_provisioning,
      row.sso_jit_provisioning,
      row.auth_methods,
      JSON.stringify(row.allowed_auth_methods),
      row.mfa_policy,
      row.mfa_methods,
      JSON.stringify(row.allowed_mfa_methods),
      JSON.stringify(row.trusted_metadata),
      iso(row.now),
    ],
  );
  return inserted ?? null;
}

/** The organizations that list `domain` (lower case) among their allowed email domains, oldest first. */
export async function organizationsForEmailDomain(db: Db, domain: string): Promise<OrganizationRow[]> {
  return db.query<OrganizationRow>(
    `select ${COLUMNS} from organizations where email_allowed_domains @> jsonb_build_array($1::text)
     order by created_at, id`,
    [domain],
  );
}

/** Names the connection used for SSO when the organization has several (the development seeds name theirs). */
export async function setSsoDefaultConnection(db: Db, organizationId: string, connectionId: string): Promise<void> {
  await db.query('update organizations set sso_default_connection_id = $2 where id = $1', [
    organizationId,
    connectionId,
  ]);
}

/**
 * The wire's Organization, given what the SSO tables keep about it (services/organization-wire.ts reads them; every
 * answer goes through there). A default connection that is no longer active is not named.
 */
export function toWireOrganization(
  row: OrganizationRow,
  sso: { activeConnections: SsoActiveConnection[]; jitAllowedConnectionIds: string[] },
): Organization {
  const created = iso(row.created_at);
  return {
    organization_id: row.id,
    organization_name: row.name,
    organization_slug: row.slug,
    organization_logo_url: row.logo_url,
    trusted_metadata: row.trusted_metadata,
    email_allowed_domains: row.email_allowed_domains,
    email_jit_provisioning: row.email_jit_provisioning,
    email_invites: 'NOT_ALLOWED',
    sso_jit_provisioning: row.sso_jit_provisioning,
    sso_jit_provisioning_allowed_connections: sso.jitAllowedConnectionIds,
    sso_active_connections: sso.activeConnections,
    sso_default_connection_id: sso.activeConnections.some(
      (connection) => connection.connection_id === row.sso_default_connection_id,
    )
      ? row.sso_default_connection_id
      : null,
    scim_active_connection: null,
    oauth_tenant_jit_provisioning: 'NOT_ALLOWED',
    allowed_oauth_tenants: {},
    auth_methods: row.auth_methods,
    allowed_auth_methods: row.allowed_auth_methods,
    mfa_policy: row.mfa_policy,
    mfa_methods: row.mfa_methods,
    allowed_mfa_methods: row.allowed_mfa_methods,
    created_at: created,
    updated_at: created,
  };
}
