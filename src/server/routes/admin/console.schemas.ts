// The admin console's form bodies (application/x-www-form-urlencoded, read as text fields) and its search query.
// Every form but the login carries the CSRF token first, so a forged post is refused before anything else is read.
import * as v from 'valibot';
import type { BackendFactorKind } from '../../../api/backend.ts';
import { Errors } from '../../http/errors.ts';
import { body, optionalString, refine, requiredString } from '../../http/fields.ts';

/** The factor kinds the console deletes: those a user of this service can have. */
const CONSOLE_FACTOR_KINDS = [
  'emails',
  'phone_numbers',
  'webauthn_registrations',
  'crypto_wallets',
  'oauth',
  'totps',
] as const satisfies readonly BackendFactorKind[];

const csrf = { csrf_token: requiredString() };

/** GET /admin?q=: the search box (absent: no search yet). */
export const searchQuery = body({ q: optionalString() });

/** POST /admin/login */
export const loginForm = body({ secret: requiredString() });

/** A form with nothing but its token (sign out, revoke all sessions, clear the lockout). */
export const csrfForm = body(csrf);

/** POST /admin/users/:id/sessions/revoke */
export const revokeSessionForm = body({ ...csrf, session_id: requiredString() });

/** POST /admin/users/:id/factors/delete */
export const deleteFactorForm = body({
  ...csrf,
  kind: v.pipe(
    requiredString(),
    refine((kind: string) => {
      if ((CONSOLE_FACTOR_KINDS as readonly string[]).includes(kind)) return kind as BackendFactorKind;
      throw Errors.invalidRequest('fieldNotOneOf', { field: 'kind', values: CONSOLE_FACTOR_KINDS.join(', ') });
    }),
  ),
  factor_id: requiredString(),
});

/** POST /admin/users/:id/delete: only the confirmation page's form says `confirm=delete`. */
export const deleteUserForm = body({
  ...csrf,
  confirm: v.pipe(
    optionalString(),
    refine((confirm: string | undefined) => {
      if (confirm !== 'delete') throw Errors.invalidRequest('adminDeleteNotConfirmed');
      return confirm;
    }),
  ),
});

/** The user id in the path. */
export const userIdParam = body({ id: requiredString() });
