// Crypto wallets (wire contract 3.9): authenticate/start (primary or secondary) hands out the exact message a wallet
// signs, authenticate checks the signature and signs in (or adds the wallet to) its user. Signature arithmetic is in
// security/crypto-wallet-signatures.ts and the message layouts in security/siwe-message.ts; this file decides what
// goes into the messages (EIP-4361 or a plain challenge, both bound to the calling page), that a challenge works
// once, for 5 minutes and not before its SIWE Not Before, how many challenges one address and one client may hold,
// which challenge a signature is checked against, and one user per wallet.
import { randomBytes } from 'node:crypto';
import type { AuthenticationFactor } from '../../api/session.ts';
import {
  CRYPTO_WALLET_FACTOR_DELIVERY_METHOD,
  CRYPTO_WALLET_TYPES,
  type CryptoWalletAuthenticateResponse,
  type CryptoWalletAuthenticateStartResponse,
  type CryptoWalletType,
} from '../../api/crypto-wallets.ts';
import {
  CRYPTO_WALLET_CHALLENGE_LIFETIME_MS,
  CRYPTO_WALLET_CHALLENGE_SWEEP_BATCH,
  CRYPTO_WALLET_DEFAULT_STATEMENT,
  CRYPTO_WALLET_LIVE_CHALLENGES_MAX,
  CRYPTO_WALLET_NONCE_BYTES,
  SIWE_DEFAULT_CHAIN_ID,
} from '../constants/crypto-wallets.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type {
  CryptoWalletAuthenticateInput,
  CryptoWalletStartInput,
  SiweParamsReader,
} from '../routes/crypto-wallets.schemas.ts';
import {
  parseEthereumAddress,
  parseEthereumSignature,
  parseSolanaAddress,
  parseSolanaSignature,
  recoverPersonalSignAddress,
  verifySolanaSignature,
} from '../security/crypto-wallet-signatures.ts';
import { isAllowedOrigin, originOf } from '../security/origins.ts';
import { plainChallengeMessage, siweMessage, type SiweFields } from '../security/siwe-message.ts';
import { hashToken } from '../security/tokens.ts';
import { iso } from '../store/time.ts';
import {
  addWalletToUser,
  consumeChallenge,
  findOrCreateWalletUser,
  findWallet,
  insertChallenge,
  newestLiveChallenge,
  sweepExpiredChallenges,
  type CryptoWalletChallengeRow,
  type CryptoWalletRow,
  type WalletKey,
} from '../store/crypto-wallets.ts';
import { limitSendFrom, reserveAuthAttempt } from './client-limits.ts';
import { checkUnderLock, WRONG_SECRET } from './lockout.ts';
import { authenticatePayload, sessionAfterAuthentication } from './sessions.ts';
import { message } from '../i18n/message.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

/** The chain names the plain (non-SIWE) challenge uses. */
const CHAIN_NAMES: Record<CryptoWalletType, string> = { ethereum: 'Ethereum', solana: 'Solana' };

export interface Wallet extends WalletKey {
  type: CryptoWalletType;
  /** As shown (EIP-55 checksummed for Ethereum). */
  address: string;
  /** Solana only: the ed25519 public key the address encodes. */
  publicKey?: Uint8Array;
}

/** The wallet a request names; the edge reads the type first, as it says how the address is read. */
export function readWallet(type: string, raw: string): Wallet {
  if (!(CRYPTO_WALLET_TYPES as readonly string[]).includes(type)) throw Errors.invalidCryptoWalletType();
  if (type === 'ethereum') {
    const parsed = parseEthereumAddress(raw);
    if ('error' in parsed) throw Errors.invalidCryptoWalletAddress(parsed.error);
    // Hex case is only a checksum: one wallet whatever case it is typed in.
    return { type, address: parsed.address, normalizedAddress: parsed.address.toLowerCase() };
  }
  const publicKey = parseSolanaAddress(raw);
  if (!publicKey) throw Errors.invalidCryptoWalletAddress(message('solanaAddressShape'));
  // base58 is case-sensitive and has one text per key, so the address itself is the key.
  return { type: 'solana', address: raw, normalizedAddress: raw, publicKey };
}

// ---- Sign-In with Ethereum (EIP-4361) ----

/**
 * The calling page's origin, which a message is bound to: the browser's Origin header, which must be an allowed
 * origin (the CORS check has refused any other already; this keeps the rule where the message is made).
 */
function allowedPageOrigin(deps: Deps, pageOrigin: string): string {
  if (originOf(pageOrigin) !== pageOrigin || !isAllowedOrigin(pageOrigin, deps.config.allowedOrigins)) {
    throw Errors.originNotAllowed(pageOrigin);
  }
  return pageOrigin;
}

