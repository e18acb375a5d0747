// Main's wallet block (spec section 2), the crypto product's MainBlock: a button per wallet as far as the 6-button
// limit shared with the social buttons allows (6 − social − 1), then 'Other wallets' for the rest. A button sends
// START with its wallet (or `{ other: true }`), and the root starts the product's machine (machine.ts).
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Divider } from '../../../ui/Divider.tsx';
import type { MainBlockProps } from '../../types.ts';
import { socialButtonCount, splitWallets } from '../config.ts';
import type { CryptoParams } from '../machine.ts';
import { WalletButtons } from './WalletButtons.tsx';

export default function MainBlock({ root, busy, divided, hasForm }: MainBlockProps) {
  const { t, send } = useWidget();
  const { main, other } = splitWallets(socialButtonCount(root.context.config));
  const start = (params: CryptoParams) => send({ type: 'START', product: 'crypto', params });
  return (
    <>
      <WalletButtons wallets={main} disabled={busy} onChoose={(wallet) => start({ wallet })}>
        {other.length > 0 && (
          <Button
            variant="secondary"
            extraPart={PARTS.cryptoButton}
            disabled={busy}
            onClick={() => start({ other: true })}
          >
            {t('crypto.otherWallets')}
          </Button>
        )}
      </WalletButtons>
      {/* Main draws its divider after all blocks only when one reserved a height; this block always does. */}
      {hasForm && !divided && <Divider label={t('main.divider')} />}
    </>
  );
}
