// Main's 6-button limit shared by the social buttons and the wallet buttons (spec section 2), for the crypto-wallet
// product to come. Tested without a browser page.
import { MAX_MAIN_BUTTONS, OTHER_WALLET_BUTTONS } from './constants.ts';

/**
 * How many wallet buttons Main shows next to `socialCount` social buttons: 6 − social − 1 (never below 0); the other
 * wallets move to the Crypto Other Screen. Wallet screens are a later issue: Main renders no wallet buttons yet, and
 * this is the arithmetic they will use.
 */
export function walletButtons(socialCount: number, walletCount: number): { shown: number; other: number } {
  const room = Math.max(0, MAX_MAIN_BUTTONS - socialCount - OTHER_WALLET_BUTTONS);
  const shown = Math.min(walletCount, room);
  return { shown, other: walletCount - shown };
}
