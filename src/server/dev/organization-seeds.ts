// The demo's partner organizations of Westlight University (development only, behind the dev fence): seeded at every
// development start, idempotently (the slug's unique constraint lets several instances start at once). One list, so
// other organization features (SSO connections) add theirs beside these.
import type { ProjectConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { deriveSecretKeys } from '../security/secret-keys.ts';
import { writeSsoConnection } from '../services/sso-config.ts';
import { deactivateSsoConnectionsExcept } from '../store/sso-connections.ts';
import { insertOrganization, setSsoDefaultConnection, type NewOrganization } from '../store/organizations.ts';
import { DEV_OIDC_SSO_CONNECTION_ID, DEV_SAML_CERTIFICATES_KEPT, DEV_SAML_CONNECTION_ID } from './constants.ts';
import { DEV_OIDC_SSO_CONNECTION } from './oidc-sso-stand-in.ts';
import { devSamlConnection, samlStandInIdentity } from './saml-stand-in.ts';

export type SeedOrganization = Omit<NewOrganization, 'now'> & { id: string };

/** A corporate partner that signs in only through its SAML identity provider, and always with MFA. */
export const LUMEN_STAGE: SeedOrganization = {
  id: 'organization-test-7c1e5a90-1b2d-4e3f-8a4b-5c6d7e8f9a01',
  name: 'Lumen Stage Systems',
  slug: 'lumen-stage',
  logo_url: '',
  email_allowed_domains: ['lumenstage.localhost'],
  email_jit_provisioning: 'NOT_ALLOWED',
  sso_jit_provisioning: 'ALL_ALLOWED',
  auth_methods: 'RESTRICTED',
  allowed_auth_methods: ['sso'],
  mfa_policy: 'REQUIRED_FOR_ALL',
  mfa_methods: 'ALL_ALLOWED',
  allowed_mfa_methods: [],
  trusted_metadata: {},
};

/** A partner whose staff join by their verified company address (email links), with MFA left to each member. */
export const AURORA_THEATRE: SeedOrganization = {
  id: 'organization-test-7c1e5a90-1b2d-4e3f-8a4b-5c6d7e8f9a02',
  name: 'Aurora Theatre Group',
  slug: 'aurora-theatre',
  logo_url: '',
  email_allowed_domains: ['auroratheatre.localhost'],
  email_jit_provisioning: 'RESTRICTED',
  sso_jit_provisioning: 'NOT_ALLOWED',
  auth_methods: 'ALL_ALLOWED',
  allowed_auth_methods: [],
  mfa_policy: 'OPTIONAL',
  mfa_methods: 'ALL_ALLOWED',
  allowed_mfa_methods: [],
  trusted_metadata: {},
};

/** A partner that signs in through its OpenID Connect identity provider, with MFA left to each member. */
export const PRISM_EVENTS: SeedOrganization = {
  id: 'organization-test-7c1e5a90-1b2d-4e3f-8a4b-5c6d7e8f9a03',
  name: 'Prism Events',
  slug: 'prism-events',
  logo_url: '',
  email_allowed_domains: ['prismevents.localhost'],
  email_jit_provisioning: 'NOT_ALLOWED',
  sso_jit_provisioning: 'ALL_ALLOWED',
  auth_methods: 'RESTRICTED',
  allowed_auth_methods: ['sso'],
  mfa_policy: 'OPTIONAL',
  mfa_methods: 'ALL_ALLOWED',
  allowed_mfa_methods: [],
  trusted_metadata: {},
};

export const SEED_ORGANIZATIONS: readonly SeedOrganization[] = [LUMEN_STAGE, AURORA_THEATRE, PRISM_EVENTS];

/** Makes each seed organization that does not exist yet; one that does (by slug) is left as it is. */
export async function seedOrganizations(db: Db, now: number): Promise<void> {
  for (const organization of SEED_ORGANIZATIONS) await insertOrganization(db, { ...organization, now });
}

/**
 * The SSO connections of Lumen Stage Systems (SAML) and Prism Events (OIDC) to development's stand-ins, rewritten at
 * every start. The SAML stand-in's key is new in every process, so its certificate is added to the newest ones kept
 * (several processes on one database each sign with their own). Without the dev identity provider, whose
 * switch the stand-ins share, no stand-in answers, so the connections are deactivated instead. Each is its
 * organization's default connection (`sso_default_connection_id`), as a partner's one IdP would be.
 */
export async function seedSsoConnections(config: ProjectConfig, db: Db): Promise<void> {
  const now = config.now();
  if (!config.devIdentityProvider) return deactivateSsoConnectionsExcept(db, 'dev', []);
  const secrets = deriveSecretKeys(config.secretKey, config.previousSecretKeys);
  const { certificatePem } = await samlStandInIdentity(now);
  await writeSsoConnection(db, secrets, devSamlConnection(certificatePem), 'dev', now, DEV_SAML_CERTIFICATES_KEPT);
  await writeSsoConnection(db, secrets, DEV_OIDC_SSO_CONNECTION, 'dev', now);
  await setSsoDefaultConnection(db, LUMEN_STAGE.id, DEV_SAML_CONNECTION_ID);
  await setSsoDefaultConnection(db, PRISM_EVENTS.id, DEV_OIDC_SSO_CONNECTION_ID);
}
