// The UI kit's measures and timings (spec section 9): buttons, the spinner, the button column, and toasts.

/** Spinner rotation (spec section 9: 1.4 s). */
export const SPINNER_ANIMATION_MS = 1400;
/** Height of every button (default theme, spec section 9). */
export const BUTTON_HEIGHT = '45px';
/** Space between two provider buttons; Main also uses it to reserve the buttons' height while their chunk loads. */
export const SOCIAL_BUTTON_GAP_PX = 8;

// ---- Toasts (spec section 9) ----

/** A toast's kind decides how long it shows; an error toast is also announced assertively (role=alert). */
export const TOAST_KINDS = ['blank', 'error', 'success', 'custom'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
/** Plain (blank) toasts show 4000 ms (spec section 9). */
export const BLANK_TOAST_MS = 4000;
/** Error toasts (a failed rename or delete of a passkey) show this long (spec section 9: 4000 ms). */
export const ERROR_TOAST_MS = 4000;
/** 'Email resent' is a success toast, shown 2000 ms (spec section 9). */
export const SUCCESS_TOAST_MS = 2000;
/** Custom toasts show 4000 ms (spec section 9). */
export const CUSTOM_TOAST_MS = 4000;
/** How long each kind shows before it is dismissed (spec section 9: 4000 ms blank, error, custom; 2000 ms success). */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = {
  blank: BLANK_TOAST_MS,
  error: ERROR_TOAST_MS,
  success: SUCCESS_TOAST_MS,
  custom: CUSTOM_TOAST_MS,
};
/** At most this many toasts at once; a new one pushes out the oldest (spec section 9: 20). */
export const MAX_TOASTS = 20;
/** A dismissed toast stays (fading out, hidden from assistive technology) this long before it is removed (spec 9). */
export const TOAST_REMOVE_DELAY_MS = 1000;
/** A toast is at most this wide (spec section 9: 350 px). */
export const TOAST_MAX_WIDTH_PX = 350;
