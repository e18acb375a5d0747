// Wallet addresses and signatures: Ethereum addresses (EIP-55 checksums), personal_sign (EIP-191) verified
// by recovering the signer's public key on secp256k1, and Solana ed25519 signatures over base58 keys. The curve and
// hash arithmetic is @noble's (audited); this file only decides encodings and what counts as well-formed.
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { base58 } from '@scure/base';
import { message, type Message } from '../i18n/message.ts';

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** r (32 bytes) ‖ s (32 bytes) ‖ v (1 byte), hex: what personal_sign returns. */
const ETHEREUM_SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const SOLANA_PUBLIC_KEY_BYTES = 32;
const SOLANA_SIGNATURE_BYTES = 64;
/** EIP-191 version 0x45 ("E"): the prefix personal_sign puts before the message, then its length in bytes. */
const PERSONAL_SIGN_PREFIX = '\x19Ethereum Signed Message:\n';

const utf8 = new TextEncoder();
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** EIP-55: each hex letter upper-cased where the keccak-256 of the lower-case address has a nibble of 8 or more. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const digest = hex(keccak_256(utf8.encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(digest[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

/**
 * The checksummed form of an Ethereum address, or an explanation of why it is not one. All-lower and all-upper hex
 * carry no checksum and are accepted; a mixed-case address must match its EIP-55 checksum, because mixed case is the
 * checksum and a mismatch means a mistyped address.
 */
export function parseEthereumAddress(raw: string): { address: string } | { error: Message } {
  if (!ETHEREUM_ADDRESS.test(raw)) return { error: message('ethereumAddressShape') };
  const checksummed = toChecksumAddress(raw);
  const body = raw.slice(2);
  const uniformCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!uniformCase && raw !== checksummed) return { error: message('ethereumAddressChecksum') };
  return { address: checksummed };
}

/** The 32-byte public key of a Solana address (base58), or null when it is not one. */
export function parseSolanaAddress(raw: string): Uint8Array | null {
  try {
    const bytes = base58.decode(raw);
    return bytes.length === SOLANA_PUBLIC_KEY_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message): the digest personal_sign signs. */
export function personalSignDigest(message: string): Uint8Array {
  const bytes = utf8.encode(message);
  const prefix = utf8.encode(`${PERSONAL_SIGN_PREFIX}${bytes.length}`);
  const whole = new Uint8Array(prefix.length + bytes.length);
  whole.set(prefix);
  whole.set(bytes, prefix.length);
  return keccak_256(whole);
}

/** A parsed personal_sign signature: the 64-byte r ‖ s and the recovery bit (v 27/28 or 0/1). */
export interface EthereumSignature {
  compact: Uint8Array;
  recovery: number;
}

/** null when the text is not a 65-byte hex signature with v in 27, 28, 0 or 1 and a low s (EIP-2). */
export function parseEthereumSignature(raw: string): EthereumSignature | null {
  if (!ETHEREUM_SIGNATURE.test(raw)) return null;
  const bytes = Buffer.from(raw.slice(2), 'hex');
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  const compact = new Uint8Array(bytes.subarray(0, 64));
  try {
    const signature = secp256k1.Signature.fromCompact(compact);
    // A high s is the other, malleable twin of a valid signature; Ethereum has refused it since Homestead.
    if (signature.hasHighS() || signature.r === 0n || signature.s === 0n) return null;
  } catch {
    return null;
  }
  return { compact, recovery };
}

/** The checksummed address whose key made `signature` over `message` with personal_sign; null when none can. */
export function recoverPersonalSignAddress(message: string, signature: EthereumSignature): string | null {
  try {
    const point = secp256k1.Signature.fromCompact(signature.compact)
      .addRecoveryBit(signature.recovery)
      .recoverPublicKey(personalSignDigest(message));
    // The address is the last 20 bytes of keccak-256 over the uncompressed key without its 0x04 prefix.
    const uncompressed = point.toRawBytes(false).subarray(1);
    return toChecksumAddress(`0x${hex(keccak_256(uncompressed).subarray(12))}`);
  } catch {
    return null;
  }
}

/** The 64 bytes of a base58 ed25519 signature; null when it is not one. */
export function parseSolanaSignature(raw: string): Uint8Array | null {
  try {
    const bytes = base58.decode(raw);
    return bytes.length === SOLANA_SIGNATURE_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/** Whether `signature` is the ed25519 signature of `message` (its exact UTF-8 bytes) by `publicKey`. */
export function verifySolanaSignature(
  message: string | Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  try {
    return ed25519.verify(signature, typeof message === 'string' ? utf8.encode(message) : message, publicKey);
  } catch {
    // A key that is not a curve point, or a non-canonical signature: not a valid signature.
    return false;
  }
}
