-- WebAuthn registrations (passkeys and security keys) and the single-use challenges of their ceremonies.

create table webauthn_registrations (
  id                 text primary key,
  user_id            text not null references users (id) on delete cascade,
  -- The credential id (base64url) the authenticator made. Unique across all users: the constraint, not a read,
  -- decides which of two concurrent registrations of one credential wins.
  credential_id      text not null unique,
  -- COSE public key, base64url.
  public_key         text not null,
  -- The authenticator's signature counter as last seen; 0 for authenticators that do not count.
  counter            bigint not null default 0,
  transports         text not null default '',
  -- user.id of the creation options (base64url): an assertion's userHandle must match it.
  user_handle        text not null,
  authenticator_type text not null default '',
  user_agent         text not null default '',
  -- The relying party id the credential is scoped to.
  domain             text not null,
  name               text not null,
  verified           boolean not null default true,
  created_at         timestamptz not null
);
create index webauthn_registrations_user_id_idx on webauthn_registrations (user_id);

-- A challenge is stored as its SHA-256 digest and deleted when used (DELETE ... RETURNING), so it works once.
create table webauthn_challenges (
  challenge_hash     text primary key,
  -- 'register' or 'authenticate'.
  kind               text not null,
  -- null for a primary (passkey) sign-in, where the credential names the user.
  user_id            text references users (id) on delete cascade,
  rp_id              text not null,
  -- Whether the ceremony asked for user verification (a passkey): the response must then carry the UV flag.
  require_user_verification boolean not null,
  -- Registration only: what register/start was told, copied onto the registration.
  user_handle        text,
  authenticator_type text,
  user_agent         text,
  created_at         timestamptz not null,
  expires_at         timestamptz not null
);
create index webauthn_challenges_expires_at_idx on webauthn_challenges (expires_at);
