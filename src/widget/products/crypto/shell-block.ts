// Main's wallet block as the first-paint shell paints it (src/widget/shell/blocks.ts): the same buttons as
// screens/MainBlock.tsx (as many wallets as the 6-button limit leaves, then 'Other wallets'), in plain DOM, so a
// visitor can choose a wallet before React has loaded.
import type { MessageKey } from '../../i18n/index.ts';
import { element } from '../../shell/dom.ts';
import type { ShellBlockContext } from '../../shell/blocks.ts';
import { PARTS } from '../../theme/parts.ts';
import { socialButtonCount, splitWallets } from './config.ts';
import type { CryptoParams } from './machine.ts';
import './strings.ts';

export function paintBlock(context: ShellBlockContext): HTMLElement {
  const { config, t } = context;
  const { main, other } = splitWallets(socialButtonCount(config));
  const buttons = main.map((wallet) =>
    context.button({
      extraPart: PARTS.cryptoButton,
      data: { 'data-wallet': wallet },
      content: [t('crypto.continueWith', { wallet: t(`crypto.wallet.${wallet}` as MessageKey) })],
      start: { product: 'crypto', params: { wallet } satisfies CryptoParams },
    }),
  );
  if (other.length > 0) {
    buttons.push(
      context.button({
        extraPart: PARTS.cryptoButton,
        content: [t('crypto.otherWallets')],
        start: { product: 'crypto', params: { other: true } satisfies CryptoParams },
      }),
    );
  }
  return element('div', { part: PARTS.cryptoButtons, class: context.cls('buttonColumn') }, ...buttons);
}
