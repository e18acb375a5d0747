-- Second factors of organization members: authenticator apps (TOTP), the recovery codes made with one, and passcodes
-- sent by SMS. Like the consumer's totps, a seed is sealed (security/encryption.ts, bound to its row) and a code is
-- stored only as a digest. A member has a second factor once it is proven: a registration's first accepted code
-- verifies it; a phone number joins the member (members.mfa_phone_number) only when a passcode sent to it is used, so
-- an unproven number lives on its passcode row and nowhere else.

create table member_totps (
  id              text primary key,
  member_id       text not null references members (id) on delete cascade,
  organization_id text not null references organizations (id) on delete cascade,
  -- Sealed base32 seed; opens only in this row (its GCM context names the id).
  secret          text not null,
  verified        boolean not null default false,
  -- The RFC 6238 time step of the last accepted code: one atomic "later than this" update makes a code work once.
  last_used_step  bigint,
  created_at      timestamptz not null,
  -- An unverified registration must be confirmed with a first code before this time.
  expires_at      timestamptz not null
);
create index member_totps_member_id_idx on member_totps (member_id);
-- One authenticator app per member: two registrations confirmed at once cannot both become the member's.
create unique index member_totps_verified_idx on member_totps (member_id) where verified;

create table member_recovery_codes (
  id              text primary key,
  member_totp_id  text not null references member_totps (id) on delete cascade,
  member_id       text not null references members (id) on delete cascade,
  -- SHA-256 of the code (80 random bits: nothing to brute-force), so a stolen table holds no usable code.
  code_hash       text not null unique,
  used_at         timestamptz,
  created_at      timestamptz not null
);
create index member_recovery_codes_member_id_idx on member_recovery_codes (member_id);

create table member_sms_codes (
  id              text primary key,
  member_id       text not null references members (id) on delete cascade,
  organization_id text not null references organizations (id) on delete cascade,
  -- E.164; the number the code proves. It is copied to the member only when the code is used.
  phone_number    text not null,
  -- HMAC of member, number and code (security/otp-codes.ts): a digest matches only its own member and number.
  code_hash       text not null,
  attempts        integer not null default 0,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  used_at         timestamptz,
  -- A newer send retires the member's older codes: only the newest one works.
  superseded_at   timestamptz
);
create index member_sms_codes_member_id_idx on member_sms_codes (member_id, created_at desc);

-- Each attempt to check a member's secret (store/lockouts.ts): enough failures in the window set members.locked_until,
-- with the same limits as the consumer's auth_failures.
create table member_auth_failures (
  seq       bigint generated always as identity primary key,
  member_id text not null references members (id) on delete cascade,
  failed_at timestamptz not null
);
create index member_auth_failures_member_id_idx on member_auth_failures (member_id, failed_at);
