// Test wallets held in the test (the outside boundary a real wallet would be): an Ethereum key that answers
// personal_sign (EIP-191) like MetaMask, and a Solana ed25519 keypair that answers signMessage like Phantom.
// Browser-safe (no Node built-ins): the Chromium client tests use it too.
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { base58 } from '@scure/base';

const utf8 = new TextEncoder();

/** Anvil / Hardhat account #0 (their published development key). */
export const ANVIL_0 = {
  privateKey: 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
};

function eip55(lowerHex: string): string {
  const digest = bytesToHex(keccak_256(utf8.encode(lowerHex)));
  return `0x${[...lowerHex].map((ch, i) => (parseInt(digest[i]!, 16) >= 8 ? ch.toUpperCase() : ch)).join('')}`;
}

export class EthereumTestWallet {
  readonly address: string;
  constructor(readonly privateKey: string = bytesToHex(secp256k1.utils.randomPrivateKey())) {
    const publicKey = secp256k1.getPublicKey(privateKey, false).subarray(1);
    this.address = eip55(bytesToHex(keccak_256(publicKey).subarray(12)));
  }

  /** personal_sign: keccak256("\x19Ethereum Signed Message:\n" + length + message), signed; r ‖ s ‖ v (27/28). */
  personalSign(message: string): string {
    const bytes = utf8.encode(message);
    const prefix = utf8.encode(`\x19Ethereum Signed Message:\n${bytes.length}`);
    const digest = keccak_256(new Uint8Array([...prefix, ...bytes]));
    const signature = secp256k1.sign(digest, this.privateKey);
    return `0x${signature.toCompactHex()}${(27 + signature.recovery).toString(16)}`;
  }
}

export class SolanaTestWallet {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
  constructor(secretKeyHex?: string) {
    this.secretKey = secretKeyHex ? hexToBytes(secretKeyHex) : ed25519.utils.randomPrivateKey();
    this.publicKey = ed25519.getPublicKey(this.secretKey);
  }

  get address(): string {
    return base58.encode(this.publicKey);
  }

  /** signMessage over the exact UTF-8 bytes, the signature as base58 (what the widget sends). */
  signMessage(message: string): string {
    return base58.encode(ed25519.sign(utf8.encode(message), this.secretKey));
  }
}
