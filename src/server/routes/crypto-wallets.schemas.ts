import * as v from 'valibot';
import {
  CRYPTO_WALLET_CHALLENGE_LIFETIME_MS,
  MAX_SIWE_FIELD_LENGTH,
  MAX_SIWE_RESOURCES,
} from '../constants/crypto-wallets.ts';
import { validated } from '../http/edge.ts';
import { Errors } from '../http/errors.ts';
import {
  body,
  optionalObject,
  optionalString,
  optionalValue,
  protectionFields,
  refine,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import type { JsonObject } from '../http/validate.ts';
import { originOf } from '../security/origins.ts';
import { lineProblem } from '../security/siwe-message.ts';
import { readSignatureCheck, readWallet, type Wallet } from '../services/crypto-wallets.ts';

/** EIP-4361's RFC 3339 date-time (the issued-at and not-before a page may set). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** EIP-155 chain ids are positive decimal integers. */
const CHAIN_ID = /^[1-9]\d{0,19}$/;
/** The challenge lifetime as the refusals name it. */
const LIFETIME_MINUTES = CRYPTO_WALLET_CHALLENGE_LIFETIME_MS / 60_000;

// A wallet's type says how its address (and a signature) is read, so the address's step needs the type read just
// before it: these schemas are made per request, and each step leaves what it read for the steps after it.
function walletFields() {
  let type = '';
  let wallet: Wallet | undefined;
  return {
    entries: {
      crypto_wallet_type: v.pipe(
        requiredString(),
        refine((value: string) => (type = value)),
      ),
      crypto_wallet_address: v.pipe(
        requiredString(),
        refine((address: string) => (wallet = readWallet(type, address))),
      ),
    },
    /** The wallet, once the address's step has run. */
    wallet: () => wallet!,
  };
}

// ---- Sign-In with Ethereum ----

/**
 * Every value written into a message is one line of it: a line or paragraph separator would forge the lines after it
 * (a second URI, another Nonce), and control or format characters would hide or reorder what the wallet shows.
 */
function requireOneLine(field: string, value: string): void {
  const problem = lineProblem(value);
  if (problem) throw Errors.invalidRequest(problem, { field });
}

/** A SIWE field as the page may give it: a string, one line, at most MAX_SIWE_FIELD_LENGTH characters. */
function siweText(name: string) {
  const field = `siwe_params.${name}`;
  return v.pipe(
    optionalString(),
    refine((value: string | undefined) => {
      if (value === undefined) return undefined;
      if (value.length > MAX_SIWE_FIELD_LENGTH) {
        throw Errors.invalidRequest('fieldTooLong', { field, max: MAX_SIWE_FIELD_LENGTH });
      }
      requireOneLine(field, value);
      return value;
    }),
  );
}

/** What SIWE fields are checked against: the calling page (already allowed) and the service's clock. */
export interface SiweContext {
  pageOrigin: string;
  now: number;
}

/** The head of siwe_params: where and when the message is valid. Defaults are the service's to fill in. */
function siweWhereAndWhen({ pageOrigin, now }: SiweContext) {
  return v.pipe(
    body({
      // A URI the page gives must be on its own origin: a message naming another site would let one site collect
      // sign-ins for another.
      uri: v.pipe(
        siweText('uri'),
        refine((uri: string | undefined) => {
          if (uri !== undefined && originOf(uri) !== pageOrigin) {
            throw Errors.invalidRequest('siweUriNotOnOrigin', { origin: pageOrigin });
          }
          return uri;
        }),
      ),
      chain_id: v.pipe(
        siweText('chain_id'),
        refine((chainId: string | undefined) => {
          if (chainId !== undefined && !CHAIN_ID.test(chainId)) throw Errors.invalidRequest('siweChainIdNotValid');
          return chainId;
        }),
      ),
      issued_at: siweText('issued_at'),
      not_before: siweText('not_before'),
    }),
    refine((fields) => {
      for (const [name, value] of [
        ['issued_at', fields.issued_at],
        ['not_before', fields.not_before],
      ] as const) {
        if (value !== undefined && (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))) {
          throw Errors.invalidRequest('fieldNotDateTime', { field: `siwe_params.${name}` });
        }
      }
      // The service's clock is the authority: Expiration Time is its now + the lifetime, whatever Issued At the page
      // wrote, and a page's Issued At further than one lifetime from that now would misstate when the message was
      // made (the default, now itself, is always within).
      if (
        fields.issued_at !== undefined &&
        Math.abs(Date.parse(fields.issued_at) - now) > CRYPTO_WALLET_CHALLENGE_LIFETIME_MS
      ) {
        throw Errors.invalidRequest('siweIssuedAtOutOfRange', { minutes: LIFETIME_MINUTES });
      }
      // A Not Before at or after the expiry names a message no one could ever use.
      if (
        fields.not_before !== undefined &&
        Date.parse(fields.not_before) >= now + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS
      ) {
        throw Errors.invalidRequest('siweNotBeforeAfterExpiration', { minutes: LIFETIME_MINUTES });
      }
      return fields;
    }),
  );
}

