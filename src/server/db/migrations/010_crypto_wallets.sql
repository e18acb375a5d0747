-- Crypto wallets (Ethereum and Solana) and the single-use challenges their sign-ins sign.

create table crypto_wallets (
  id         text primary key,
  user_id    text not null references users (id) on delete cascade,
  -- 'ethereum' or 'solana'.
  type       text not null,
  -- The address as shown: EIP-55 checksummed for Ethereum, base58 for Solana.
  address    text not null,
  -- The comparison key: lower-case hex for Ethereum (case is only a checksum), the base58 text for Solana (case
  -- matters). One user per wallet: the constraint, not a read, decides which of two first sign-ins creates the user.
  normalized_address text not null,
  verified   boolean not null default true,
  created_at timestamptz not null,
  unique (type, normalized_address)
);
create index crypto_wallets_user_id_idx on crypto_wallets (user_id);

-- A challenge is deleted when used (DELETE ... RETURNING), so it works once. The message itself is kept because the
-- authenticate call names only the wallet, and the signature must be checked over the exact text; its nonce is no
-- bearer secret (only the wallet's key can sign it). The key is the nonce's SHA-256 digest.
create table crypto_wallet_challenges (
  id_hash    text primary key,
  type       text not null,
  normalized_address text not null,
  -- null for a sign-in (primary); the signed-in user for /secondary, who gets the wallet.
  user_id    text references users (id) on delete cascade,
  message    text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index crypto_wallet_challenges_wallet_idx on crypto_wallet_challenges (type, normalized_address);
create index crypto_wallet_challenges_expires_at_idx on crypto_wallet_challenges (expires_at);
