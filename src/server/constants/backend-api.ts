// The backend API (`/v1/...` with the project id and the project secret): its secret and its user search.

/**
 * The project secret used in development when PROJECT_SECRET is not set. It is PUBLIC (it is in this repository and
 * `npm start` prints it), so it protects nothing: it only lets a developer try the backend API without setup.
 * Production never uses it: without PROJECT_SECRET the backend API refuses every call, and this value is refused.
 */
export const DEV_PROJECT_SECRET = 'secret-test-local-dev-0000-public-not-a-secret-000000';
/**
 * A project secret is at least 32 characters (the provider's are 36): anything shorter is a password someone typed,
 * within reach of guessing over the network.
 */
export const PROJECT_SECRET_MIN_LENGTH = 32;
/** users/search answers this many users a page when the request names no limit (the provider's default). */
export const USER_SEARCH_DEFAULT_LIMIT = 100;
/** The most users one users/search page may ask for (the provider's limit): a page is read whole into memory. */
export const USER_SEARCH_MAX_LIMIT = 1000;
/** The most operands one search query may combine: each is a clause of one SQL statement. */
export const USER_SEARCH_MAX_OPERANDS = 20;
/** The most values one list filter (user_id, email_address, ...) may hold: they are one SQL array parameter. */
export const USER_SEARCH_MAX_FILTER_VALUES = 1000;
