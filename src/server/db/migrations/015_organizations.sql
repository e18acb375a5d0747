-- Organizations (the B2B project): organizations, their members, member sessions and the intermediate sessions that
-- carry a proven email address (discovery) or a first factor (before MFA) for ten minutes. Members are not consumer
-- users: one email address may be a member of many organizations, but only once in each (the unique index is what
-- makes parallel just-in-time sign-ins create one member, on any number of instances). Every token column holds a
-- SHA-256 hex digest, never the token.

create table organizations (
  id                     text primary key,
  name                   text not null,
  -- Lower-case, matched against the bootstrap's slug_pattern before it gets here; unique across the project.
  slug                   text not null unique,
  logo_url               text not null default '',
  -- Lower-case domains; a verified address at one of them may join (email_jit_provisioning = 'RESTRICTED').
  email_allowed_domains  jsonb not null default '[]'::jsonb,
  email_jit_provisioning text not null default 'NOT_ALLOWED' check (email_jit_provisioning in ('RESTRICTED', 'NOT_ALLOWED')),
  sso_jit_provisioning   text not null default 'ALL_ALLOWED' check (sso_jit_provisioning in ('ALL_ALLOWED', 'RESTRICTED', 'NOT_ALLOWED')),
  auth_methods           text not null default 'ALL_ALLOWED' check (auth_methods in ('ALL_ALLOWED', 'RESTRICTED')),
  -- With auth_methods = 'RESTRICTED': e.g. ["sso", "magic_link", "email_otp", "password"].
  allowed_auth_methods   jsonb not null default '[]'::jsonb,
  mfa_policy             text not null default 'OPTIONAL' check (mfa_policy in ('REQUIRED_FOR_ALL', 'OPTIONAL')),
  mfa_methods            text not null default 'ALL_ALLOWED' check (mfa_methods in ('ALL_ALLOWED', 'RESTRICTED')),
  -- With mfa_methods = 'RESTRICTED': a subset of ["totp", "sms_otp"].
  allowed_mfa_methods    jsonb not null default '[]'::jsonb,
  trusted_metadata       jsonb not null default '{}'::jsonb,
  -- The SSO connection a sign-in by this organization's SSO starts with (set by the SSO connections' module).
  sso_default_connection_id text,
  created_at             timestamptz not null
);

create table members (
  id                     text primary key,
  organization_id        text not null references organizations (id) on delete cascade,
  -- Lower-cased and trimmed, as user_emails.email is.
  email                  text not null,
  -- Set once this member has proven the address (link, passcode, or an SSO assertion naming it).
  email_verified_at      timestamptz,
  name                   text not null default '',
  status                 text not null default 'active' check (status in ('active', 'pending', 'invited', 'deleted')),
  roles                  jsonb not null default '[]'::jsonb,
  -- How the member came to be: 'created', 'email_jit', 'sso_jit', 'invite', 'organization_creator'.
  provenance             text not null,
  is_breakglass          boolean not null default false,
  mfa_enrolled           boolean not null default false,
  -- E.164; proven by an SMS passcode before it counts as an MFA factor (mfa_phone_number_verified).
  mfa_phone_number       text not null default '',
  mfa_phone_number_verified boolean not null default false,
  default_mfa_method     text not null default '' check (default_mfa_method in ('', 'totp', 'sms_otp')),
  -- The member's verified TOTP registration (set by the MFA module once a first code proves it), or ''.
  totp_registration_id   text not null default '',
  trusted_metadata       jsonb not null default '{}'::jsonb,
  untrusted_metadata     jsonb not null default '{}'::jsonb,
  locked_until           timestamptz,
  created_at             timestamptz not null,
  unique (organization_id, email)
);
create index members_email_idx on members (email);
-- The spec's duplicate_member_phone_number: one MFA phone number per organization.
create unique index members_mfa_phone_idx on members (organization_id, mfa_phone_number) where mfa_phone_number <> '';

create table member_sessions (
  id               text primary key,
  token_hash       text not null unique,
  member_id        text not null references members (id) on delete cascade,
  organization_id  text not null references organizations (id) on delete cascade,
  started_at       timestamptz not null,
  last_accessed_at timestamptz not null,
  expires_at       timestamptz not null,
  revoked_at       timestamptz,
  -- The wire's authentication_factors, in the order they were proven.
  factors          jsonb not null default '[]'::jsonb,
  ip_address       text not null default '',
  user_agent       text not null default ''
);
create index member_sessions_member_id_idx on member_sessions (member_id);

-- Ten minutes of state between factors. A discovery one names only a proven address (organization and member null);
-- an organization one names the member that passed the first factor and waits for MFA. Exchanging it for a session
-- (or a newer intermediate session) sets used_at in the same statement that checks it, so it works once.
create table intermediate_sessions (
  id              text primary key,
  token_hash      text not null unique,
  email           text not null,
  organization_id text references organizations (id) on delete cascade,
  member_id       text references members (id) on delete cascade,
  factors         jsonb not null default '[]'::jsonb,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  used_at         timestamptz
);
create index intermediate_sessions_expires_at_idx on intermediate_sessions (expires_at);

-- Email links and passcodes of the organization product: discovery (organization null) or login/sign-up into one
-- organization. One row per send; a link works once, a passcode is checked against its digest with an attempt count.
create table member_email_tokens (
  id              text primary key,
  kind            text not null check (kind in ('discovery_link', 'login_link', 'discovery_otp', 'login_otp')),
  -- A link's digest is unique by construction; a passcode's is its HMAC under the passcode key, bound to the row's
  -- email (security/otp-codes.ts), and it is looked up with the email.
  token_hash      text not null,
  email           text not null,
  organization_id text references organizations (id) on delete cascade,
  code_challenge  text,
  redirect_url    text not null default '',
  attempts        integer not null default 0,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  used_at         timestamptz
);
create index member_email_tokens_token_hash_idx on member_email_tokens (token_hash);
create index member_email_tokens_email_idx on member_email_tokens (email, created_at desc);
