// Main's wallet block: a button per wallet as far as the 6-button limit shared with the social buttons allows
// (6 − social − 1), then 'Other wallets' for the rest. One view for React's MainBlock (screens/MainBlock.tsx) and the
// first paint, which loads this small module alone to paint the block before React.
import type { MessageKey } from '../../i18n/index.ts';
import type { BlockViewContext } from '../../shell/blocks.ts';
import { PARTS } from '../../theme/parts.ts';
import { buttonView } from '../../ui/Button.view.ts';
import { dividerView } from '../../ui/Divider.view.ts';
import { h, type ViewChild, type ViewNode } from '../../view/node.ts';
import { socialButtonCount, splitWallets, type WalletOption } from './config.ts';
import type { CryptoParams } from './machine.ts';
import './strings.ts';

/** A column of 'Continue with <Wallet>' buttons (Main's block, and the Crypto Other Screen's list), then `more`. */
export function walletButtonsView(
  context: Pick<BlockViewContext, 't'>,
  wallets: readonly WalletOption[],
  disabled: boolean,
  choose: (wallet: WalletOption) => void,
  more: ViewChild = null,
): ViewNode {
  const { t } = context;
  return h(
    'div',
    { part: PARTS.cryptoButtons },
    { style: 'buttonColumn' },
    ...wallets.map((wallet) =>
      buttonView({
        variant: 'secondary',
        extraPart: PARTS.cryptoButton,
        disabled,
        key: wallet,
        attributes: { 'data-wallet': wallet },
        on: { click: () => choose(wallet) },
        children: [t('crypto.continueWith', { wallet: t(`crypto.wallet.${wallet}` as MessageKey) })],
      }),
    ),
    more,
  );
}

export function blockView(context: BlockViewContext): ViewChild[] {
  const { t } = context;
  const { main, other } = splitWallets(socialButtonCount(context.config));
  const start = (params: CryptoParams) => context.start({ product: 'crypto', params });
  const others =
    other.length > 0 &&
    buttonView({
      variant: 'secondary',
      extraPart: PARTS.cryptoButton,
      disabled: context.busy,
      // Told from the wallets' buttons by this (the hand-over finds React's by its part names and data attributes).
      attributes: { 'data-more': '' },
      on: { click: () => start({ other: true }) },
      children: [t('crypto.otherWallets')],
    });
  return [
    walletButtonsView(context, main, context.busy, (wallet) => start({ wallet }), others),
    // Main draws its divider after all blocks only when one reserved a height; this block always does.
    context.hasForm && !context.divided && dividerView(t('main.divider')),
  ];
}
