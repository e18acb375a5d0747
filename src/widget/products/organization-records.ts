// The organization (B2B) sign-in's products, one line each, in the order Main stacks their blocks: a chunk of its own
// that the registry fetches only for an organization sign-in (registerOrganizationProducts), so that no consumer page
// carries their records. Otherwise they are registered like every product (registry.ts).
import { discovery } from './discovery/index.ts';
import { mfa } from './mfa/index.ts';
import { organizationLogin } from './organization-login/index.ts';
import { sso } from './sso/index.ts';

export const ORGANIZATION_RECORDS = [sso, discovery, mfa, organizationLogin] as const;
