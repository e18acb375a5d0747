// The proof rule: an address or phone number belongs to whoever proved it. Every way of proving one — a magic link,
// a passcode, a password-reset link, a provider's verified address, a trusted issuer's token — ends here, and nothing
// else makes a contact proven or moves it between users. docs/decisions.md, "An account belongs to whoever proved the
// address", gives the three takeovers this closes.
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { hashToken } from '../security/tokens.ts';
import {
  findContact,
  findContactById,
  giveProvenContact,
  holdsOtherProvenContact,
  insertContact,
  lockContact,
  type ContactKind,
  type ContactRow,
} from '../store/contacts.ts';
import { deletePendingContact, findPendingContact, upsertPendingContact } from '../store/pending-contacts.ts';
import { findActiveSession } from '../store/sessions.ts';
import { clearUnprovenAccount, deleteEmptiedAccount, lockUserExclusive } from '../store/unproven-account.ts';
import { deleteNewUser, insertUser } from '../store/users.ts';

/**
 * Who proved the contact. A `visitor` signs in by it; `holderSessionUserId` is the user of the live session the request
 * carried, if any (a visitor signed in as the holder proves their own account's address). A `user` adds it to their
 * account from a session (send/secondary): the link or code was bound to that session.
 */
export type Prover = { kind: 'visitor'; sessionUserId: string | null } | { kind: 'user'; userId: string };

export interface ProofResult {
  /** The user the prover signs in to (a visitor) or who now has the contact (a user). */
  userId: string;
  contactId: string;
  /** A user was made for the prover. */
  created: boolean;
}

/**
 * Proves `value` for `prover`, in the caller's transaction.
 *
 * - Nobody holds it: it is the user's (a `user` prover) or a new user's (a visitor), proven.
 * - Proven already: the visitor signs in to its holder; a user other than the holder is refused (taken).
 * - Held unproven by the prover's own account: now proven, nothing else changes.
 * - Held unproven by an account that holds some other proven address or number: that account belongs to whoever
 *   proved those, so the unproven contact only leaves it and goes to the prover (a new user for a visitor).
 * - Held unproven by an account with nothing proven (a password sign-up, say): whatever is there may have been put
 *   there by someone who never received this address's mail. The account is cleared (store/unproven-account.ts:
 *   sessions end, the password needs a reset, every other factor goes), then a visitor signs in to it; a user who
 *   proved it from their own account takes the contact and the emptied account is deleted.
 *
 * `pendingId`: the pending contact (send/secondary) this proof completes; it becomes the contact's id when the
 * contact is new.
 */
export async function proveContact(
  tx: Db,
  input: { kind: ContactKind; value: string; prover: Prover; now: number; pendingId?: string },
): Promise<ProofResult> {
  const { kind, value, prover, now } = input;
  if (input.pendingId) await deletePendingContact(tx, input.pendingId);
  // Two rounds at most: a concurrent proof may create the contact between our lock and our insert; the second
  // round then finds and locks its row.
  for (let round = 0; round < 2; round += 1) {
    const held = await lockContact(tx, kind, value);
    if (!held) {
      const result = await giveNewContact(tx, input);
      if (result) return result;
      continue;
    }
    return proveHeldContact(tx, kind, held, prover, now);
  }
  throw new Error(`the ${kind} contact changed hands twice during one proof`);
}

async function giveNewContact(
  tx: Db,
  input: { kind: ContactKind; value: string; prover: Prover; now: number; pendingId?: string },
): Promise<ProofResult | null> {
  const { kind, value, prover, now } = input;
  if (prover.kind === 'user') {
    const contactId = await insertContact(tx, kind, {
      id: input.pendingId,
      userId: prover.userId,
      value,
      verified: true,
      now,
    });
    return contactId ? { userId: prover.userId, contactId, created: false } : null;
  }
  const userId = await insertUser(tx, now);
  const contactId = await insertContact(tx, kind, { userId, value, verified: true, now });
  if (contactId) return { userId, contactId, created: true };
  // The caller's transaction commits on success, so the losing user is deleted rather than rolled back.
  await deleteNewUser(tx, userId);
  return null;
}