/**
 * The page's SIWE fields, with the domain and URI bound to the calling page: the origin must be allowed, the domain
 * is its host, and a URI the page gives must be on that same origin (a wallet shows the domain; a message naming
 * another site would let one site collect sign-ins for another). The fields are read and checked against the page
 * and the clock only now, once the origin is known (routes/crypto-wallets.schemas.ts); what the page left out is
 * filled in here.
 */
function readSiwe(deps: Deps, params: SiweParamsReader, origin: string | undefined, now: number): SiweFields {
  if (!origin) throw Errors.invalidRequest('siweOriginMissing');
  const pageOrigin = allowedPageOrigin(deps, origin);
  const given = params.read({ pageOrigin, now });
  return {
    domain: new URL(pageOrigin).host,
    uri: given.uri ?? pageOrigin,
    statement: given.statement ?? CRYPTO_WALLET_DEFAULT_STATEMENT,
    chainId: given.chain_id ?? SIWE_DEFAULT_CHAIN_ID,
    issuedAt: given.issued_at ?? new Date(now).toISOString(),
    notBefore: given.not_before,
    requestId: given.message_request_id,
    resources: given.resources,
  };
}

/**
 * Without SIWE the message is still bound to a site: the calling page (its Origin header, an allowed origin), or for
 * a caller that is no page (a server, a native app: no Origin header) the service itself.
 */
function plainChallengeOrigin(deps: Deps, request: StartRequest): string {
  return request.pageOrigin === undefined ? request.serviceOrigin : allowedPageOrigin(deps, request.pageOrigin);
}

/** The plain challenge for the wallet, laid out like a SIWE message (security/siwe-message.ts). */
function plainChallenge(wallet: Wallet, origin: string, nonce: string, now: number): string {
  return plainChallengeMessage({
    domain: new URL(origin).host,
    uri: origin,
    chainName: CHAIN_NAMES[wallet.type],
    address: wallet.address,
    statement: CRYPTO_WALLET_DEFAULT_STATEMENT,
    nonce,
    issuedAt: new Date(now).toISOString(),
  });
}

// ---- Calls ----

/** Who asks for a challenge, and from which page. */
export interface StartRequest {
  /** /secondary: the signed-in user who gets the wallet; null for a sign-in (/primary). */
  sessionUserId: string | null;
  /** The browser's own Origin header (not requestMeta's parent-host fallback): the page a message is bound to. */
  pageOrigin: string | undefined;
  /** The service's own origin: what a plain challenge names when no page asks (no Origin header). */
  serviceOrigin: string;
  meta: RequestMeta;
}

/**
 * POST /crypto_wallets/authenticate/start/primary (a sign-in) and /secondary (session required: the wallet is added
 * to that user). Answers the exact message the wallet must sign. A challenge is a row anyone can ask for, so each is
 * paid for from two budgets shared by every instance: the client's sends (per IP) and the address's starts; and the
 * address keeps only its newest few.
 */
export async function startAuthentication(
  deps: Deps,
  request: StartRequest,
  input: CryptoWalletStartInput,
): Promise<Payload<CryptoWalletAuthenticateStartResponse>> {
  const { wallet, siwe_params: siweParams } = input;
  if (siweParams.given && wallet.type !== 'ethereum') throw Errors.invalidRequest('siweParamsNotEthereum');
  const now = deps.config.now();
  const expiresAt = now + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS;
  const nonce = randomBytes(CRYPTO_WALLET_NONCE_BYTES).toString('hex');
  const siwe = wallet.type === 'ethereum' && (deps.config.siweRequiredForCryptoWallets || siweParams.given);
  const fields = siwe ? readSiwe(deps, siweParams, request.pageOrigin, now) : null;
  const message = fields
    ? siweMessage(fields, wallet.address, nonce, expiresAt)
    : plainChallenge(wallet, plainChallengeOrigin(deps, request), nonce, now);
  // Only a request that would be issued a challenge spends from the budgets (a malformed one is refused above).
  await limitSendFrom(deps, request.meta);
  await deps.limits.cryptoWalletStart.take(`${wallet.type}:${wallet.normalizedAddress}`, now);
  // Expired challenges of anyone are swept on the way, a bounded batch per start: they can never be used.
  await sweepExpiredChallenges(deps.db, { now, batch: CRYPTO_WALLET_CHALLENGE_SWEEP_BATCH });
  await insertChallenge(deps.db, {
    // Keyed by the nonce's digest: the primary key also guarantees no two live challenges share a nonce.
    idHash: hashToken(nonce),
    type: wallet.type,
    normalizedAddress: wallet.normalizedAddress,
    userId: request.sessionUserId,
    message,
    now,
    expiresAt,
    // EIP-4361: the message must not be accepted before its Not Before; authenticate checks it.
    notBefore: fields?.notBefore === undefined ? null : Date.parse(fields.notBefore),
    liveMax: CRYPTO_WALLET_LIVE_CHALLENGES_MAX,
  });
  return { challenge: message };
}

