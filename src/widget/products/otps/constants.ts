// Values of the passcodes product (spec sections 2, 4, 5 and 9): the phone library's timeouts and the passcode
// screen's timings.

/** Phone validation waits this long for the lazily loaded library, then falls back (spec section 9: 2 s). */
export const PHONE_VALIDATE_TIMEOUT_MS = 2000;
/**
 * Display formatting of the number waits this long for the library, then shows the raw number (spec section 9: 10 s).
 */
export const PHONE_FORMAT_TIMEOUT_MS = 10_000;

/** The expiry countdown ticks once a second (spec section 2). */
export const COUNTDOWN_TICK_MS = 1000;
/** 'Code sent' shows this long before the resend control reverts (spec section 9: 2 s). */
export const RESEND_CONFIRMATION_MS = 2000;
/** The 'Code sent' slide-in animation (our choice: short enough to finish well inside the 2 s it shows). */
export const CODE_SENT_SLIDE_MS = 300;
/** The progress bar under 'Verifying passcode...' fills over this long (spec section 9: loading bar 10 s). */
export const LOADING_BAR_MS = 10_000;
