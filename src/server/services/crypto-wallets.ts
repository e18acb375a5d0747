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
  MAX_SIWE_FIELD_LENGTH,
  MAX_SIWE_RESOURCES,
  SESSION_DURATION_MINUTES_MAX,
  SESSION_DURATION_MINUTES_MIN,
  SIWE_DEFAULT_CHAIN_ID,
} from '../constants.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import {
  minutesInRange,
  optionalObject,
  optionalString,
  requiredNumber,
  requiredString,
  type JsonObject,
} from '../http/validate.ts';
import {
  parseEthereumAddress,
  parseEthereumSignature,
  parseSolanaAddress,
  parseSolanaSignature,
  recoverPersonalSignAddress,
  verifySolanaSignature,
} from '../security/crypto-wallet-signatures.ts';
import { isAllowedOrigin, originOf } from '../security/origins.ts';
import { lineProblem, plainChallengeMessage, siweMessage, type SiweFields } from '../security/siwe-message.ts';
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

/** EIP-4361's RFC 3339 date-time (the issued-at and not-before a page may set). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** EIP-155 chain ids are positive decimal integers. */
const CHAIN_ID = /^[1-9]\d{0,19}$/;
/** The challenge lifetime as the refusals name it. */
const LIFETIME_MINUTES = CRYPTO_WALLET_CHALLENGE_LIFETIME_MS / 60_000;
/** The chain names the plain (non-SIWE) challenge uses. */
const CHAIN_NAMES: Record<CryptoWalletType, string> = { ethereum: 'Ethereum', solana: 'Solana' };

interface Wallet extends WalletKey {
  type: CryptoWalletType;
  /** As shown (EIP-55 checksummed for Ethereum). */
  address: string;
  /** Solana only: the ed25519 public key the address encodes. */
  publicKey?: Uint8Array;
}

function readWallet(body: JsonObject): Wallet {
  // The type first: it says how the address is read.
  const type = requiredString(body, 'crypto_wallet_type');
  const raw = requiredString(body, 'crypto_wallet_address');
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
 * Every value written into a message is one line of it: a line or paragraph separator would forge the lines after it
 * (a second URI, another Nonce), and control or format characters would hide or reorder what the wallet shows.
 */
function requireOneLine(field: string, value: string): void {
  const problem = lineProblem(value);
  if (problem) throw Errors.invalidRequest(problem, { field });
}

function siweString(params: JsonObject, field: string): string | undefined {
  const value = optionalString(params, field);
  if (value === undefined) return undefined;
  if (value.length > MAX_SIWE_FIELD_LENGTH)
    throw Errors.invalidRequest('fieldTooLong', { field: `siwe_params.${field}`, max: MAX_SIWE_FIELD_LENGTH });
  requireOneLine(`siwe_params.${field}`, value);
  return value;
}

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
 * another site would let one site collect sign-ins for another).
 */
function readSiwe(deps: Deps, params: JsonObject, origin: string | undefined, now: number): SiweFields {
  if (!origin) throw Errors.invalidRequest('siweOriginMissing');
  const pageOrigin = allowedPageOrigin(deps, origin);
  const uri = siweString(params, 'uri') ?? pageOrigin;
  if (originOf(uri) !== pageOrigin) {
    throw Errors.invalidRequest('siweUriNotOnOrigin', { origin: pageOrigin });
  }
  const chainId = siweString(params, 'chain_id') ?? SIWE_DEFAULT_CHAIN_ID;
  if (!CHAIN_ID.test(chainId)) throw Errors.invalidRequest('siweChainIdNotValid');
  const issuedAt = siweString(params, 'issued_at') ?? new Date(now).toISOString();
  const notBefore = siweString(params, 'not_before');
  for (const [field, value] of [
    ['issued_at', issuedAt],
    ['not_before', notBefore],
  ] as const) {
    if (value !== undefined && (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))) {
      throw Errors.invalidRequest('fieldNotDateTime', { field: `siwe_params.${field}` });
    }
  }
  // The service's clock is the authority: Expiration Time is its now + the lifetime, whatever Issued At the page
  // wrote, and a page's Issued At further than one lifetime from that now would misstate when the message was made.
  if (Math.abs(Date.parse(issuedAt) - now) > CRYPTO_WALLET_CHALLENGE_LIFETIME_MS) {
    throw Errors.invalidRequest('siweIssuedAtOutOfRange', { minutes: LIFETIME_MINUTES });
  }
  // A Not Before at or after the expiry names a message no one could ever use.
  if (notBefore !== undefined && Date.parse(notBefore) >= now + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS) {
    throw Errors.invalidRequest('siweNotBeforeAfterExpiration', { minutes: LIFETIME_MINUTES });
  }
  const resources = params['resources'] ?? [];
  if (!Array.isArray(resources) || !resources.every((r) => typeof r === 'string')) {
    throw Errors.invalidRequest('fieldNotStringArray', { field: 'siwe_params.resources' });
  }
  if (resources.length > MAX_SIWE_RESOURCES)
    throw Errors.invalidRequest('siweTooManyResources', { max: MAX_SIWE_RESOURCES });
  for (const resource of resources as string[]) {
    // URL parsing drops tabs and line breaks and escapes separators, so the text itself is checked first.
    requireOneLine('siwe_params.resources', resource);
    if (resource.length > MAX_SIWE_FIELD_LENGTH || !URL.canParse(resource)) {
      throw Errors.invalidRequest('siweResourcesNotUris');
    }
  }
  return {
    domain: new URL(pageOrigin).host,
    uri,
    statement: siweString(params, 'statement') ?? CRYPTO_WALLET_DEFAULT_STATEMENT,
    chainId,
    issuedAt,
    notBefore,
    requestId: siweString(params, 'message_request_id'),
    resources: resources as string[],
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
  body: JsonObject,
): Promise<Payload<CryptoWalletAuthenticateStartResponse>> {
  const wallet = readWallet(body);
  const siweParams = optionalObject(body, 'siwe_params');
  optionalString(body, 'captcha_token');
  if (siweParams && wallet.type !== 'ethereum') throw Errors.invalidRequest('siweParamsNotEthereum');
  const now = deps.config.now();
  const expiresAt = now + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS;
  const nonce = randomBytes(CRYPTO_WALLET_NONCE_BYTES).toString('hex');
  const siwe = wallet.type === 'ethereum' && (deps.config.siweRequiredForCryptoWallets || siweParams !== undefined);
  const fields = siwe ? readSiwe(deps, siweParams ?? {}, request.pageOrigin, now) : null;
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

function readSignatureCheck(wallet: Wallet, raw: string): (message: string) => boolean {
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
  body: JsonObject,
): Promise<Payload<CryptoWalletAuthenticateResponse>> {
  const wallet = readWallet(body);
  const verifies = readSignatureCheck(wallet, requiredString(body, 'signature'));
  const durationMinutes = minutesInRange(
    requiredNumber(body, 'session_duration_minutes'),
    'session_duration_minutes',
    SESSION_DURATION_MINUTES_MIN,
    SESSION_DURATION_MINUTES_MAX,
  );
  for (const field of ['captcha_token', 'dfp_telemetry_id']) optionalString(body, field);

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
