// Verify a session JWT on your own server, without a call per request: check its signature against the identity
// service's published keys (JWKS), its issuer, audience and lifetime. `npm i jose`.
import { createRemoteJWKSet, jwtVerify } from 'jose';

/**
 * How far your server's clock and the service's may disagree. A session JWT lives 5 minutes (`exp` = `iat` + 300 s,
 * never past the session's own end); with this tolerance one is accepted until 30 s after its `exp`.
 */
export const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * A verifier for one project's session JWTs: `baseUrl` is the identity service, `projectId` your project's id. The
 * keys are fetched once and again only when a JWT names a key not seen yet (jose caches them).
 */
export function sessionJwtVerifier({ baseUrl, projectId }) {
  const keys = createRemoteJWKSet(new URL(`/v1/sessions/jwks/${encodeURIComponent(projectId)}`, baseUrl));
  /**
   * The signed-in user and session a JWT vouches for; throws (jose's JWTExpired, JWSSignatureVerificationFailed,
   * ...) for one that is forged, for another project, or expired. An expired JWT is not a signed-out user: the page
   * refreshes it every few minutes, or your server can ask sessions/authenticate (verify-backend.mjs).
   */
  return async function verifySessionJwt(jwt, { currentDate } = {}) {
    const { payload } = await jwtVerify(jwt, keys, {
      algorithms: ['ES256'],
      issuer: `stytch.com/${projectId}`,
      audience: projectId,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(currentDate ? { currentDate } : {}),
    });
    const session = payload['https://stytch.com/session'];
    return { userId: payload.sub, sessionId: session.id, expiresAt: session.expires_at, roles: session.roles };
  };
}
