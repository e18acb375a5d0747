// How the service's identifiers are spelled (ids.ts).

/**
 * Every identifier names its environment as the hosted provider's do: `user-test-<uuid>` from a development service
 * (the provider's test projects), `user-live-<uuid>` from a production one (its live projects). ids.ts picks by mode.
 */
export const ID_ENVIRONMENTS = { development: 'test', production: 'live' } as const;
/** The environment of an id made outside any service (a test calling a store directly): development's. */
export const ID_ENVIRONMENT = ID_ENVIRONMENTS.development;
/** What a request id starts with, before its environment and uuid: `request-id-live-<uuid>`. */
export const REQUEST_ID_PREFIX = 'request-id';
