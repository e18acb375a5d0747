/// <reference types="mocha" />
// Crypto wallets through <auth-login> in Chromium, against the real identity service, with injected test wallets
// (test/support/wallets.ts: real secp256k1 and ed25519 keys, the outside boundary): the whole flow for an
// EIP-6963-announced Ethereum wallet and a Phantom-style Solana wallet; discovery by rdns among two announced wallets,
// by the legacy `window.ethereum` and by `window.solana` alone; the Other wallets screen with 3 social providers; Set
// up wallet when the chosen wallet or any wallet is missing; a project that requires Sign-In with Ethereum; the visitor
// refusing at connect and at sign; the events; and the wallet code fetched only once a wallet is chosen.
import { expect } from 'chai';
import {
  EVENT_TYPES,
  WIDGET_ERROR_EVENT,
  WIDGET_EVENT,
  type WidgetErrorDetail,
  type WidgetEventDetail,
} from '../../index.ts';
import type { AuthLoginConfig } from '../../config.ts';
import { CRYPTO_WALLET_FACTOR_DELIVERY_METHOD, CRYPTO_WALLET_PATHS } from '../../../api/crypto-wallets.ts';
import { recordFetch, resetBrowserState } from '../../../../test/support/client.ts';
import { testEnv } from '../../../../test/support/env.ts';
import { until } from '../../../../test/support/poll.ts';
import {
  $,
  $$,
  byText,
  findText,
  mount,
  title,
  unmountAll,
  type AuthLoginElement,
} from '../../../../test/support/widget.ts';
import {
  installEthereumWallet,
  installSolanaWallet,
  SECOND_ETHEREUM_PRIVATE_KEY,
  type InstalledEthereumWallet,
  type InstalledSolanaWallet,
} from '../../../../test/support/wallets.ts';

// The spec's texts (sections 2 and 8), written out here rather than read from the strings table: the test checks it.
const ERROR_TITLE = 'Looks like there was an error!';
const ERROR_TEXT =
  'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!';
const CONNECT_FAILED = 'Could not connect to wallet';
const SIGN_FAILED = 'Could not sign message';
const OTHER_TITLE = 'Continue with other crypto wallet';
const SETUP_TITLE = 'Set up a new crypto wallet';
const MAIN_TITLE = 'Sign up or log in';
const DEFAULT_STATEMENT = 'Sign in to continue.';
const METAMASK_DOWNLOAD = 'https://metamask.io/download/';

const CRYPTO_ONLY: AuthLoginConfig = { products: ['crypto'] };
const WITH_THREE_SOCIAL: AuthLoginConfig = {
  products: ['crypto', 'oauth'],
  oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'apple' }] },
};

const walletButtons = (el: HTMLElement) => $$(el, 'button[part~="crypto-button"]');
const labels = (el: HTMLElement) => walletButtons(el).map((b) => b.textContent?.trim());
const walletButton = (el: HTMLElement, text: string) =>
  until(
    () => byText(el, 'button[part~="crypto-button"]', text) as HTMLButtonElement | undefined,
    `the "${text}" button`,
  );
/**
 * How often the page asked for EIP-6963 wallets: only the wallet module (wallet.ts) asks, so none before a wallet is
 * chosen shows its code did not run. (That it is not even fetched is checked on the built bundle, in
 * test/e2e/product-chunks.test.ts.)
 */
let providerRequests = 0;
const countRequest = () => providerRequests++;

/** Chooses the wallet on Main; it is not in the page, so Set up wallet shows 'Install <Wallet>' linking to `href`. */
async function chooseAndExpectSetup(el: AuthLoginElement, wallet: string, href: string) {
  (await walletButton(el, `Continue with ${wallet}`)).click();
  await findText(el, '[part~="title"]', SETUP_TITLE);
  const link = $(el, 'a[part~="link"]') as HTMLAnchorElement;
  expect(link.textContent).to.equal(`Install ${wallet}`);
  expect(link.href).to.equal(href);
}