async function proveHeldContact(
  tx: Db,
  kind: ContactKind,
  held: ContactRow,
  prover: Prover,
  now: number,
): Promise<ProofResult> {
  const proverUserId = prover.kind === 'user' ? prover.userId : prover.sessionUserId;
  if (held.verified) {
    if (prover.kind === 'user' && held.user_id !== prover.userId) throw takenError(kind);
    return { userId: held.user_id, contactId: held.id, created: false };
  }
  if (held.user_id === proverUserId) {
    await giveProvenContact(tx, kind, held.id, held.user_id);
    return { userId: held.user_id, contactId: held.id, created: false };
  }
  await lockUserExclusive(tx, held.user_id);
  if (await holdsOtherProvenContact(tx, held.user_id, held.id)) {
    const userId = prover.kind === 'user' ? prover.userId : await insertUser(tx, now);
    await giveProvenContact(tx, kind, held.id, userId);
    return { userId, contactId: held.id, created: prover.kind !== 'user' };
  }
  await clearUnprovenAccount(tx, held.user_id, held.id, now);
  if (prover.kind === 'user') {
    await giveProvenContact(tx, kind, held.id, prover.userId);
    await deleteEmptiedAccount(tx, held.user_id);
    return { userId: prover.userId, contactId: held.id, created: false };
  }
  await giveProvenContact(tx, kind, held.id, held.user_id);
  return { userId: held.user_id, contactId: held.id, created: false };
}

function takenError(kind: ContactKind): Error {
  return kind === 'email' ? Errors.unauthorizedAction('emailTaken') : Errors.phoneNumberTaken();
}

/**
 * The method id a send/secondary answers for `value`: the contact's own id when the user already holds it, else a
 * pending contact of the user. Nothing is attached: proveContact does that when the session uses the link or code.
 * A contact someone else has proven is refused here already (taken).
 */
export async function methodIdToAdd(
  db: Db,
  kind: ContactKind,
  value: string,
  userId: string,
  now: number,
): Promise<string> {
  const held = await findContact(db, kind, value);
  if (held?.user_id === userId) return held.id;
  if (held?.verified) throw takenError(kind);
  return upsertPendingContact(db, { userId, kind, value, now });
}

/** What a link's or passcode's method id names: a held contact, or a pending one (`pendingId`) of `userId`. */
export interface MethodContact {
  kind: ContactKind;
  value: string;
  userId: string;
  pendingId?: string;
}

export async function contactOfMethod(
  db: Db,
  methodId: string,
  kinds: readonly ContactKind[],
): Promise<MethodContact | null> {
  for (const kind of kinds) {
    const held = await findContactById(db, kind, methodId);
    if (held) return { kind, value: held.value, userId: held.user_id };
  }
  const pending = await findPendingContact(db, methodId);
  if (pending && kinds.includes(pending.kind)) {
    return { kind: pending.kind, value: pending.value, userId: pending.user_id, pendingId: pending.id };
  }
  return null;
}

/**
 * Who is proving with a link or passcode. One from send/secondary is bound to the session that asked for it: only
 * that session proves with it (null otherwise: the caller answers as for an unknown link or code). Any other is a
 * visitor's (visitorOf).
 */
export async function proverOf(
  db: Db,
  meta: RequestMeta,
  boundSessionId: string | null,
  now: number,
): Promise<Prover | null> {
  if (boundSessionId === null) return visitorOf(db, meta, now);
  const session = await sessionOf(db, meta, now);
  return session?.id === boundSessionId ? { kind: 'user', userId: session.userId } : null;
}

/** A visitor proving an address to sign in, with the user of the live session the request carries, if any. */
export async function visitorOf(db: Db, meta: RequestMeta, now: number): Promise<Prover> {
  return { kind: 'visitor', sessionUserId: (await sessionOf(db, meta, now))?.userId ?? null };
}

function sessionOf(db: Db, meta: RequestMeta, now: number) {
  return meta.sessionToken ? findActiveSession(db, hashToken(meta.sessionToken), now) : Promise.resolve(null);
}
