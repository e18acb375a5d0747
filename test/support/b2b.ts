/// <reference types="mocha" />
// Helpers for the organization (B2B) client's browser tests: our client for the in-process service's B2B project,
// the hosted provider's own B2B headless client pointed at the same service (to compare what each sends), and what
// one request looked like, reduced to what both must agree on.
import { createStytchB2BClient, type StytchB2BClient } from '@stytch/vanilla-js/b2b/headless';
import type { DiscoveryAuthenticateResponse, DiscoveryOrganizationCreateRequest } from '../../src/api/discovery.ts';
import type { B2BClient, B2BClientOptions } from '../../src/client/index.ts';
import { createB2BClient } from '../../src/client/b2b.ts';
import { freshRecordedState, type RecordedRequest } from './client.ts';
import { latestMagicLinkToken, testEnv } from './env.ts';

const clients: B2BClient[] = [];

/** Our B2B client for the in-process service's B2B project; destroyed after each test by freshB2BState. */
export function makeB2BClient(options: Partial<B2BClientOptions> = {}): B2BClient {
  const client = createB2BClient({ publicToken: testEnv.b2bPublicToken, baseUrl: testEnv.baseUrl, ...options });
  clients.push(client);
  return client;
}

/** Every B2B test starts from a signed-out browser with fetch recorded, and ends with its clients destroyed. */
export function freshB2BState(): { readonly rec: ReturnType<typeof freshRecordedState>['rec'] } {
  return freshRecordedState('freshB2BState', () => {
    for (const client of clients.splice(0)) client.destroy();
  });
}

/** The hosted provider's B2B headless client (6.3.0), its API hosts pointed at the in-process service. */
export function hostedB2BClient(baseUrl = testEnv.baseUrl): StytchB2BClient {
  const endpoints = { testAPIURL: baseUrl, liveAPIURL: baseUrl };
  return createStytchB2BClient(testEnv.b2bPublicToken, { endpoints } as Parameters<typeof createStytchB2BClient>[1]);
}

/** What a request is on the wire, as far as the service can tell two clients apart. */
export interface WireRequest {
  method: string;
  /** Path and query. */
  url: string;
  /** The JSON body parsed; null for none (an empty POST body and no body are the same bytes on the wire). */
  body: unknown;
  authorization: string | null;
  contentType: string | null;
  parentHost: string | null;
  credentials: RequestCredentials;
  /** The names in the decoded X-SDK-Client telemetry object (its values are per request, or per SDK). */
  telemetry: string[];
}

export function wire(request: RecordedRequest): WireRequest {
  const url = new URL(request.url);
  const telemetry = request.headers.get('X-SDK-Client');
  return {
    method: request.method,
    url: url.pathname + url.search,
    body: request.body ? JSON.parse(request.body) : null,
    authorization: request.headers.get('Authorization'),
    contentType: request.headers.get('Content-Type'),
    parentHost: request.headers.get('X-SDK-Parent-Host'),
    credentials: request.credentials,
    telemetry: telemetry ? Object.keys(JSON.parse(atob(telemetry))).sort() : [],
  };
}

/** The `/sdk/v1/b2b/…` requests among those recorded from index `from` on (the bootstrap and telemetry left out). */
export function b2bRequests(requests: RecordedRequest[], from = 0): WireRequest[] {
  return requests
    .slice(from)
    .filter((r) => r.path.includes('/sdk/v1/b2b/'))
    .map(wire);
}

/** A domain of its own per test, so each new organization admits only that test's addresses. */
export const uniqueDomain = () => `stage-${crypto.randomUUID().slice(0, 8)}.example`;

/** An address of its own at `domain`. */
export const addressAt = (domain: string, prefix = 'member') =>
  `${prefix}-${crypto.randomUUID().slice(0, 8)}@${domain}`;

/** An address of its own at a domain of its own: the founder of a new organization. */
export const founderAddress = () => addressAt(uniqueDomain(), 'founder');

/** Proves `email` by a discovery link read from the dev inbox. */
export async function discover(client: B2BClient, email: string): Promise<DiscoveryAuthenticateResponse> {
  await client.magicLinks.email.discovery.send({
    email_address: email,
    discovery_redirect_url: `${testEnv.pageOrigin}/`,
  });
  const token = await latestMagicLinkToken(email);
  return client.magicLinks.discovery.authenticate({ discovery_magic_links_token: token });
}

/**
 * A new organization admitting addresses at the founder's domain by their email (a founder may name only the domain
 * of its own address), made through discovery by `founder`, with `settings` on top.
 */
export async function createOrganization(
  client: B2BClient,
  founder: string,
  settings: Partial<DiscoveryOrganizationCreateRequest> = {},
) {
  await discover(client, founder);
  const domain = founder.split('@')[1]!;
  const slug = domain.split('.')[0]!;
  return client.discovery.organizations.create({
    organization_name: `Stage ${slug}`,
    organization_slug: slug,
    email_allowed_domains: [domain],
    email_jit_provisioning: 'RESTRICTED',
    session_duration_minutes: 60,
    ...settings,
  });
}
