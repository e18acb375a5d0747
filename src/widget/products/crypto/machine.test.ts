/// <reference types="mocha" />
// The crypto product's statechart through the root, with the real client and service and injected test wallets:
// START {wallet} from Main runs it to Crypto Confirmation with the spec's cryptoState filled in; START {other} opens
// the Other screen and CHOOSE goes on from there; an absent wallet rests on Crypto Setup Wallet; a refusal on Crypto
// Error; BACK returns to Main. Also the 6-button arithmetic and the install links, as pure functions.
import { expect } from 'chai';
import type { AnyMachineSnapshot } from 'xstate';
import { destroyClients, makeClient, resetBrowserState } from '../../../../test/support/client.ts';
import {
  productOf,
  screenOf,
  startRoot,
  waitForProduct,
  waitForScreen,
  type RootActor,
} from '../../../../test/support/machine.ts';
import { installEthereumWallet, installSolanaWallet } from '../../../../test/support/wallets.ts';
import { splitWallets, walletButtons, WALLET_OPTIONS } from './config.ts';
import { installLinkOf } from './install.ts';
import type { CryptoContext } from './machine.ts';

describe('crypto wallet buttons (pure)', () => {
  it('wallet buttons shown = 6 − social providers − 1, never below 0; the rest go to the other-wallet screen', () => {
    const cases: [social: number, wallets: number, shown: number, other: number][] = [
      [0, 7, 5, 2],
      [0, 3, 3, 0],
      [1, 7, 4, 3],
      [2, 4, 3, 1],
      [3, 2, 2, 0],
      [5, 7, 0, 7],
      [6, 2, 0, 2],
      [19, 7, 0, 7],
      [2, 0, 0, 0],
    ];
    for (const [social, wallets, shown, other] of cases) {
      expect(walletButtons(social, wallets), `${social} social, ${wallets} wallets`).to.deep.equal({ shown, other });
    }
  });

  it('splits the spec wallets, Metamask (the default walletOption) first', () => {
    expect(WALLET_OPTIONS).to.deep.equal([
      'metamask',
      'phantom',
      'coinbase',
      'binance',
      'vessel',
      'ethereum',
      'solana',
    ]);
    expect(splitWallets(3)).to.deep.equal({
      main: ['metamask', 'phantom'],
      other: ['coinbase', 'binance', 'vessel', 'ethereum', 'solana'],
    });
    expect(splitWallets(5).main).to.deep.equal([]);
  });

  it('install links: each wallet its own download page, the others a wallet of their chain', () => {
    expect(installLinkOf('metamask')).to.deep.equal({ wallet: 'metamask', href: 'https://metamask.io/download/' });
    expect(installLinkOf('phantom')).to.deep.equal({ wallet: 'phantom', href: 'https://phantom.app/download' });
    expect(installLinkOf('coinbase').href).to.equal('https://www.coinbase.com/wallet/downloads');
    expect(installLinkOf('binance').href).to.equal('https://www.binance.com/en/web3wallet');
    expect(installLinkOf('vessel').wallet).to.equal('metamask');
    expect(installLinkOf('ethereum').wallet).to.equal('metamask');
    expect(installLinkOf('solana').wallet).to.equal('phantom');
  });
});

describe('crypto statechart (through the root)', () => {
  const actors: RootActor[] = [];
  const uninstall: (() => void)[] = [];
  beforeEach(() => resetBrowserState());
  afterEach(() => {
    for (const a of actors.splice(0)) a.stop();
    for (const u of uninstall.splice(0)) u();
    destroyClients();
  });

  function start(config = { products: ['crypto' as const] }): RootActor {
    const root = startRoot(makeClient(), config);
    actors.push(root);
    return root;
  }
  const context = (root: RootActor) => (productOf(root)!.getSnapshot() as AnyMachineSnapshot).context as CryptoContext;

  it('START {wallet}: Crypto Connect → Sign Message → Crypto Confirmation, cryptoState filled in', async () => {
    const wallet = installEthereumWallet();
    uninstall.push(wallet.uninstall);
    const root = start();
    await waitForScreen(root, 'Main');
    root.send({ type: 'START', product: 'crypto', params: { wallet: 'metamask' } });
    await waitForProduct(root, 'signedIn');
    expect(screenOf(root)).to.equal('CryptoConfirmation');
    const ctx = context(root);
    expect(ctx.walletOption).to.equal('metamask');
    expect(ctx.walletAddress.toLowerCase()).to.equal(wallet.address.toLowerCase());
    expect(ctx.walletChallenge).to.be.a('string').and.not.equal('');
    expect(root.getSnapshot().context.client.session.getSync()).to.not.equal(null);
  });

  it('START {other}: the Other screen; CHOOSE a wallet goes on to connect it; BACK returns to Main', async () => {
    const wallet = installSolanaWallet();
    uninstall.push(wallet.uninstall);
    const root = start();
    await waitForScreen(root, 'Main');
    root.send({ type: 'START', product: 'crypto', params: { other: true } });
    await waitForScreen(root, 'CryptoOther');
    productOf(root)!.send({ type: 'BACK' });
    await waitForScreen(root, 'Main');
    root.send({ type: 'START', product: 'crypto', params: { other: true } });
    await waitForScreen(root, 'CryptoOther');
    productOf(root)!.send({ type: 'CHOOSE', wallet: 'solana' });
    await waitForProduct(root, 'signedIn');
    expect(context(root).walletAddress).to.equal(wallet.address);
  });

  it('an absent wallet rests on Crypto Setup Wallet; a refusal on Crypto Error with its message', async () => {
    const root = start();
    await waitForScreen(root, 'Main');
    root.send({ type: 'START', product: 'crypto', params: { wallet: 'binance' } });
    await waitForScreen(root, 'CryptoSetupWallet');
    productOf(root)!.send({ type: 'BACK' });
    await waitForScreen(root, 'Main');

    const wallet = installSolanaWallet({ reject: 'connect' });
    uninstall.push(wallet.uninstall);
    root.send({ type: 'START', product: 'crypto', params: { wallet: 'phantom' } });
    await waitForScreen(root, 'CryptoError');
    expect(context(root).errorDescriptor).to.deep.equal({
      messageKey: 'crypto.connectFailed',
      message: 'Could not connect to wallet',
    });
    productOf(root)!.send({ type: 'BACK' });
    await waitForScreen(root, 'Main');
  });
});