/** The text a personal_sign request asked the wallet to sign (its first param, UTF-8 as 0x-hex). */
function personalSignText(wallet: InstalledEthereumWallet): string {
  const call = wallet.calls.find((c) => c.method === 'personal_sign');
  if (!call) throw new Error(`no personal_sign request: ${JSON.stringify(wallet.calls)}`);
  const [hexMessage] = call.params as [string, string];
  return new TextDecoder().decode(Uint8Array.from(hexMessage.slice(2).match(/../g)!, (h) => parseInt(h, 16)));
}

describe('<auth-login> crypto wallets', () => {
  let events: WidgetEventDetail[];
  let errors: WidgetErrorDetail[];
  let wallets: (InstalledEthereumWallet | InstalledSolanaWallet)[];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const onError = (e: Event) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail);
  const eventTypes = () => events.map((e) => e.type);

  beforeEach(() => {
    resetBrowserState();
    providerRequests = 0;
    window.addEventListener('eip6963:requestProvider', countRequest);
    events = [];
    errors = [];
    wallets = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
    document.addEventListener(WIDGET_ERROR_EVENT, onError);
  });
  afterEach(() => {
    window.removeEventListener('eip6963:requestProvider', countRequest);
    document.removeEventListener(WIDGET_EVENT, onEvent);
    document.removeEventListener(WIDGET_ERROR_EVENT, onError);
    for (const w of wallets.splice(0)) w.uninstall();
    unmountAll();
  });

  /** Signed in: 'Success!', the session holds the wallet's factor and users/me lists the wallet. */
  async function expectSignedIn(el: AuthLoginElement, address: string, type: 'ethereum' | 'solana') {
    await findText(el, '[part~="title"]', 'Success!');
    await findText(el, '[part~="text"]', 'You have successfully logged in with your crypto wallet.');
    const session = el.client!.session.getSync();
    expect(session?.authentication_factors.map((f) => f.delivery_method)).to.include(
      CRYPTO_WALLET_FACTOR_DELIVERY_METHOD,
    );
    const user = await el.client!.user.get();
    expect(user.crypto_wallets.map((w) => [w.crypto_wallet_address.toLowerCase(), w.crypto_wallet_type])).to.deep.equal(
      [[address.toLowerCase(), type]],
    );
    expect(eventTypes()).to.deep.equal([
      EVENT_TYPES.CRYPTO_WALLET_AUTHENTICATE_START,
      EVENT_TYPES.CRYPTO_WALLET_AUTHENTICATE,
      EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
    ]);
    const start = events[0]!.data as { challenge: string };
    expect(start.challenge).to.be.a('string').and.not.equal('');
    const signedIn = events[1]!.data as { user_id: string; session_token?: string };
    expect(signedIn.user_id).to.equal(user.user_id);
    expect(errors).to.deep.equal([]);
  }

  it(
    'Main: 5 wallet buttons and "Other wallets" (6 − 0 social − 1); no wallet code runs before ' + 'a wallet is chosen',
    async () => {
      const el = mount({ config: CRYPTO_ONLY });
      await walletButton(el, 'Continue with Metamask');
      expect(labels(el)).to.deep.equal([
        'Continue with Metamask',
        'Continue with Phantom',
        'Continue with Coinbase',
        'Continue with Binance',
        'Continue with Vessel',
        'Other wallets',
      ]);
      expect(providerRequests).to.equal(0);
    },
  );

  it(
    'Ethereum (EIP-6963): Metamask → Connect → Sign Message → Success!, signed in with the ' +
      'wallet, the events in order',
    async () => {
      const wallet = installEthereumWallet();
      wallets.push(wallet);
      const el = mount({ config: CRYPTO_ONLY });
      (await walletButton(el, 'Continue with Metamask')).click();
      await expectSignedIn(el, wallet.address, 'ethereum');
      expect(providerRequests).to.equal(1);
      expect(wallet.calls.map((c) => c.method)).to.deep.equal(['eth_requestAccounts', 'personal_sign']);
      // personal_sign got the challenge the service issued, as UTF-8 hex, and the address the wallet gave.
      const [, from] = wallet.calls[1]!.params as [string, string];
      expect(personalSignText(wallet)).to.equal((events[0]!.data as { challenge: string }).challenge);
      expect(from.toLowerCase()).to.equal(wallet.address.toLowerCase());
    },
  );

  it('shows Connect while the wallet is asked for the account, then Sign Message while it signs', async () => {
    const wallet = installEthereumWallet();
    wallets.push(wallet);
    // Hold each wallet request until the test has seen its screen: the wallet answers when the visitor does.
    const gates: (() => void)[] = [];
    const request = wallet.provider.request.bind(wallet.provider);
    wallet.provider.request = async (args) => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return request(args);
    };
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Metamask')).click();
    await findText(el, '[part~="title"]', 'Connecting to Metamask...');
    await until(() => gates.length === 1, 'the account request');
    gates[0]!();
    await findText(el, '[part~="title"]', 'Sign the message');
    await until(() => gates.length === 2, 'the signature request');
    gates[1]!();
    await expectSignedIn(el, wallet.address, 'ethereum');
  });

  it('Solana (window.phantom.solana): Phantom → connect → signMessage (base58) → Success!', async () => {
    const wallet = installSolanaWallet();
    wallets.push(wallet);
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Phantom')).click();
    await expectSignedIn(el, wallet.address, 'solana');
    expect(wallet.calls.map((c) => c.method)).to.deep.equal(['connect', 'signMessage']);
    expect(wallet.calls[1]!.message).to.equal((events[0]!.data as { challenge: string }).challenge);
  });

  it(
    '3 social providers: 2 wallet buttons (6 − 3 − 1) and "Other wallets" → the Other screen ' +
      'lists the other 5; one signs in',
    async () => {
      const wallet = installSolanaWallet();
      wallets.push(wallet);
      const el = mount({ config: WITH_THREE_SOCIAL });
      await walletButton(el, 'Other wallets');
      expect($$(el, 'button[part~="oauth-button"]')).to.have.length(3);
      expect(labels(el)).to.deep.equal(['Continue with Metamask', 'Continue with Phantom', 'Other wallets']);
      (await walletButton(el, 'Other wallets')).click();
      await findText(el, '[part~="title"]', OTHER_TITLE);
      expect(labels(el)).to.deep.equal([
        'Continue with Coinbase',
        'Continue with Binance',
        'Continue with Vessel',
        'Continue with Other Ethereum wallet',
        'Continue with Other Solana wallet',
      ]);
      // The back arrow returns to Main.
      ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
      await findText(el, '[part~="title"]', MAIN_TITLE);
      (await walletButton(el, 'Other wallets')).click();
      (await walletButton(el, 'Continue with Other Solana wallet')).click();
      await expectSignedIn(el, wallet.address, 'solana');
    },
  );

  it('the generic Ethereum wallet finds a legacy window.ethereum (no EIP-6963)', async () => {
    const wallet = installEthereumWallet({
      eip6963: false,
      legacy: true,
      info: { rdns: 'org.example.wallet', name: 'Example' },
    });
    wallets.push(wallet);
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Other wallets')).click();
    (await walletButton(el, 'Continue with Other Ethereum wallet')).click();
    await expectSignedIn(el, wallet.address, 'ethereum');
  });

  it(
    'the chosen wallet not injected: Set up a new crypto wallet, with the install link; the ' +
      'back arrow returns to Main',
    async () => {
      // A Solana wallet is present, but not the chosen one: Coinbase is looked up by its own EIP-6963 id.
      wallets.push(installSolanaWallet());
      const el = mount({ config: CRYPTO_ONLY });
      await chooseAndExpectSetup(el, 'Coinbase', 'https://www.coinbase.com/wallet/downloads');
      expect(events).to.deep.equal([]);
      ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
      await findText(el, '[part~="title"]', MAIN_TITLE);

      await chooseAndExpectSetup(el, 'Metamask', METAMASK_DOWNLOAD);
    },
  );

  it(
    'no wallet at all in the page: Metamask → Set up a new crypto wallet with its install ' +
      'link, no event, no error',
    async () => {
      const w = window as unknown as Record<string, unknown>;
      expect([w.ethereum, w.solana, w.phantom]).to.deep.equal([undefined, undefined, undefined]);
      const el = mount({ config: CRYPTO_ONLY });
      await chooseAndExpectSetup(el, 'Metamask', METAMASK_DOWNLOAD);
      // The wallet code ran (one EIP-6963 request) and found nothing; nothing was reported.
      expect(providerRequests).to.equal(1);
      expect(events).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
      expect(el.client!.session.getSync()).to.equal(null);
    },
  );

  it('Solana at window.solana alone (no window.phantom): Phantom → connect → signMessage → Success!', async () => {
    const wallet = installSolanaWallet({ phantomNamespace: false });
    wallets.push(wallet);
    expect((window as unknown as { phantom?: unknown }).phantom).to.equal(undefined);
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Phantom')).click();
    await expectSignedIn(el, wallet.address, 'solana');
    expect(wallet.calls.map((c) => c.method)).to.deep.equal(['connect', 'signMessage']);
  });

  it('Metamask by the legacy window.ethereum: only with isMetaMask (none announced by EIP-6963)', async () => {
    // A legacy wallet without MetaMask's flag is not MetaMask: Set up wallet.
    const other = installEthereumWallet({
      eip6963: false,
      legacy: true,
      info: { rdns: 'org.example.wallet', name: 'Example' },
    });
    wallets.push(other);
    const el = mount({ config: CRYPTO_ONLY });
    await chooseAndExpectSetup(el, 'Metamask', METAMASK_DOWNLOAD);
    expect(other.calls).to.deep.equal([]);
    other.uninstall();
    ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
    await findText(el, '[part~="title"]', MAIN_TITLE);

    const wallet = installEthereumWallet({ eip6963: false, legacy: true });
    wallets.push(wallet);
    expect((window as unknown as { ethereum?: { isMetaMask?: boolean } }).ethereum?.isMetaMask).to.equal(true);
    (await walletButton(el, 'Continue with Metamask')).click();
    await expectSignedIn(el, wallet.address, 'ethereum');
    expect(wallet.calls.map((c) => c.method)).to.deep.equal(['eth_requestAccounts', 'personal_sign']);
  });

  it(
    'two wallets announced by EIP-6963: Metamask is the one whose rdns is io.metamask, not the ' + 'first announced',
    async () => {
      const coinbase = installEthereumWallet({
        privateKeyHex: SECOND_ETHEREUM_PRIVATE_KEY,
        info: { rdns: 'com.coinbase.wallet', name: 'Coinbase Wallet' },
      });
      const metamask = installEthereumWallet();
      wallets.push(coinbase, metamask);
      expect(coinbase.address).to.not.equal(metamask.address);
      const el = mount({ config: CRYPTO_ONLY });
      (await walletButton(el, 'Continue with Metamask')).click();
      await expectSignedIn(el, metamask.address, 'ethereum');
      expect(metamask.calls.map((c) => c.method)).to.deep.equal(['eth_requestAccounts', 'personal_sign']);
      expect(coinbase.calls).to.deep.equal([]);
    },
  );

  it(
    'a project requiring Sign-In with Ethereum: the client sends siwe_params with the page ' +
      'origin as uri, the wallet signs a SIWE message',
    async () => {
      const wallet = installEthereumWallet();
      wallets.push(wallet);
      const rec = recordFetch();
      try {
        const el = mount({ config: CRYPTO_ONLY, baseUrl: testEnv.settingsBaseUrl });
        (await walletButton(el, 'Continue with Metamask')).click();
        await expectSignedIn(el, wallet.address, 'ethereum');
        expect((await el.client!.bootstrap.get()).siweRequiredForCryptoWallets).to.equal(true);
        const starts = rec.to(CRYPTO_WALLET_PATHS.authenticateStartPrimary);
        expect(starts.map((r) => JSON.parse(r.body ?? 'null'))).to.deep.equal([
          {
            crypto_wallet_address: wallet.address.toLowerCase(),
            crypto_wallet_type: 'ethereum',
            siwe_params: { uri: testEnv.pageOrigin },
          },
        ]);
        expect(testEnv.pageOrigin).to.equal(location.origin);
        // What the wallet was asked to sign: the EIP-4361 message for this page, the challenge the service issued.
        const signed = personalSignText(wallet);
        expect(signed).to.equal((events[0]!.data as { challenge: string }).challenge);
        const lines = signed.split('\n');
        expect(lines.slice(0, 8)).to.deep.equal([
          `${location.host} wants you to sign in with your Ethereum account:`,
          wallet.address,
          '',
          DEFAULT_STATEMENT,
          '',
          `URI: ${testEnv.pageOrigin}`,
          'Version: 1',
          'Chain ID: 1',
        ]);
        expect(lines.slice(8).map((line) => line.replace(/: .*$/, ''))).to.deep.equal([
          'Nonce',
          'Issued At',
          'Expiration Time',
        ]);
        expect(lines[8]).to.match(/^Nonce: [0-9a-f]{32}$/);
      } finally {
        rec.restore();
      }
    },
  );

  it(
    'the visitor refuses to connect (EIP-1193 4001): Crypto Error with the spec text, reported ' +
      '"Could not connect to wallet"',
    async () => {
      const wallet = installEthereumWallet({ reject: 'connect' });
      wallets.push(wallet);
      const el = mount({ config: CRYPTO_ONLY });
      (await walletButton(el, 'Continue with Metamask')).click();
      await findText(el, '[part~="text"]', ERROR_TEXT);
      expect(title(el)).to.equal(ERROR_TITLE);
      expect(errors.map((e) => e.message)).to.deep.equal([CONNECT_FAILED]);
      expect(events).to.deep.equal([]);
      expect(el.client!.session.getSync()).to.equal(null);
      // The back arrow returns to Main, where trying again works.
      ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
      await findText(el, '[part~="title"]', MAIN_TITLE);
      wallet.setReject('none');
      (await walletButton(el, 'Continue with Metamask')).click();
      await findText(el, '[part~="title"]', 'Success!');
    },
  );

  it(
    'the visitor refuses to sign (Solana 4001): Crypto Error, reported "Could not sign ' + 'message", no session',
    async () => {
      wallets.push(installSolanaWallet({ reject: 'sign' }));
      const el = mount({ config: CRYPTO_ONLY });
      (await walletButton(el, 'Continue with Phantom')).click();
      await findText(el, '[part~="text"]', ERROR_TEXT);
      expect(title(el)).to.equal(ERROR_TITLE);
      expect(errors.map((e) => e.message)).to.deep.equal([SIGN_FAILED]);
      // The challenge was issued before the wallet refused to sign it.
      expect(eventTypes()).to.deep.equal([EVENT_TYPES.CRYPTO_WALLET_AUTHENTICATE_START]);
      expect(el.client!.session.getSync()).to.equal(null);
    },
  );

  it('the visitor refuses to sign on Ethereum: reported "Could not sign message"', async () => {
    wallets.push(installEthereumWallet({ reject: 'sign' }));
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Metamask')).click();
    await findText(el, '[part~="text"]', ERROR_TEXT);
    expect(errors.map((e) => e.message)).to.deep.equal([SIGN_FAILED]);
  });
});
