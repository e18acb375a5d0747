-- Passwords: one Argon2id hash per user (the PHC string, never the password), and password-reset links stored like
-- magic links (SHA-256 of the token, single use, expiring, optionally bound to a PKCE challenge).

-- `requires_reset` is set when the password turns out to be breached at login; until a reset the password no longer
-- signs the user in.
create table user_passwords (
  id             text primary key,
  user_id        text not null unique references users (id) on delete cascade,
  password_hash  text not null,
  requires_reset boolean not null default false,
  created_at     timestamptz not null,
  updated_at     timestamptz not null
);

create table password_resets (
  id             text primary key,
  token_hash     text not null unique,
  user_id        text not null references users (id) on delete cascade,
  email_id       text not null references user_emails (id) on delete cascade,
  code_challenge text,
  created_at     timestamptz not null,
  expires_at     timestamptz not null,
  used_at        timestamptz
);
create index password_resets_user_id_idx on password_resets (user_id);
