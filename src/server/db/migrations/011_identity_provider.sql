-- The service as an OpenID provider for connected apps.

-- oidc-provider's artifacts (grants, authorization codes, access and refresh tokens, interactions, sessions), one row
-- each, kept in the database so every service instance redeems what another one issued. `payload` is what
-- oidc-provider hands the adapter; the other columns are copies of its lookup keys.
create table oidc_payloads (
  id          text not null,
  kind        text not null,
  payload     jsonb not null,
  grant_id    text,
  uid         text,
  user_code   text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  primary key (kind, id)
);
create index oidc_payloads_grant_id_idx on oidc_payloads (grant_id);
create index oidc_payloads_uid_idx on oidc_payloads (uid);
create index oidc_payloads_user_code_idx on oidc_payloads (user_code);
create index oidc_payloads_expires_at_idx on oidc_payloads (expires_at);

-- A user's consent to a connected app through Sign in with Westlight: one live row per user and app, its scopes merged
-- over time. The unique partial index, not a read, decides that parallel submits share one row.
create table idp_grants (
  id            text primary key,
  user_id       text not null references users (id) on delete cascade,
  client_id     text not null,
  scopes        text not null default '',
  -- oidc-provider's Grant (in oidc_payloads) the codes and tokens of this consent hang from.
  oidc_grant_id text not null,
  created_at    timestamptz not null,
  updated_at    timestamptz not null,
  revoked_at    timestamptz
);
create unique index idp_grants_live_idx on idp_grants (user_id, client_id) where revoked_at is null;
