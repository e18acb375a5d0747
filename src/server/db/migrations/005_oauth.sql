-- Social sign-in and Google One Tap: a user's registrations with providers, the state of a sign-in in progress,
-- the single-use oauth token the visitor returns with, and One Tap callback ids. Every secret (state, token,
-- callback id) is stored only as its SHA-256 hex digest.

-- One row per (provider, subject): the provider's stable id for the person. `email_id` links the registration to the
-- user's address when the provider vouched for one. `email` and `name` are the provider's last claims, kept so the
-- dev identity provider can offer them again (`dev_identity`).
create table oauth_registrations (
  id                  text primary key,
  user_id             text not null references users (id) on delete cascade,
  provider            text not null,
  provider_subject    text not null,
  email_id            text references user_emails (id) on delete set null,
  email               text not null default '',
  name                text not null default '',
  profile_picture_url text not null default '',
  locale              text not null default '',
  dev_identity        boolean not null default false,
  created_at          timestamptz not null,
  last_used_at        timestamptz not null,
  unique (provider, provider_subject)
);
create index oauth_registrations_user_id_idx on oauth_registrations (user_id);

-- A sign-in between start and the provider's return. `provider_code_verifier` is our PKCE verifier towards the
-- provider (it must be read back, so it is stored as is; it is useless without the single-use state).
create table oauth_states (
  id                     text primary key,
  state_hash             text not null unique,
  provider               text not null,
  code_challenge         text,
  login_redirect_url     text not null,
  signup_redirect_url    text not null,
  scopes                 text not null default '',
  nonce                  text not null,
  provider_code_verifier text not null,
  created_at             timestamptz not null,
  expires_at             timestamptz not null,
  used_at                timestamptz
);

-- The token in `?stytch_token_type=oauth&token=…`. `provider_values` holds the provider's tokens until the token is
-- used, then it is emptied: they are handed to the caller once and not kept.
create table oauth_tokens (
  id                 text primary key,
  token_hash         text not null unique,
  user_id            text not null references users (id) on delete cascade,
  registration_id    text not null references oauth_registrations (id) on delete cascade,
  code_challenge     text,
  provider_values    jsonb not null default '{}'::jsonb,
  created_at         timestamptz not null,
  expires_at         timestamptz not null,
  used_at            timestamptz
);

create table oauth_callbacks (
  id            text primary key,
  callback_hash text not null unique,
  created_at    timestamptz not null,
  expires_at    timestamptz not null,
  used_at       timestamptz
);
