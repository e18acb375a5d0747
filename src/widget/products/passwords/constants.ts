// Values of the passwords product (spec sections 2, 5 and 9).

/**
 * The live strength check waits this long after the last keystroke (spec section 5: "debounced", no value given):
 * long enough that fast typing sends one request, short enough that the meter follows the visitor's pause. Its own
 * delay, not the client's DEFAULT_DEBOUNCE_MS (500 ms): at 500 ms the meter lags visibly behind a typing visitor.
 */
export const PASSWORD_STRENGTH_DEBOUNCE_MS = 300;
/** The zxcvbn meter has four bars (spec section 5). */
export const STRENGTH_METER_BARS = 4;
