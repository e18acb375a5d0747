// The signed-in user's own account (profile, factors, connected apps) and the three other ways into a session:
// an access-token exchange, a trusted-token attest and impersonation (wire contract 3.2, 3.3, 3.11).
import type { ConnectedApp, UserUpdateResponse } from '../../api/accounts.ts';
import type { BackendFactorKind } from '../../api/backend.ts';
import { DEFAULT_SESSION_DURATION_MINUTES, type AuthenticationFactor } from '../../api/session.ts';
import {
  SESSION_DURATION_MINUTES_MAX,
  SESSION_DURATION_MINUTES_MIN,
  IMPERSONATION_TOKEN_LIFETIME_MS,
} from '../constants/sessions.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { minutesInRange, normalizeEmail } from '../http/validate.ts';
import type {
  AttestInput,
  ExchangeAccessTokenInput,
  ImpersonationAuthenticateInput,
  UpdateMeInput,
} from '../routes/accounts.schemas.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import { verifyTrustedToken } from '../security/trusted-token.ts';
import {
  consumeImpersonationToken,
  findLiveGrantByToken,
  insertGrant,
  insertImpersonationToken,
  liveGrants,
  revokeGrants,
} from '../store/grants.ts';
import { liveIdpGrants, revokeIdpGrants } from '../store/idp-grants.ts';
import { destroyByGrantId } from '../store/oidc-payloads.ts';
import { proveContact, visitorOf } from './proof.ts';
import { authenticatePayload, sessionAfterAuthentication, type AuthenticatePayload } from './sessions.ts';
import { loadFullUser } from './users.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

/**
 * PUT /users/me: name parts and untrusted_metadata (replaced as a whole, like the provider). The backend API
 * (services/user-admin.ts) also sets trusted_metadata, which the user's own session never may.
 */
export async function updateMe(
  deps: Deps,
  userId: string,
  input: UpdateMeInput & { trusted_metadata?: Record<string, unknown> | undefined },
): Promise<Payload<UserUpdateResponse>> {
  const metadata = input.untrusted_metadata;
  const trusted = input.trusted_metadata;
  const parts = input.name
    ? { first: input.name.first_name, middle: input.name.middle_name, last: input.name.last_name }
    : {};
  await deps.db.query(
    `update users set first_name = coalesce($2, first_name), middle_name = coalesce($3, middle_name),
       last_name = coalesce($4, last_name), untrusted_metadata = coalesce($5::jsonb, untrusted_metadata),
       trusted_metadata = coalesce($6::jsonb, trusted_metadata) where id = $1`,
    [
      userId,
      parts.first ?? null,
      parts.middle ?? null,
      parts.last ?? null,
      metadata ? JSON.stringify(metadata) : null,
      trusted ? JSON.stringify(trusted) : null,
    ],
  );
  const user = await loadFullUser(deps, userId);
  return {
    user_id: userId,
    emails: user.emails,
    phone_numbers: user.phone_numbers,
    crypto_wallets: user.crypto_wallets,
    __user: user,
  };
}

/**
 * The table each factor kind lives in. Kinds whose products this service does not implement yet have no table:
 * the user cannot have such a factor, so deleting one is a 404 like any unknown id.
 */
export const FACTOR_TABLES: Partial<Record<BackendFactorKind, string>> = {
  emails: 'user_emails',
  phone_numbers: 'user_phone_numbers',
  totps: 'totps',
  oauth: 'oauth_registrations',
  webauthn_registrations: 'webauthn_registrations',
  crypto_wallets: 'crypto_wallets',
  // Only the backend API deletes a password this way; the user's own session changes it instead.
  passwords: 'user_passwords',
};

/** DELETE /users/<kind>/{id}: only the signed-in user's own factor is removed. */
export async function deleteFactor(deps: Deps, userId: string, kind: BackendFactorKind, id: string) {
  const table = FACTOR_TABLES[kind];
  if (id.includes('\u0000')) throw Errors.invalidRequest('fieldHasNul', { field: 'id' });
  const rows = table
    ? await deps.db.query<{ id: string }>(`delete from ${table} where id = $1 and user_id = $2 returning id`, [
        id,
        userId,
      ])
    : [];
  if (rows.length === 0) {
    // A passkey gone meanwhile (deleted from another tab) answers as its rename does, so the widget shows the spec's
    // 'Passkey registration not found' text instead of a generic one.
    if (kind === 'webauthn_registrations') throw Errors.webauthnRegistrationIdNotFound();
    throw Errors.notFound('registrationNotFound', { kind, id });
  }
  return { user_id: userId, __user: await loadFullUser(deps, userId) };
}

