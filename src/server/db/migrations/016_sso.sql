-- Enterprise SSO for organizations: each organization's SAML 2.0 and OpenID Connect connections, the service
-- provider's own state between the start and the identity provider's answer, the single-use sso token the visitor
-- comes back to the site with, the SAML assertion ids already accepted (replay), and which external identity signed
-- in as which member. Every secret we hand out (RelayState, OIDC state, sso token) is stored as its SHA-256 hex
-- digest, never as itself; an OIDC client secret is sealed under AUTH_SECRET_KEY (security/encryption.ts).

-- One row per connection. `kind` says which half of the columns is used; the other half keeps its empty defaults.
-- A URL written as a path (`/dev/...`) is on the service's own origin: only the development stand-ins are stored so.
create table sso_connections (
  id                       text primary key,
  organization_id          text not null references organizations (id) on delete cascade,
  kind                     text not null check (kind in ('saml', 'oidc')),
  display_name             text not null default '',
  status                   text not null default 'active' check (status in ('pending', 'active')),
  -- The wire's identity_provider: 'generic', 'okta', 'microsoft-entra', 'google-workspace'.
  identity_provider        text not null default 'generic',
  -- With the organization's sso_jit_provisioning = 'RESTRICTED': whether this connection may create members.
  jit_provisioning_allowed boolean not null default false,
  -- IdP attribute names for the member's fields: {"email": "...", "first_name": "...", "last_name": "...", ...}.
  attribute_mapping        jsonb not null default '{}'::jsonb,
  -- Where the row came from: 'configured' (SSO_CONNECTIONS, upserted at every start) or 'dev' (the stand-ins).
  source                   text not null default 'configured' check (source in ('configured', 'dev')),
  -- SAML: the IdP's entity id (the assertion's Issuer), its sign-in URL (HTTP-Redirect binding) and the PEM
  -- certificates whose keys may sign its answers (several during a key rollover).
  idp_entity_id            text not null default '',
  idp_sso_url              text not null default '',
  idp_certificates         jsonb not null default '[]'::jsonb,
  -- OIDC: the issuer (discovery unless the endpoints are given), the client, and the endpoints that override it.
  issuer                   text not null default '',
  client_id                text not null default '',
  -- Sealed (v1:<kid>:…); null for a SAML connection, so the start-up reseal pass skips those rows.
  client_secret            text,
  authorization_url        text not null default '',
  token_url                text not null default '',
  userinfo_url             text not null default '',
  jwks_url                 text not null default '',
  custom_scopes            text not null default '',
  created_at               timestamptz not null,
  updated_at               timestamptz not null
);
create index sso_connections_organization_id_idx on sso_connections (organization_id);

-- A sign-in between the start and the identity provider's answer. `state_hash` is the digest of the SAML RelayState
-- or the OIDC state; `request_id_hash` the digest of the SAML AuthnRequest ID the answer must name in InResponseTo.
-- The OIDC nonce and our PKCE verifier towards the IdP are derived from the state (services/sso-oidc.ts), so
-- nothing here can finish a sign-in without the state itself. Used once: the UPDATE that sets used_at decides.
create table sso_states (
  id                  text primary key,
  state_hash          text not null unique,
  request_id_hash     text unique,
  connection_id       text not null references sso_connections (id) on delete cascade,
  -- The site's PKCE challenge (pkce_code_challenge at start), checked when the sso token is authenticated.
  code_challenge      text,
  login_redirect_url  text not null,
  signup_redirect_url text not null,
  created_at          timestamptz not null,
  expires_at          timestamptz not null,
  used_at             timestamptz
);
create index sso_states_expires_at_idx on sso_states (expires_at);

-- The token in `?stytch_token_type=sso&token=…`: what the identity provider vouched for, for one organization only,
-- until POST /b2b/sso/authenticate uses it (once).
create table sso_tokens (
  id              text primary key,
  token_hash      text not null unique,
  connection_id   text not null references sso_connections (id) on delete cascade,
  organization_id text not null references organizations (id) on delete cascade,
  -- Lower-cased and trimmed, as members.email is.
  email           text not null,
  name            text not null default '',
  -- The IdP's stable id for the person: the SAML NameID or the OIDC subject.
  external_id     text not null,
  code_challenge  text,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  used_at         timestamptz
);
create index sso_tokens_expires_at_idx on sso_tokens (expires_at);

-- SAML assertion ids already accepted, per connection, kept until the assertion's own NotOnOrAfter (plus the clock
-- skew) has passed: an assertion replayed within its lifetime hits the primary key, whichever instance it reaches.
create table sso_saml_assertions (
  connection_id text not null references sso_connections (id) on delete cascade,
  assertion_id  text not null,
  expires_at    timestamptz not null,
  primary key (connection_id, assertion_id)
);
create index sso_saml_assertions_expires_at_idx on sso_saml_assertions (expires_at);

-- The member each external identity signed in as (the wire's member.sso_registrations).
create table member_sso_registrations (
  id            text primary key,
  connection_id text not null references sso_connections (id) on delete cascade,
  external_id   text not null,
  member_id     text not null references members (id) on delete cascade,
  created_at    timestamptz not null,
  unique (connection_id, external_id)
);
create index member_sso_registrations_member_id_idx on member_sso_registrations (member_id);
