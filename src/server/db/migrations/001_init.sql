-- The walking skeleton: users with email addresses, sessions, email magic links, the dev inbox, signing keys and
-- an event log. Every token column holds a SHA-256 hex digest, never the token itself. Times are written by the
-- service from its own (injectable) clock, so no column defaults to now().

create table users (
  id                 text primary key,
  status             text not null check (status in ('active', 'pending')),
  first_name         text not null default '',
  middle_name        text not null default '',
  last_name          text not null default '',
  trusted_metadata   jsonb not null default '{}'::jsonb,
  untrusted_metadata jsonb not null default '{}'::jsonb,
  created_at         timestamptz not null
);

-- Addresses are stored lower-cased and trimmed, so the unique index stops one address from belonging to two users.
create table user_emails (
  id         text primary key,
  user_id    text not null references users (id) on delete cascade,
  email      text not null unique,
  verified   boolean not null default false,
  created_at timestamptz not null
);
create index user_emails_user_id_idx on user_emails (user_id);

create table sessions (
  id               text primary key,
  token_hash       text not null unique,
  user_id          text not null references users (id) on delete cascade,
  started_at       timestamptz not null,
  last_accessed_at timestamptz not null,
  expires_at       timestamptz not null,
  revoked_at       timestamptz,
  factors          jsonb not null default '[]'::jsonb,
  ip_address       text not null default '',
  user_agent       text not null default ''
);
create index sessions_user_id_idx on sessions (user_id);

create table magic_links (
  id             text primary key,
  token_hash     text not null unique,
  user_id        text not null references users (id) on delete cascade,
  email_id       text not null references user_emails (id) on delete cascade,
  code_challenge text,
  redirect_url   text not null,
  created_at     timestamptz not null,
  expires_at     timestamptz not null,
  used_at        timestamptz
);

-- Everything the service would have sent. `seq` orders the inbox: insertion order is "newest", whatever the clock says.
create table dev_messages (
  seq        bigint generated always as identity,
  id         text primary key,
  channel    text not null check (channel in ('email', 'sms', 'whatsapp')),
  recipient  text not null,
  sender     text not null,
  subject    text not null default '',
  text       text not null,
  html       text not null default '',
  links      jsonb not null default '[]'::jsonb,
  created_at timestamptz not null
);
create index dev_messages_recipient_idx on dev_messages (recipient, seq desc);

create table signing_keys (
  kid             text primary key,
  algorithm       text not null,
  private_key_pem text not null,
  public_jwk      jsonb not null,
  created_at      timestamptz not null
);

create table events (
  seq        bigint generated always as identity primary key,
  source     text not null,
  name       text not null,
  user_id    text,
  details    jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);
