// Where requests go and the errors the wire contract quotes for a failed request (wire contract 1).

/** Default hosts when no `baseUrl` is given (wire contract 1.1). */
export const TEST_API_URL = 'https://test.stytch.com';
export const LIVE_API_URL = 'https://api.stytch.com';
export const TEST_TOKEN_MARKER = 'public-token-test';

/** Error messages the wire contract quotes (1.3, 1.4, 1.5). */
export const MSG_UNREACHABLE = 'Unable to contact our servers.';
export const MSG_INVALID_JSON_SUCCESS = 'Invalid JSON response from our servers.';
export const MSG_INVALID_JSON_ERROR = 'Invalid or no response from server';
export const MSG_INVALID_RESPONSE = 'Invalid response from our servers.';
export const FETCH_FAILED_MESSAGE = 'Failed to fetch';
export const MSG_CAPTCHA_UNAVAILABLE = 'Unable to query captcha and/or dfp telemetry ID';
