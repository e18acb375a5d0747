// The connected apps the wtr service registers for the consent and logout pages' tests
// (test/web-test-runner.config.mjs), and the addresses those pages send the browser back to.
import { testEnv } from './env.ts';

export const FIRST_PARTY_APP = { clientId: 'idp-first-party-wtr', name: 'Westlight Timetable' };
export const THIRD_PARTY_APP = { clientId: 'idp-third-party-wtr', name: 'Westlight Library e-resources' };
/** The custom scope of the wtr RBAC policy, and a user whose role may grant it (others may not). */
export const CUSTOM_SCOPE = { scope: 'read:grades', description: 'Read your grades' };
export const GRADE_READER_EMAIL = 'idp-grade-reader@example.com';

export const appRedirectUri = () => `${testEnv.pageOrigin}/app/callback`;
export const appLoggedOutUri = () => `${testEnv.pageOrigin}/app/logged-out`;

/** The query an app's authorization request puts on the site's authorize page. */
export function authorizeQuery(params: Record<string, string>): string {
  return `?${new URLSearchParams({ redirect_uri: appRedirectUri(), ...params }).toString()}`;
}

/** The query end session puts on the site's logout page. */
export function logoutQuery(params: Record<string, string>): string {
  return `?${new URLSearchParams({ post_logout_redirect_uri: appLoggedOutUri(), ...params }).toString()}`;
}