/**
 * GET /users/connected_apps: the apps with a live grant, described from the project config. Both sources count: the
 * access-token grants (dev tools) and the consents given through Sign in with Westlight.
 */
export async function listConnectedApps(deps: Deps, userId: string): Promise<{ connected_apps: ConnectedApp[] }> {
  const byApp = new Map<string, Set<string>>();
  for (const grant of [...(await liveGrants(deps.db, userId)), ...(await liveIdpGrants(deps.db, userId))]) {
    const scopes = byApp.get(grant.client_id) ?? new Set<string>();
    for (const scope of grant.scopes.split(' ').filter(Boolean)) scopes.add(scope);
    byApp.set(grant.client_id, scopes);
  }
  const apps: ConnectedApp[] = [];
  for (const [clientId, scopes] of byApp) {
    const app = deps.config.connectedApps.find((a) => a.client_id === clientId);
    if (!app) continue;
    apps.push({
      connected_app_id: app.client_id,
      name: app.name,
      description: app.description,
      client_type: app.client_type,
      ...(app.logo_url ? { logo_url: app.logo_url } : {}),
      scopes_granted: [...scopes].join(' '),
    });
  }
  return { connected_apps: apps };
}

/**
 * POST /users/connected_apps/{id}/revoke: ends every grant of both kinds, and destroys oidc-provider's grant with every
 * code and token issued under it, so the app's access and refresh tokens stop working at once.
 */
export async function revokeConnectedApp(deps: Deps, userId: string, clientId: string): Promise<Record<string, never>> {
  if (clientId.includes('\u0000')) throw Errors.invalidRequest('fieldHasNul', { field: 'connected_app_id' });
  const now = deps.config.now();
  const revoked = await deps.db.transaction(async (tx) => {
    const tokenGrants = await revokeGrants(tx, userId, clientId, now);
    const oidcGrantIds = await revokeIdpGrants(tx, userId, clientId, now);
    for (const grantId of oidcGrantIds) await destroyByGrantId(tx, grantId);
    return tokenGrants + oidcGrantIds.length;
  });
  if (revoked === 0) throw Errors.connectedAppNotFound();
  return {};
}

/** POST /sessions/exchange_access_token: a connected app's access token for a session of the same user. */
export async function exchangeAccessToken(
  deps: Deps,
  meta: RequestMeta,
  input: ExchangeAccessTokenInput,
): Promise<AuthenticatePayload> {
  const { access_token: accessToken, session_duration_minutes: durationMinutes } = input;
  const grant = await findLiveGrantByToken(deps.db, hashToken(accessToken));
  if (!grant) throw Errors.accessTokenNotFound();
  const factor: AuthenticationFactor = {
    type: 'oauth_access_token_exchange',
    delivery_method: 'oauth_access_token_exchange',
    last_authenticated_at: new Date(deps.config.now()).toISOString(),
    oauth_access_token_exchange_factor: { client_id: grant.client_id },
  };
  return startSession(deps, meta, grant.user_id, factor, durationMinutes);
}

