/// <reference types="mocha" />
// Crypto wallets through <auth-login> in Chromium, against the real identity service, with injected test wallets
// (test/support/wallets.ts: real secp256k1 and ed25519 keys, the outside boundary): the whole flow for an
// EIP-6963-announced Ethereum wallet and a Phantom-style Solana wallet; the Other wallets screen with 3 social
// providers; Set up wallet when none is injected; the visitor refusing at connect and at sign; the events; and the
// wallet code fetched only once a wallet is chosen.
import { expect } from 'chai';
import { EVENT_TYPES, WIDGET_ERROR_EVENT, WIDGET_EVENT, type WidgetErrorDetail, type WidgetEventDetail } from '../../index.ts';
import type { AuthLoginConfig } from '../../config.ts';
import { CRYPTO_WALLET_FACTOR_DELIVERY_METHOD } from '../../../api/index.ts';
import { resetBrowserState } from '../../../../test/support/client.ts';
import { until } from '../../../../test/support/poll.ts';
import { $, $$, byText, findText, mount, title, unmountAll, type AuthLoginElement } from '../../../../test/support/widget.ts';
import {
  installEthereumWallet,
  installSolanaWallet,
  type InstalledEthereumWallet,
  type InstalledSolanaWallet,
} from '../../../../test/support/wallets.ts';

// The spec's texts (sections 2 and 8), written out here rather than read from the strings table: the test checks it.
const ERROR_TITLE = 'Looks like there was an error!';
const ERROR_TEXT = 'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!';
const CONNECT_FAILED = 'Could not connect to wallet';
const SIGN_FAILED = 'Could not sign message';
const OTHER_TITLE = 'Continue with other crypto wallet';
const SETUP_TITLE = 'Set up a new crypto wallet';
const MAIN_TITLE = 'Sign up or log in';

const CRYPTO_ONLY: AuthLoginConfig = { products: ['crypto'] };
const WITH_THREE_SOCIAL: AuthLoginConfig = {
  products: ['crypto', 'oauth'],
  oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'apple' }] },
};

const walletButtons = (el: HTMLElement) => $$(el, 'button[part~="crypto-button"]');
const labels = (el: HTMLElement) => walletButtons(el).map((b) => b.textContent?.trim());
const walletButton = (el: HTMLElement, text: string) =>
  until(() => byText(el, 'button[part~="crypto-button"]', text) as HTMLButtonElement | undefined, `the "${text}" button`);
/** Whether the page has fetched the wallet chunk (the dev server serves the module by its source path). */
const walletCodeFetched = () =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes('/products/crypto/wallet.ts'));

