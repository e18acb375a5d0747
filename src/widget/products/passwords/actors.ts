// The password product's calls, over the headless client.
import { fromPromise } from 'xstate';
import type { PasswordResetOptionsWire, PasswordStrengthCheckResponse, UserType } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';

/** What kind of account the address has (Main → Password). */
export const searchUser = fromPromise<UserType, { client: AuthClient; email: string }>(
  async ({ input }) => (await input.client.user.search(input.email)).userType,
);

export const checkPasswordStrength = fromPromise<
  PasswordStrengthCheckResponse,
  { client: AuthClient; email?: string; password: string }
>(({ input }) =>
  input.client.passwords.strengthCheck({ password: input.password, ...(input.email ? { email: input.email } : {}) }),
);

/** Create (user type new) or log in (user type password) with the address and password. */
export const submitPassword = fromPromise<
  unknown,
  { client: AuthClient; create: boolean; email: string; password: string; sessionDurationMinutes: number }
>(({ input }) => {
  const options = {
    email: input.email,
    password: input.password,
    session_duration_minutes: input.sessionDurationMinutes,
  };
  return input.create ? input.client.passwords.create(options) : input.client.passwords.authenticate(options);
});

/** The reset email of Password Set New and Password Dedupe (first send and 'Resend email'). */
export const startPasswordReset = fromPromise<
  unknown,
  { client: AuthClient; email: string; options: PasswordResetOptionsWire }
>(({ input }) => input.client.passwords.resetByEmailStart({ ...input.options, email: input.email }));

/** The new password of the Reset Form, with the emailed link's token. */
export const resetPasswordByEmail = fromPromise<
  unknown,
  { client: AuthClient; token: string; password: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.passwords.resetByEmail({
    token: input.token,
    password: input.password,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);
