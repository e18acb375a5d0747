-- Crypto wallets, found in an audit: a Sign-In with Ethereum message may carry a Not Before time
-- (siwe_params.not_before); EIP-4361 says it must not be accepted before then, so the challenge keeps that time beside
-- its expiry. Null when the message has none (every plain challenge, and SIWE messages without it).
alter table crypto_wallet_challenges add column not_before timestamptz;