/** POST /sessions/attest: a JWT from a trusted issuer (named by profile_id) for a session of the user it names. */
export async function attest(deps: Deps, meta: RequestMeta, input: AttestInput): Promise<AuthenticatePayload> {
  const { profile_id: profileId, token, session_duration_minutes: minutes } = input;
  const profile = deps.config.trustedAuthProfiles.find((p) => p.profileId === profileId);
  if (!profile) throw Errors.trustedAuthProfileNotFound();
  const now = deps.config.now();
  const verified = verifyTrustedToken(profile, token, now);
  if (!verified.ok) throw Errors.invalidTrustedAuthToken(verified.reason);
  const email = normalizeEmail(verified.email);
  // The trusted issuer vouches for the address: a proof of it like a provider's verified address (services/proof.ts).
  const sessionToken = input.session_token ?? meta.sessionToken;
  const { userId, contactId: emailId } = await deps.db.transaction(async (tx) => {
    const prover = await visitorOf(tx, { ...meta, sessionToken }, now);
    return proveContact(tx, { kind: 'email', value: email, prover, now });
  });
  const factor: AuthenticationFactor = {
    type: 'trusted_auth_token',
    delivery_method: 'trusted_token_exchange',
    last_authenticated_at: new Date(now).toISOString(),
    trusted_auth_token_factor: { profile_id: profileId, token_id: verified.jti, email_id: emailId },
  };
  return startSession(
    deps,
    { ...meta, sessionToken },
    userId,
    factor,
    duration(minutes ?? DEFAULT_SESSION_DURATION_MINUTES),
  );
}

/** POST /impersonation/authenticate: a single-use token minted for support staff (dev tools) for the user's session. */
export async function authenticateImpersonation(
  deps: Deps,
  meta: RequestMeta,
  input: ImpersonationAuthenticateInput,
): Promise<AuthenticatePayload> {
  const token = input.impersonation_token;
  const now = deps.config.now();
  const used = await consumeImpersonationToken(deps.db, hashToken(token), now);
  if (!used) throw Errors.impersonationTokenNotFound();
  const factor: AuthenticationFactor = {
    type: 'impersonated',
    delivery_method: 'impersonation',
    last_authenticated_at: new Date(now).toISOString(),
    impersonated_factor: { impersonator_id: used.impersonator_id },
  };
  // An impersonation session is never merged into a session the caller may hold: it is a separate identity.
  return startSession(deps, { ...meta, sessionToken: null }, used.user_id, factor, DEFAULT_SESSION_DURATION_MINUTES);
}

/** What the dev tools ask for (src/server/dev validates it). */
export interface ConnectedAppGrantInput {
  user_id: string;
  client_id: string;
  scopes: string | undefined;
}

/** Dev tools: a grant of `clientId` to the user, returning the access token (shown once; stored hashed). */
export async function grantConnectedApp(deps: Deps, input: ConnectedAppGrantInput): Promise<{ access_token: string }> {
  const { user_id: userId, client_id: clientId } = input;
  const scopes = input.scopes ?? '';
  if (!deps.config.connectedApps.some((a) => a.client_id === clientId)) throw Errors.connectedAppNotFound();
  const accessToken = newSecretToken();
  await loadFullUser(deps, userId);
  await insertGrant(deps.db, {
    userId,
    clientId,
    scopes,
    accessTokenHash: hashToken(accessToken),
    now: deps.config.now(),
  });
  return { access_token: accessToken };
}

/** What the dev tools ask for (src/server/dev validates it). */
export interface ImpersonationTokenInput {
  user_id: string;
  impersonator_id: string | undefined;
}

/** Dev tools: an impersonation token for the user, valid IMPERSONATION_TOKEN_LIFETIME_MS, single use. */
export async function mintImpersonationToken(
  deps: Deps,
  input: ImpersonationTokenInput,
): Promise<{ impersonation_token: string }> {
  const userId = input.user_id;
  const impersonatorId = input.impersonator_id ?? 'dev-tools';
  await loadFullUser(deps, userId);
  const token = newSecretToken();
  const now = deps.config.now();
  await insertImpersonationToken(deps.db, {
    tokenHash: hashToken(token),
    userId,
    impersonatorId,
    now,
    expiresAt: now + IMPERSONATION_TOKEN_LIFETIME_MS,
  });
  return { impersonation_token: token };
}

function duration(minutes: number): number {
  return minutesInRange(
    minutes,
    'session_duration_minutes',
    SESSION_DURATION_MINUTES_MIN,
    SESSION_DURATION_MINUTES_MAX,
  );
}

async function startSession(
  deps: Deps,
  meta: RequestMeta,
  userId: string,
  factor: AuthenticationFactor,
  durationMinutes: number,
): Promise<AuthenticatePayload> {
  const started = await sessionAfterAuthentication(deps, meta, { userId, factor, durationMinutes });
  return authenticatePayload(deps, started.session, started.sessionToken);
}
