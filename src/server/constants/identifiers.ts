// How the service's identifiers are spelled (ids.ts).

/**
 * Every identifier names its environment as the hosted provider's do: `user-test-<uuid>` from a development service
 * (the provider's test projects), `user-live-<uuid>` from a production one (its live projects). The service's database
 * carries its mode's environment (db/db.ts), and ids.ts spells every id with it.
 */
export const ID_ENVIRONMENTS = { development: 'test', production: 'live' } as const;
/** The environment an id names: `test` or `live`. Each database holds one (db/db.ts). */
export type IdEnvironment = (typeof ID_ENVIRONMENTS)[keyof typeof ID_ENVIRONMENTS];
/** The environment of a database opened without one (a test's or a bench's, and development's): `test`. */
export const ID_ENVIRONMENT = ID_ENVIRONMENTS.development;
/** What a request id starts with, before its environment and uuid: `request-id-live-<uuid>`. */
export const REQUEST_ID_PREFIX = 'request-id';
