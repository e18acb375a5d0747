// Types of verify-backend.mjs, for the tests that run it (test/server/verify-examples.test.ts).
import type { BackendSessionAuthenticateResponse } from '../../src/api/backend.ts';

export function sessionChecker(options: {
  baseUrl: string;
  projectId: string;
  secret: string;
}): (
  credential: { session_token: string } | { session_jwt: string },
) => Promise<Pick<BackendSessionAuthenticateResponse, 'user' | 'session' | 'session_jwt'> | null>;
