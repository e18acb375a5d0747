// The calls loaded lazily (see lazy.ts): session exchanges, impersonation, TOTP and connected apps (wire contract 3.2,
// 3.3, 3.10, 3.11). Each checks its required fields (spec 5) before sending.
import {
  type AttestRequest,
  type AuthenticateResponse,
  type ConnectedAppsResponse,
  type ExchangeAccessTokenRequest,
  type ImpersonationAuthenticateRequest,
  type ResponseCommon,
  type TotpAuthenticateResponse,
  type TotpCreateResponse,
  type TotpRecoveryCodesResponse,
  type User,
  type UserFactorKind,
  type UserMutationResponse,
  type UserUpdateRequest,
  type UserUpdateResponse,
  PATHS,
  type RbacPolicy,
} from '../api/index.ts';
import { ACCOUNT_PATHS } from '../api/accounts.ts';
import type { PermissionsMap } from './types.ts';
import { MSG_RBAC_POLICY_MISSING } from './constants/rbac.ts';
import type { CallContext } from './lazy.ts';
import { validate } from './schema.ts';
import { withoutUser } from './sessions.ts';
import type { SessionStore } from './session.ts';
import { allowed } from './rbac.ts';

/** An authenticate-style call: the response's session is stored; `__user` is stripped unless the spec keeps it. */
async function authenticate<T extends AuthenticateResponse>(
  { http, store }: CallContext,
  path: string,
  body: object,
  retriable: boolean,
): Promise<T> {
  const response = await http.request<T>('POST', path, { ...body }, { retriable });
  store.applyAuthResponse(response);
  return response;
}

/**
 * A user mutation (UserMutResp, wire contract 2.6): the service's `__user` becomes the stored user; callers get the
 * rest.
 */
async function storeMutation<T extends UserMutationResponse>(
  store: SessionStore,
  response: Promise<T>,
): Promise<Omit<T, '__user'>> {
  const { __user, ...rest } = await response;
  const { request_id: _r, status_code: _s, ...user } = __user as User & Partial<UserMutationResponse>;
  store.setUser(user as User);
  return rest;
}

const withDuration = { session_duration_minutes: 'number' } as const;

export const calls = {
  async exchangeAccessToken(ctx: CallContext, request: ExchangeAccessTokenRequest) {
    validate({ ...request }, { access_token: 'string', ...withDuration });
    return withoutUser(await authenticate(ctx, ACCOUNT_PATHS.sessionsExchangeAccessToken, request, false));
  },
  // Attest and impersonation return the response unstripped, with `__user` (wire contract 3.3, 3.11).
  attest(ctx: CallContext, request: AttestRequest) {
    validate({ ...request }, { profile_id: 'string', token: 'string', session_duration_minutes: 'optionalNumber' });
    return authenticate(ctx, ACCOUNT_PATHS.sessionsAttest, request, false);
  },
  impersonate(ctx: CallContext, request: ImpersonationAuthenticateRequest) {
    validate({ ...request }, { impersonation_token: 'string' });
    return authenticate(ctx, ACCOUNT_PATHS.impersonationAuthenticate, request, true);
  },

  totpCreate(ctx: CallContext, request: { expiration_minutes: number }) {
    validate({ ...request }, { expiration_minutes: 'number' });
    return storeMutation(
      ctx.store,
      ctx.http.request<TotpCreateResponse & { user_id: string }>('POST', ACCOUNT_PATHS.totps, { ...request }),
    );
  },
  async totpAuthenticate(ctx: CallContext, request: { totp_code: string; session_duration_minutes: number }) {
    validate({ ...request }, { totp_code: 'string', ...withDuration });
    return withoutUser(
      await authenticate<TotpAuthenticateResponse>(ctx, ACCOUNT_PATHS.totpsAuthenticate, request, true),
    );
  },
  totpRecoveryCodes: (ctx: CallContext) =>
    ctx.http.request<TotpRecoveryCodesResponse>('POST', ACCOUNT_PATHS.totpsRecoveryCodes),
  async totpRecover(ctx: CallContext, request: { recovery_code: string; session_duration_minutes: number }) {
    validate({ ...request }, { recovery_code: 'string', ...withDuration });
    return withoutUser(await authenticate<TotpAuthenticateResponse>(ctx, ACCOUNT_PATHS.totpsRecover, request, true));
  },

  updateUser(ctx: CallContext, request: UserUpdateRequest) {
    validate({ ...request }, { untrusted_metadata: 'optionalObject', name: 'optionalObject' });
    return storeMutation(ctx.store, ctx.http.request<UserUpdateResponse>('PUT', PATHS.usersMe, { ...request }));
  },
  deleteFactor(ctx: CallContext, kind: UserFactorKind, id: string) {
    validate({ id }, { id: 'string' });
    return storeMutation(
      ctx.store,
      ctx.http.request<UserMutationResponse>('DELETE', ACCOUNT_PATHS.userFactor(kind, id)),
    );
  },

  /** Every resource and action of the policy, with whether the user's roles allow it. */
  allPermissions(_ctx: CallContext, policy: RbacPolicy | null, roles: readonly string[]): PermissionsMap {
    const map: PermissionsMap = {};
    if (!policy) console.error(MSG_RBAC_POLICY_MISSING);
    for (const resource of policy?.resources ?? []) {
      map[resource.resource_id] = Object.fromEntries(
        resource.actions.map((action) => [action, allowed(policy, roles, resource.resource_id, action)]),
      );
    }
    return map;
  },

  getConnectedApps: (ctx: CallContext) => ctx.http.request<ConnectedAppsResponse>('GET', ACCOUNT_PATHS.connectedApps),
  revokeConnectedApp(ctx: CallContext, connectedAppId: string) {
    validate({ connected_app_id: connectedAppId }, { connected_app_id: 'string' });
    return ctx.http.request<ResponseCommon>('POST', ACCOUNT_PATHS.connectedAppRevoke(connectedAppId));
  },
};
