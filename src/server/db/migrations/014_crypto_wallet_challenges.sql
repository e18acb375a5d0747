-- Wallet challenges cannot flood the service. A start keeps at most a few live challenges per wallet address (the
-- newest), and authenticate checks a signature against one row, the address's newest live challenge, found through
-- the index below instead of reading every challenge of the address.
-- `seq` orders one address's challenges by insertion, whatever the clocks of the instances that issued them say
-- (created_at is the service's clock, which tests move and instances may disagree on by a few milliseconds).
alter table crypto_wallet_challenges add column seq bigint generated always as identity;
-- The (type, normalized_address) index of migration 010 is this one's prefix, so it goes.
drop index crypto_wallet_challenges_wallet_idx;
create index crypto_wallet_challenges_wallet_seq_idx on crypto_wallet_challenges (type, normalized_address, seq desc);
