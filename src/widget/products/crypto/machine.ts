// The crypto product's statechart (spec sections 2, 3 and 4), run by the root as its child `product`:
//
//   START {wallet} ─→ finding (Crypto Connect) ─(absent)→ setup (Crypto Setup Wallet)
//   START {other} ─→ other (Crypto Other Screen) ─CHOOSE {wallet}─┘ └(found)→ connecting (Crypto Connect)
//        ─(address)→ starting (Crypto Connect) ─(challenge)→ signing (Crypto Sign Message)
//        ─(signature)→ authenticating (Crypto Sign Message) ─(signed in)→ signedIn (Crypto Confirmation)
//   any failure → failed (Crypto Error); BACK on Other, Setup and Error → done: Main anew.
//
// The context is the spec's cryptoState (walletOption, walletAddress, walletChallenge). A wallet's refusal or failure
// is reported as 'Could not connect to wallet' / 'Could not sign message'; a service refusal as the service's error.
import { assign, sendParent, setup } from 'xstate';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta } from '../types.ts';
import {
  authenticate,
  authenticateStart,
  connectError,
  connectWallet,
  findWallet,
  serviceError,
  signChallenge,
  signError,
} from './actors.ts';
import { DEFAULT_WALLET_OPTION, type WalletOption } from './config.ts';
import type { Wallet } from './wallet.ts';

/** What starts the product: a wallet button on Main (`{ wallet }`), or 'Other wallets' (`{ other: true }`). */
export type CryptoParams = { wallet: WalletOption } | { other: true };

/** The screens this machine's states name (chunk.ts has each but Main). */
export type CryptoScreen = ProductScreen<
  'CryptoOther' | 'CryptoConnect' | 'CryptoSetupWallet' | 'CryptoSignMessage' | 'CryptoConfirmation' | 'CryptoError'
>;

export interface CryptoContext {
  client: AuthClient;
  config: ResolvedConfig;
  params: CryptoParams;
  /** cryptoState.walletOption: the chosen wallet (spec default Metamask). */
  walletOption: WalletOption;
  /** The chosen wallet's handle, once found in the page. */
  wallet: Wallet | null;
  /** cryptoState.walletAddress. */
  walletAddress: string;
  /** cryptoState.walletChallenge: the message the wallet signs. */
  walletChallenge: string;
  /** The wallet's signature of the challenge. */
  signature: string;
  errorDescriptor: ErrorDescriptor | null;
}

export type CryptoEvent =
  | { type: 'CHOOSE'; wallet: WalletOption }
  | { type: 'BACK' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

export const cryptoMachine = setup({
  types: {
    context: {} as CryptoContext,
    events: {} as CryptoEvent,
    input: {} as ProductInput<CryptoParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<CryptoScreen>,
  },
  actors: { findWallet, connectWallet, authenticateStart, signChallenge, authenticate },
  guards: {
    otherWallets: ({ context }) => 'other' in context.params,
    found: ({ event }) => Boolean((event as { output?: unknown }).output),
  },
}).createMachine({
  id: 'crypto',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    params: input.params,
    walletOption: input.params && 'wallet' in input.params ? input.params.wallet : DEFAULT_WALLET_OPTION,
    wallet: null,
    walletAddress: '',
    walletChallenge: '',
    signature: '',
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'otherWallets', target: 'other' }, { target: 'finding' }],
    },

    // 'Other wallets': the wallets Main had no room for.
    other: {
      meta: { screen: 'CryptoOther' },
      on: {
        CHOOSE: { target: 'finding', actions: assign({ walletOption: ({ event }) => event.wallet }) },
        BACK: 'done',
      },
    },

    // Looking for the chosen wallet in the page (the wallet chunk loads now).
    finding: {
      meta: { screen: 'CryptoConnect' },
      invoke: {
        src: 'findWallet',
        input: ({ context }) => ({ option: context.walletOption }),
        onDone: [
          { guard: 'found', target: 'connecting', actions: assign({ wallet: ({ event }) => event.output }) },
          { target: 'setup' },
        ],
        onError: {
          target: '#crypto.failed',
          actions: assign({ errorDescriptor: ({ event }) => connectError(event.error) }),
        },
      },
    },

    // Not in this browser: links to install it.
    setup: {
      meta: { screen: 'CryptoSetupWallet' },
      on: { BACK: 'done' },
    },

    // The wallet asks the visitor to share an address.
    connecting: {
      meta: { screen: 'CryptoConnect' },
      invoke: {
        src: 'connectWallet',
        input: ({ context }) => ({ wallet: context.wallet! }),
        onDone: { target: 'starting', actions: assign({ walletAddress: ({ event }) => event.output }) },
        onError: {
          target: '#crypto.failed',
          actions: assign({ errorDescriptor: ({ event }) => connectError(event.error) }),
        },
      },
    },

    // The service's challenge for that address (a SIWE message when the project requires it: the client asks for one).
    starting: {
      meta: { screen: 'CryptoConnect' },
      invoke: {
        src: 'authenticateStart',
        input: ({ context }) => ({
          client: context.client,
          wallet: context.wallet!,
          address: context.walletAddress,
        }),
        onDone: {
          target: 'signing',
          actions: [
            assign({ walletChallenge: ({ event }) => event.output.challenge }),
            sendParent(({ event }) => widgetEvent(EVENT_TYPES.CRYPTO_WALLET_AUTHENTICATE_START, event.output)),
          ],
        },
        onError: {
          target: '#crypto.failed',
          actions: assign({ errorDescriptor: ({ event }) => serviceError(event.error) }),
        },
      },
    },

    // The wallet asks the visitor to sign the challenge.
    signing: {
      meta: { screen: 'CryptoSignMessage' },
      invoke: {
        src: 'signChallenge',
        input: ({ context }) => ({
          wallet: context.wallet!,
          address: context.walletAddress,
          challenge: context.walletChallenge,
        }),
        onDone: { target: 'authenticating', actions: assign({ signature: ({ event }) => event.output }) },
        onError: {
          target: '#crypto.failed',
          actions: assign({ errorDescriptor: ({ event }) => signError(event.error) }),
        },
      },
    },

    authenticating: {
      meta: { screen: 'CryptoSignMessage' },
      invoke: {
        src: 'authenticate',
        input: ({ context }) => ({
          client: context.client,
          wallet: context.wallet!,
          address: context.walletAddress,
          signature: context.signature,
          sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
        }),
        onDone: {
          target: 'signedIn',
          actions: sendParent(({ event }) => widgetEvent(EVENT_TYPES.CRYPTO_WALLET_AUTHENTICATE, event.output)),
        },
        onError: {
          target: '#crypto.failed',
          actions: assign({ errorDescriptor: ({ event }) => serviceError(event.error) }),
        },
      },
    },

    // Crypto Confirmation 'Success!': the flow is complete (once, on entry); it stays until the session ends.
    signedIn: {
      meta: { screen: 'CryptoConfirmation' },
      entry: sendParent(widgetEvent(EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE, {})),
      on: { SESSION_ENDED: 'done' },
    },

    // Crypto Error: the spec's text and a back arrow to Main; the error goes to the root once, on entry.
    failed: {
      meta: { screen: 'CryptoError' },
      entry: sendParent(({ context }) => widgetError(context.errorDescriptor)),
      on: { BACK: 'done' },
    },

    done: { type: 'final', output: toMain() },
  },
  output: ({ event }) => (event as unknown as { output: ProductOutput }).output,
});

export type CryptoMachine = typeof cryptoMachine;
