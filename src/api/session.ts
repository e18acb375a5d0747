import type { ResponseCommon } from './envelope.ts';
import type { User } from './user.ts';

export interface EmailFactor {
  delivery_method: 'email' | 'embedded';
  type: string;
  last_authenticated_at: string;
  email_factor: { email_id: string; email_address: string };
}

export interface PhoneNumberFactor {
  delivery_method: 'sms' | 'whatsapp';
  type: string;
  last_authenticated_at: string;
  phone_number_factor: { phone_id: string; phone_number: string };
}

/** One entry of `session.authentication_factors`; later products add their own detail objects. */
export type AuthenticationFactor =
  | EmailFactor
  | PhoneNumberFactor
  | { delivery_method: string; type: string; last_authenticated_at: string; [detail: string]: unknown };

export interface Session {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: null | Record<string, unknown>;
  roles: string[];
}

/** The response of every endpoint that creates or refreshes a session ("AuthResp", wire contract 2.5). */
export interface AuthenticateResponse extends ResponseCommon {
  user_id: string;
  session: Session;
  user: User;
  session_token: string;
  session_jwt: string;
  /** Present on the wire; the client strips it before results reach the caller. */
  __user?: User;
}

/** POST /sessions/authenticate */
export interface SessionAuthenticateRequest {
  session_duration_minutes?: number;
}

/** POST /sessions/revoke: an empty body; the response carries only the common fields. */
export type SessionRevokeResponse = ResponseCommon;

/** GET /users/me: the user fields flat inside `data`. */
export type UsersMeResponse = User & ResponseCommon;

/** Session length when a caller names none (the UI's `sessionOptions.sessionDurationMinutes` default). */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;