export function readSignatureCheck(wallet: Wallet, raw: string): (message: string) => boolean {
  if (wallet.type === 'ethereum') {
    const signature = parseEthereumSignature(raw);
    if (!signature) {
      throw Errors.invalidRequest('ethereumSignatureShape');
    }
    // Another key's signature recovers another address: refused like a wrong one.
    return (message) => recoverPersonalSignAddress(message, signature) === wallet.address;
  }
  const signature = parseSolanaSignature(raw);
  if (!signature) throw Errors.invalidRequest('solanaSignatureShape');
  return (message) => verifySolanaSignature(message, signature, wallet.publicKey!);
}

function cryptoWalletFactor(row: CryptoWalletRow, now: number): AuthenticationFactor {
  return {
    type: CRYPTO_WALLET_FACTOR_DELIVERY_METHOD,
    delivery_method: CRYPTO_WALLET_FACTOR_DELIVERY_METHOD,
    last_authenticated_at: new Date(now).toISOString(),
    crypto_wallet_factor: {
      crypto_wallet_id: row.id,
      crypto_wallet_address: row.address,
      crypto_wallet_type: row.type,
    },
  };
}

/**
 * POST /crypto_wallets/authenticate: the signature must be the wallet's over its newest live challenge. The request
 * names only the wallet and carries no message, so the service cannot know which of the wallet's waiting messages was
 * signed; it checks the one it handed out last, so a signature costs one verification however many challenges exist
 * (a wallet signs the challenge its start just answered). That challenge is used atomically, then the wallet's user
 * is signed in (created on the first sign-in) or, for a secondary challenge, the wallet is added to the user who
 * asked. A failed signature counts against the client and, when the wallet already has a user, against that user's
 * lock, like a wrong password.
 */
export async function authenticate(
  deps: Deps,
  meta: RequestMeta,
  input: CryptoWalletAuthenticateInput,
): Promise<Payload<CryptoWalletAuthenticateResponse>> {
  const { wallet, verifies, session_duration_minutes: durationMinutes } = input;

  const attempt = await reserveAuthAttempt(deps, meta);
  const newest = await newestLiveChallenge(deps.db, { ...wallet, now: deps.config.now() });
  if (!newest) throw Errors.cryptoWalletChallengeNotFound();
  const check = async (): Promise<CryptoWalletChallengeRow | typeof WRONG_SECRET> => {
    if (!verifies(newest.message)) return WRONG_SECRET;
    // A right signature too early: refused, and the challenge stays for a try from its Not Before (until it expires).
    if (newest.not_before !== null && new Date(newest.not_before).getTime() > deps.config.now()) {
      throw Errors.cryptoWalletChallengeNotYetValid(iso(newest.not_before));
    }
    // Of two requests carrying one signature, one uses the challenge; the other finds it gone (a replay).
    if (!(await consumeChallenge(deps.db, { idHash: newest.id_hash, now: deps.config.now() }))) {
      throw Errors.cryptoWalletChallengeNotFound();
    }
    return newest;
  };
  const owner = (await findWallet(deps.db, wallet))?.user_id ?? newest.user_id;
  let challenge: CryptoWalletChallengeRow;
  if (owner) {
    challenge = await checkUnderLock(deps, owner, check, Errors.invalidCryptoWalletSignature);
  } else {
    const outcome = await check();
    if (outcome === WRONG_SECRET) throw Errors.invalidCryptoWalletSignature();
    challenge = outcome;
  }
  await attempt.release();

  const now = deps.config.now();
  const row = challenge.user_id
    ? await addWalletToUser(deps.db, challenge.user_id, { ...wallet, now })
    : await findOrCreateWalletUser(deps.db, { ...wallet, now });
  if (challenge.user_id && row.user_id !== challenge.user_id) {
    throw Errors.invalidCryptoWalletAddress(message('walletOfAnotherUser'));
  }
  const started = await sessionAfterAuthentication(deps, meta, {
    userId: row.user_id,
    factor: cryptoWalletFactor(row, now),
    durationMinutes,
  });
  return authenticatePayload(deps, started.session, started.sessionToken);
}
