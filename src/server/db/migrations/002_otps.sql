-- One-time passcodes by SMS, WhatsApp and email: users get phone numbers, passcodes are stored as SHA-256 digests
-- bound to their method (never the digits), and failed checks are logged so repeated guessing locks the user.

-- Numbers are stored in E.164 form, so the unique index stops one number from belonging to two users.
create table user_phone_numbers (
  id           text primary key,
  user_id      text not null references users (id) on delete cascade,
  phone_number text not null unique,
  verified     boolean not null default false,
  created_at   timestamptz not null
);
create index user_phone_numbers_user_id_idx on user_phone_numbers (user_id);

-- `method_id` is the phone number's or the email address's id; `code_hash` is sha256(method_id || ':' || code), so
-- equal codes for different methods never share a digest and a digest names its method. A code is live while it is
-- unused, not superseded by a newer code for the same method, not expired, and below the attempt limit.
create table otp_codes (
  id              text primary key,
  method_id       text not null,
  user_id         text not null references users (id) on delete cascade,
  delivery_method text not null check (delivery_method in ('sms', 'whatsapp', 'email')),
  code_hash       text not null,
  attempts        integer not null default 0,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  used_at         timestamptz,
  superseded_at   timestamptz
);
create index otp_codes_method_id_idx on otp_codes (method_id);
create index otp_codes_code_hash_idx on otp_codes (code_hash);

-- Each failed passcode check of a user; enough of them within the window set users.locked_until.
create table auth_failures (
  seq       bigint generated always as identity primary key,
  user_id   text not null references users (id) on delete cascade,
  failed_at timestamptz not null
);
create index auth_failures_user_id_idx on auth_failures (user_id, failed_at);

alter table users add column locked_until timestamptz;
