// Client-side RBAC (client spec 6 and 8).

/**
 * Logged when access is evaluated without a loadable RBAC policy (spec 6 and 8); the caller then has no permissions.
 */
export const MSG_RBAC_POLICY_MISSING =
  'Unable to load the RBAC policy from the project bootstrap data; assuming no permissions.';
