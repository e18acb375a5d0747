// The backend API (`/v1/...`, outside `/sdk/v1`): what a site's own server calls with the project id and the project
// secret (HTTP Basic), shaped like the hosted provider's backend API so that its Node SDK works against the service.
// Unlike the `/sdk/v1` API, answers are not wrapped in `data`: the payload's fields sit beside `request_id` and
// `status_code`, as the provider's backend API answers.
import type { ConnectedApp, UserFactorKind } from './accounts.ts';
import type { ResponseCommon } from './envelope.ts';
import type { Session } from './session.ts';
import type { User } from './user.ts';

export const BACKEND_PATHS = {
  sessions: '/v1/sessions',
  sessionsAuthenticate: '/v1/sessions/authenticate',
  sessionsRevoke: '/v1/sessions/revoke',
  user: (userId: string) => `/v1/users/${encodeURIComponent(userId)}` as const,
  usersSearch: '/v1/users/search',
  userFactor: (kind: BackendFactorKind, id: string) => `/v1/users/${kind}/${encodeURIComponent(id)}` as const,
} as const;

/** The factors the backend API deletes one at a time: the user's own ones (accounts.ts) and the password. */
export type BackendFactorKind = UserFactorKind | 'passwords';

/** POST /v1/sessions/authenticate: exactly one of `session_token` and `session_jwt`. */
export interface BackendSessionAuthenticateRequest {
  session_token?: string;
  session_jwt?: string;
  session_duration_minutes?: number;
}
/**
 * `session_token` is empty when the session was named by its JWT: the service keeps only the token's digest, so it
 * cannot give the token back (the provider can).
 */
export interface BackendSessionAuthenticateResponse extends ResponseCommon {
  user: User;
  session: Session;
  session_token: string;
  session_jwt: string;
}

/** GET /v1/sessions?user_id=: the user's live sessions. */
export interface BackendSessionsResponse extends ResponseCommon {
  sessions: Session[];
}

/** POST /v1/sessions/revoke: exactly one of the three. */
export interface BackendSessionRevokeRequest {
  session_id?: string;
  session_token?: string;
  session_jwt?: string;
}

/** GET /v1/users/{id}: the user's fields at the top level, as the provider's users.get answers. */
export type BackendUserResponse = User & ResponseCommon;

/** PUT /v1/users/{id}: each given field replaces the stored one (metadata objects as a whole). */
export interface BackendUserUpdateRequest {
  name?: { first_name?: string; middle_name?: string; last_name?: string };
  trusted_metadata?: Record<string, unknown>;
  untrusted_metadata?: Record<string, unknown>;
}
export interface BackendUserUpdateResponse extends ResponseCommon {
  user_id: string;
  emails: User['emails'];
  phone_numbers: User['phone_numbers'];
  crypto_wallets: User['crypto_wallets'];
  user: User;
}

/** DELETE /v1/users/{id} */
export interface BackendUserDeleteResponse extends ResponseCommon {
  user_id: string;
}

/** DELETE /v1/users/<kind>/{id}: the user the factor belonged to, without it. */
export interface BackendFactorDeleteResponse extends ResponseCommon {
  user_id: string;
  user: User;
}

/** The filters of POST /v1/users/search, by the kind of `filter_value` each takes (the provider's names). */
export const USER_SEARCH_LIST_FILTERS = [
  'user_id',
  'email_address',
  'email_domain',
  'phone_number',
  'crypto_wallet_address',
  'oauth_provider',
] as const;
export const USER_SEARCH_TEXT_FILTERS = [
  'email_address_fuzzy',
  'email_id',
  'phone_number_fuzzy',
  'phone_id',
  'full_name_fuzzy',
] as const;
export const USER_SEARCH_FLAG_FILTERS = [
  'email_verified',
  'phone_verified',
  'password_exists',
  'totp_exists',
  'webauthn_exists',
  'crypto_wallet_verified',
] as const;
export const USER_SEARCH_TIME_FILTERS = ['created_at_greater_than', 'created_at_less_than'] as const;
export const USER_STATUSES = ['active', 'pending'] as const;

export type UserSearchFilter =
  | { filter_name: (typeof USER_SEARCH_LIST_FILTERS)[number]; filter_value: string[] }
  | { filter_name: (typeof USER_SEARCH_TEXT_FILTERS)[number]; filter_value: string }
  | { filter_name: (typeof USER_SEARCH_FLAG_FILTERS)[number]; filter_value: boolean }
  | { filter_name: (typeof USER_SEARCH_TIME_FILTERS)[number]; filter_value: string }
  | { filter_name: 'status'; filter_value: (typeof USER_STATUSES)[number] };

/** POST /v1/users/search. No query (or no operands): every user. */
export interface UserSearchRequest {
  limit?: number;
  cursor?: string | null;
  query?: { operator: 'AND' | 'OR'; operands: UserSearchFilter[] } | null;
}
export interface UserSearchResults {
  results: User[];
  /** `total` counts every match, not only this page; `next_cursor` is null on the last page. */
  results_metadata: { total: number; next_cursor: string | null };
}
export type UserSearchResponse = UserSearchResults & ResponseCommon;

/** Everything the admin console shows of one user: the user, their live sessions and their connected apps. */
export interface UserAdminView {
  user: User;
  sessions: Session[];
  connected_apps: ConnectedApp[];
}
