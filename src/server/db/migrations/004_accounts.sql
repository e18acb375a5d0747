-- Account management: TOTP authenticators with recovery codes, connected-app grants (for access-token exchange) and
-- impersonation tokens. Secrets that are only ever compared (recovery codes, access and impersonation tokens) are
-- stored as SHA-256 digests. A TOTP secret must be read back to compute codes, so it is stored as is.

create table totps (
  id             text primary key,
  user_id        text not null references users (id) on delete cascade,
  secret         text not null,
  verified       boolean not null default false,
  -- The RFC 6238 time step of the last accepted code: a code is usable once per period (no replay).
  last_used_step bigint,
  created_at     timestamptz not null,
  -- An unverified authenticator must be confirmed with a first code before this time.
  expires_at     timestamptz not null
);
create index totps_user_id_idx on totps (user_id);

create table totp_recovery_codes (
  id         text primary key,
  totp_id    text not null references totps (id) on delete cascade,
  user_id    text not null references users (id) on delete cascade,
  code_hash  text not null unique,
  used_at    timestamptz,
  created_at timestamptz not null
);
create index totp_recovery_codes_user_id_idx on totp_recovery_codes (user_id);

-- A user's consent to a connected app; the access token it carries can be exchanged for a session until revoked.
create table connected_app_grants (
  id                text primary key,
  user_id           text not null references users (id) on delete cascade,
  client_id         text not null,
  scopes            text not null default '',
  access_token_hash text not null unique,
  created_at        timestamptz not null,
  revoked_at        timestamptz
);
create index connected_app_grants_user_id_idx on connected_app_grants (user_id);

create table impersonation_tokens (
  id              text primary key,
  token_hash      text not null unique,
  user_id         text not null references users (id) on delete cascade,
  impersonator_id text not null,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  used_at         timestamptz
);