/** The rest of siwe_params: the resources the message lists, its statement and the page's request id. */
const siweRest = body({
  resources: v.pipe(
    optionalValue(),
    refine((value: unknown) => {
      const resources = value ?? [];
      if (!Array.isArray(resources) || !resources.every((r) => typeof r === 'string')) {
        throw Errors.invalidRequest('fieldNotStringArray', { field: 'siwe_params.resources' });
      }
      if (resources.length > MAX_SIWE_RESOURCES) {
        throw Errors.invalidRequest('siweTooManyResources', { max: MAX_SIWE_RESOURCES });
      }
      for (const resource of resources as string[]) {
        // URL parsing drops tabs and line breaks and escapes separators, so the text itself is checked first.
        requireOneLine('siwe_params.resources', resource);
        if (resource.length > MAX_SIWE_FIELD_LENGTH || !URL.canParse(resource)) {
          throw Errors.invalidRequest('siweResourcesNotUris');
        }
      }
      return resources as string[];
    }),
  ),
  statement: siweText('statement'),
  message_request_id: siweText('message_request_id'),
});

export type SiweParams = v.InferOutput<ReturnType<typeof siweWhereAndWhen>> & v.InferOutput<typeof siweRest>;

/**
 * siwe_params as the edge hands it on: whether the page gave any, and a reader of its fields. They are read only
 * once the service knows SIWE applies and has checked the page's origin, as they always were, so a body with several
 * faults is still answered about the same one.
 */
export interface SiweParamsReader {
  given: boolean;
  read(context: SiweContext): SiweParams;
}

function siweParamsReader(params: JsonObject | undefined): SiweParamsReader {
  const fields = params ?? {};
  return {
    given: params !== undefined,
    read: (context) => ({ ...validated(siweWhereAndWhen(context), fields), ...validated(siweRest, fields) }),
  };
}

/**
 * POST /crypto_wallets/authenticate/start/primary and /secondary (a fresh schema per request: see walletFields).
 * `captcha_token` is accepted and type-checked, not used.
 */
export function cryptoWalletStartBody() {
  return v.pipe(
    body({
      ...walletFields().entries,
      siwe_params: v.pipe(optionalObject(), refine(siweParamsReader)),
      captcha_token: optionalString(),
    }),
    v.transform(({ crypto_wallet_address, siwe_params }) => ({ wallet: crypto_wallet_address, siwe_params })),
  );
}
export type CryptoWalletStartInput = v.InferOutput<ReturnType<typeof cryptoWalletStartBody>>;

/** POST /crypto_wallets/authenticate (a fresh schema per request: see walletFields). */
export function cryptoWalletAuthenticateBody() {
  const wallet = walletFields();
  return v.pipe(
    body({
      ...wallet.entries,
      signature: v.pipe(
        requiredString(),
        refine((signature: string) => readSignatureCheck(wallet.wallet(), signature)),
      ),
      session_duration_minutes: sessionDuration(),
      ...protectionFields(),
    }),
    v.transform(({ crypto_wallet_address, signature, session_duration_minutes }) => ({
      wallet: crypto_wallet_address,
      verifies: signature,
      session_duration_minutes,
    })),
  );
}
export type CryptoWalletAuthenticateInput = v.InferOutput<ReturnType<typeof cryptoWalletAuthenticateBody>>;
