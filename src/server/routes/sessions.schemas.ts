import { body, optionalSessionDuration } from '../http/fields.ts';

/** POST /sessions/authenticate: `session_duration_minutes` extends the session when given. */
export const sessionAuthenticateBody = body({ session_duration_minutes: optionalSessionDuration() });
