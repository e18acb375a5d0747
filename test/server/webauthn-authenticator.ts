// A software WebAuthn authenticator for the service tests: an ES256 key made with node:crypto, authenticator data and
// a `none` attestation object (with a minimal CBOR encoder), and client data naming the challenge and origin. It
// answers the service's own options texts the way a browser plus authenticator would, and can be told to misbehave
// (another origin or RP id, no user verification, a counter that goes backwards) to test each refusal.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// ---- Minimal CBOR (RFC 8949): what an attestation object and a COSE key need ----

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries: [Cbor, Cbor][] = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

// ---- Authenticator data (WebAuthn section 6.1) ----

export const FLAGS = {
  userPresent: 0x01,
  userVerified: 0x04,
  backupEligible: 0x08,
  backedUp: 0x10,
  attestedCredential: 0x40,
} as const;

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  // kty 2 (EC2), alg -7 (ES256), crv 1 (P-256), x, y
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export interface CeremonyOptions {
  /** The page origin the client data names (what the browser would put there). */
  origin: string;
  /** The RP id hashed into the authenticator data; default: the options' rp id. */
  rpId?: string;
  /** Whether the UV flag is set; default true (a passkey authenticator with a PIN or biometric). */
  userVerified?: boolean;
  /** The challenge the client data names; default: the options' challenge. */
  challenge?: string;
  /** The counter to put in the assertion; default: the next value. */
  counter?: number;
  /** The client data type; default `webauthn.create` / `webauthn.get`. */
  type?: string;
}

/** One credential on a software authenticator. */
export class SoftwareAuthenticator {
  readonly credentialId: Buffer = randomBytes(32);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter; 0 stays 0 when `counting` is false (authenticators that do not count). */
  counter = 0;
  /** user.id of the creation options, returned as userHandle like a discoverable credential. */
  userHandle: string | null = null;
  rpId: string | null = null;

  constructor(private readonly counting = true) {}

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create() answering `optionsText` (public_key_credential_creation_options): the JSON text. */
  register(optionsText: string, options: CeremonyOptions): string {
    const creation = JSON.parse(optionsText) as { challenge: string; rp: { id: string }; user: { id: string } };
    const rpId = options.rpId ?? creation.rp.id;
    this.rpId = rpId;
    this.userHandle = creation.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKeyOf(this.keys.publicKey)]);
    const flags =
      FLAGS.userPresent | (options.userVerified === false ? 0 : FLAGS.userVerified) | FLAGS.attestedCredential;
    const authData = this.authData(rpId, flags, this.counter, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    const clientDataJSON = this.clientData(
      options.type ?? 'webauthn.create',
      options.challenge ?? creation.challenge,
      options.origin,
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    });
  }

  /** navigator.credentials.get() answering `optionsText` (public_key_credential_request_options): the JSON text. */
  assert(optionsText: string, options: CeremonyOptions): string {
    const request = JSON.parse(optionsText) as { challenge: string; rpId: string };
    const rpId = options.rpId ?? request.rpId;
    if (options.counter === undefined && this.counting) this.counter += 1;
    const counter = options.counter ?? this.counter;
    const flags = FLAGS.userPresent | (options.userVerified === false ? 0 : FLAGS.userVerified);
    const authData = this.authData(rpId, flags, counter);
    const clientDataJSON = this.clientData(
      options.type ?? 'webauthn.get',
      options.challenge ?? request.challenge,
      options.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    });
  }
}
