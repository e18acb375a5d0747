// Values of the crypto wallets product: how many wallet buttons Main has room for (spec section 2).

/** At most this many buttons across social and wallet options on Main (spec section 2). */
export const MAX_MAIN_BUTTONS = 6;
/** Room kept for the 'other wallet' button when counting wallet buttons (spec section 2: 6 − social − 1). */
export const OTHER_WALLET_BUTTONS = 1;
