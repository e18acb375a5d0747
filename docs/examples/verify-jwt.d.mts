// Types of verify-jwt.mjs, for the tests that run it (test/server/verify-examples.test.ts).
export const CLOCK_TOLERANCE_SECONDS: number;
export interface VerifiedSession {
  userId: string;
  sessionId: string;
  expiresAt: string;
  roles: string[];
}
export function sessionJwtVerifier(options: {
  baseUrl: string;
  projectId: string;
}): (jwt: string, options?: { currentDate?: Date }) => Promise<VerifiedSession>;