describe('<auth-login> crypto wallets', () => {
  let events: WidgetEventDetail[];
  let errors: WidgetErrorDetail[];
  let wallets: (InstalledEthereumWallet | InstalledSolanaWallet)[];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const onError = (e: Event) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail);
  const eventTypes = () => events.map((e) => e.type);

  beforeEach(() => {
    resetBrowserState();
    events = [];
    errors = [];
    wallets = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
    document.addEventListener(WIDGET_ERROR_EVENT, onError);
  });
  afterEach(() => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    document.removeEventListener(WIDGET_ERROR_EVENT, onError);
    wallets.splice(0).forEach((w) => w.uninstall());
    unmountAll();
  });

  /** Signed in: 'Success!', the session holds the wallet's factor and users/me lists the wallet. */
  async function expectSignedIn(el: AuthLoginElement, address: string, type: 'ethereum' | 'solana') {
    await findText(el, '[part~="title"]', 'Success!');
    await findText(el, '[part~="text"]', 'You have successfully logged in with your crypto wallet.');
    const session = el.client!.session.getSync();
    expect(session?.authentication_factors.map((f) => f.delivery_method)).to.include(CRYPTO_WALLET_FACTOR_DELIVERY_METHOD);
    const user = await el.client!.user.get();
    expect(user.crypto_wallets.map((w) => [w.crypto_wallet_address.toLowerCase(), w.crypto_wallet_type])).to.deep.equal([
      [address.toLowerCase(), type],
    ]);
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

  it('Main: 5 wallet buttons and "Other wallets" (6 − 0 social − 1); no wallet code fetched before a wallet is chosen', async () => {
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
    expect(walletCodeFetched()).to.equal(false);
  });

  it('Ethereum (EIP-6963): Metamask → Connect → Sign Message → Success!, signed in with the wallet, the events in order', async () => {
    const wallet = installEthereumWallet();
    wallets.push(wallet);
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Metamask')).click();
    await expectSignedIn(el, wallet.address, 'ethereum');
    expect(walletCodeFetched()).to.equal(true);
    expect(wallet.calls.map((c) => c.method)).to.deep.equal(['eth_requestAccounts', 'personal_sign']);
    // personal_sign got the challenge the service issued, as UTF-8 hex, and the address the wallet gave.
    const [hexMessage, from] = wallet.calls[1]!.params as [string, string];
    const challenge = (events[0]!.data as { challenge: string }).challenge;
    expect(new TextDecoder().decode(Uint8Array.from(hexMessage.slice(2).match(/../g)!, (h) => parseInt(h, 16)))).to.equal(challenge);
    expect(from.toLowerCase()).to.equal(wallet.address.toLowerCase());
  });

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

  it('3 social providers: 2 wallet buttons (6 − 3 − 1) and "Other wallets" → the Other screen lists the other 5; one signs in', async () => {
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
  });

  it('the generic Ethereum wallet finds a legacy window.ethereum (no EIP-6963)', async () => {
    const wallet = installEthereumWallet({ eip6963: false, legacy: true, info: { rdns: 'org.example.wallet', name: 'Example' } });
    wallets.push(wallet);
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Other wallets')).click();
    (await walletButton(el, 'Continue with Other Ethereum wallet')).click();
    await expectSignedIn(el, wallet.address, 'ethereum');
  });

  it('no wallet injected: Set up a new crypto wallet, with the install link; the back arrow returns to Main', async () => {
    // A Solana wallet is present, but not the chosen one: Coinbase is looked up by its own EIP-6963 id.
    wallets.push(installSolanaWallet());
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Coinbase')).click();
    await findText(el, '[part~="title"]', SETUP_TITLE);
    const link = $(el, 'a[part~="link"]') as HTMLAnchorElement;
    expect(link.textContent).to.equal('Install Coinbase');
    expect(link.href).to.equal('https://www.coinbase.com/wallet/downloads');
    expect(events).to.deep.equal([]);
    ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
    await findText(el, '[part~="title"]', MAIN_TITLE);

    (await walletButton(el, 'Continue with Metamask')).click();
    await findText(el, '[part~="title"]', SETUP_TITLE);
    expect(($(el, 'a[part~="link"]') as HTMLAnchorElement).href).to.equal('https://metamask.io/download/');
  });

  it('the visitor refuses to connect (EIP-1193 4001): Crypto Error with the spec text, reported "Could not connect to wallet"', async () => {
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
  });

  it('the visitor refuses to sign (Solana 4001): Crypto Error, reported "Could not sign message", no session', async () => {
    wallets.push(installSolanaWallet({ reject: 'sign' }));
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Phantom')).click();
    await findText(el, '[part~="text"]', ERROR_TEXT);
    expect(title(el)).to.equal(ERROR_TITLE);
    expect(errors.map((e) => e.message)).to.deep.equal([SIGN_FAILED]);
    // The challenge was issued before the wallet refused to sign it.
    expect(eventTypes()).to.deep.equal([EVENT_TYPES.CRYPTO_WALLET_AUTHENTICATE_START]);
    expect(el.client!.session.getSync()).to.equal(null);
  });

  it('the visitor refuses to sign on Ethereum: reported "Could not sign message"', async () => {
    wallets.push(installEthereumWallet({ reject: 'sign' }));
    const el = mount({ config: CRYPTO_ONLY });
    (await walletButton(el, 'Continue with Metamask')).click();
    await findText(el, '[part~="text"]', ERROR_TEXT);
    expect(errors.map((e) => e.message)).to.deep.equal([SIGN_FAILED]);
  });
});
