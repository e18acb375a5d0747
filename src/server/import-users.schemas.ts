// One line of `npm run import-users`, checked before anything is written. A line is the body of the hosted provider's
// password migration call (`passwords.migrate`): email, hash, hash_type, scrypt_config, set_email_verified, name,
// trusted_metadata and untrusted_metadata; the other fields it names (other hash types' configs, phone number, roles)
// are not taken. Bad lines answer the service's own error (`invalid_request` naming the field, `invalid_email`).
import * as v from 'valibot';
import { IMPORTED_HASH_TYPES } from './constants/passwords.ts';
import { validated } from './http/edge.ts';
import { Errors } from './http/errors.ts';
import {
  body,
  emailAddress,
  optionalBoolean,
  optionalObject,
  refine,
  requiredNumber,
  requiredString,
} from './http/fields.ts';
import { isJsonObject } from './http/validate.ts';
import { storableImportedHash, type ImportedHashType } from './security/imported-passwords.ts';
import { storableMetadata, userNameBody } from './routes/accounts.schemas.ts';

function hashType(value: string): ImportedHashType {
  if ((IMPORTED_HASH_TYPES as readonly string[]).includes(value)) return value as ImportedHashType;
  throw Errors.invalidRequest('fieldNotOneOf', { field: 'hash_type', values: IMPORTED_HASH_TYPES.join(', ') });
}

const scryptConfigBody = body({
  salt: requiredString(),
  n_parameter: requiredNumber(),
  r_parameter: requiredNumber(),
  p_parameter: requiredNumber(),
  key_length: requiredNumber(),
});

const importLineBody = v.pipe(
  body({
    email: emailAddress(),
    hash: requiredString(),
    hash_type: v.pipe(requiredString(), refine(hashType)),
    scrypt_config: optionalObject(),
    set_email_verified: optionalBoolean(),
    name: optionalObject(),
    trusted_metadata: optionalObject(),
    untrusted_metadata: optionalObject(),
  }),
  refine((line) => ({
    email: line.email,
    hashType: line.hash_type,
    hash: storableImportedHash(
      line.hash_type,
      line.hash,
      line.scrypt_config && validated(scryptConfigBody, line.scrypt_config),
    ),
    // Absent means unverified: an address is trusted as proven only when the import says so.
    emailVerified: line.set_email_verified ?? false,
    profile: {
      ...(line.name && validated(userNameBody, line.name)),
      trusted_metadata: line.trusted_metadata && storableMetadata(line.trusted_metadata, 'trusted_metadata'),
      untrusted_metadata: line.untrusted_metadata && storableMetadata(line.untrusted_metadata),
    },
  })),
);
export type ImportLine = v.InferOutput<typeof importLineBody>;

/** One line of the import file as typed input; a line that is not a JSON object, or not a valid one, throws. */
export function parseImportLine(text: string): ImportLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw Errors.invalidRequest('importLineNotJson');
  }
  if (!isJsonObject(value)) throw Errors.invalidRequest('importLineNotObject');
  return validated(importLineBody, value);
}
