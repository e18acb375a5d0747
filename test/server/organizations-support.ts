// Calls of the organization (B2B) API for the service tests: Basic auth with the B2B project's public token, the
// discovery journey's steps, and organizations made directly in the store for a test's exact settings.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { DiscoveryAuthenticateResponse } from '../../src/api/discovery.ts';
import { B2B_PATHS, type MemberAuthenticateResponse } from '../../src/api/organizations.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import {
  insertOrganization,
  type NewOrganization,
  type OrganizationRow,
} from '../../src/server/store/organizations.ts';
import { basicAuth, dataOf, latestToken, PORTAL_URL, type TestService } from './support.ts';

/** `Authorization` for the B2B API: the B2B public token and a member session token (or the public token again). */
export function b2bAuth(sessionToken: string = DEFAULT_B2B_PUBLIC_TOKEN): string {
  return basicAuth(sessionToken, DEFAULT_B2B_PUBLIC_TOKEN);
}

/** POST /sdk/v1<path> to the B2B API as the hosted B2B SDK does. */
export function b2bPost(t: TestService, path: string, body: unknown, sessionToken?: string): Promise<Response> {
  return Promise.resolve(
    t.service.app.request(`${SDK_BASE_PATH}${path}`, {
      method: 'POST',
      headers: { Authorization: b2bAuth(sessionToken), 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export function b2bGet(t: TestService, path: string, sessionToken?: string): Promise<Response> {
  return Promise.resolve(
    t.service.app.request(`${SDK_BASE_PATH}${path}`, { headers: { Authorization: b2bAuth(sessionToken) } }),
  );
}

/** A fresh slug per test, so tests sharing a service never collide. */
export function uniqueSlug(prefix = 'org'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** A fresh company domain per test. */
export function uniqueDomain(prefix = 'company'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}.localhost`;
}

/** An organization made in the store with these settings (the defaults: email JIT by `domain`, no MFA, any method). */
export async function makeOrganization(
  t: TestService,
  settings: Partial<Omit<NewOrganization, 'now'>> & { domain?: string } = {},
): Promise<OrganizationRow> {
  const { domain = uniqueDomain(), ...rest } = settings;
  const slug = rest.slug ?? uniqueSlug();
  const row = await insertOrganization(t.service.db, {
    name: `Organization ${slug}`,
    slug,
    logo_url: '',
    email_allowed_domains: [domain],
    email_jit_provisioning: 'RESTRICTED',
    sso_jit_provisioning: 'ALL_ALLOWED',
    auth_methods: 'ALL_ALLOWED',
    allowed_auth_methods: [],
    mfa_policy: 'OPTIONAL',
    mfa_methods: 'ALL_ALLOWED',
    allowed_mfa_methods: [],
    trusted_metadata: {},
    ...rest,
    now: t.now(),
  });
  assert.ok(row, 'the organization was made');
  return row;
}

/** Sends a discovery link to `email` and authenticates it: the intermediate session and discovered organizations. */
export async function discover(
  t: TestService,
  email: string,
): Promise<DiscoveryAuthenticateResponse & { request_id: string; status_code: number }> {
  await dataOf(
    await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
      email_address: email,
      discovery_redirect_url: PORTAL_URL,
    }),
  );
  const token = await latestToken(t, email);
  return dataOf<DiscoveryAuthenticateResponse>(
    await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, { discovery_magic_links_token: token }),
  );
}

/** Discovery, then the exchange into `organizationId`. */
export async function signInToOrganization(
  t: TestService,
  email: string,
  organizationId: string,
): Promise<MemberAuthenticateResponse> {
  const { intermediate_session_token } = await discover(t, email);
  return dataOf<MemberAuthenticateResponse>(
    await b2bPost(t, B2B_PATHS.discoveryIntermediateSessionsExchange, {
      intermediate_session_token,
      organization_id: organizationId,
      session_duration_minutes: 30,
    }),
  );
}
