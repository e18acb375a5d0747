// The texts a wallet signs: the Sign-In with Ethereum message (EIP-4361) and the plain challenge used without it, and
// the rule every value written into them obeys. Both name the site (domain and URI) the signature is for, so a wallet
// can show it and a signature made for one site cannot be replayed on another.
import { SIWE_VERSION } from '../constants/crypto-wallets.ts';

/** The EIP-4361 fields a message is built from, each already checked to be one line (`lineProblem`). */
export interface SiweFields {
  domain: string;
  uri: string;
  statement: string;
  chainId: string;
  issuedAt: string;
  notBefore?: string;
  requestId?: string;
  resources: string[];
}

/** The EIP-4361 message text, line for line as the standard's ABNF lays it out. */
export function siweMessage(fields: SiweFields, address: string, nonce: string, expiresAt: number): string {
  const lines = [
    `${fields.domain} wants you to sign in with your Ethereum account:`,
    address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    `Version: ${SIWE_VERSION}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${new Date(expiresAt).toISOString()}`,
  ];
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore}`);
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources.length > 0) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/** What the plain challenge names. */
export interface PlainChallengeFields {
  /** The page's host (with its port), as a SIWE message's first line has it. */
  domain: string;
  /** The page's origin. */
  uri: string;
  /** The chain as people call it: Ethereum, Solana. */
  chainName: string;
  address: string;
  statement: string;
  nonce: string;
  issuedAt: string;
}

/**
 * Without SIWE: the same layout cut to the fields that matter, the site (domain and URI), the wallet, the nonce (what
 * makes it single use) and when it was made. Laid out like EIP-4361 and its Solana twin (Sign In With Solana), whose
 * wallets compare the domain with the page asking for the signature.
 */
export function plainChallengeMessage(fields: PlainChallengeFields): string {
  return [
    `${fields.domain} wants you to sign in with your ${fields.chainName} account:`,
    fields.address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ].join('\n');
}

/**
 * Everything that ends a line somewhere: CR, LF, vertical tab, form feed, the C0 file/group/record separators, NEL
 * (U+0085) and the Unicode line and paragraph separators (categories Zl and Zp: U+2028, U+2029). A wallet, a log
 * viewer or a SIWE parser may break a line at any of them, and a break would let a value forge the lines after it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: on purpose, so that values with these breaks are refused.
const LINE_BREAKS = /[\n\v\f\r\x1c-\x1e\x85\p{Zl}\p{Zp}]/u;
/**
 * Control characters (Cc), invisible format characters (Cf: zero-width spaces, bidirectional overrides that reorder
 * what the wallet shows) and lone surrogates (Cs, which have no UTF-8 form, so the bytes signed would not be the text
 * stored).
 */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/**
 * Why `value` cannot be one line of a message the wallet shows, as the catalogue key of the refusal; null when it
 * can. Line breaks are named as such; the other invisible characters as control characters.
 */
export function lineProblem(value: string): 'fieldHasLineBreaks' | 'fieldHasControlCharacters' | null {
  if (LINE_BREAKS.test(value)) return 'fieldHasLineBreaks';
  if (CONTROL_OR_FORMAT.test(value)) return 'fieldHasControlCharacters';
  return null;
}
