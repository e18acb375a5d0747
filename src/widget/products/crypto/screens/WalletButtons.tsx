// A column of 'Continue with <Wallet>' buttons: Main's wallet block and the Crypto Other Screen's list.
import type { ReactNode } from 'react';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonColumn } from '../../../ui/ButtonColumn.styles.ts';
import type { WalletOption } from '../config.ts';

export function WalletButtons({
  wallets,
  disabled,
  onChoose,
  children,
}: {
  wallets: readonly WalletOption[];
  disabled: boolean;
  onChoose: (wallet: WalletOption) => void;
  children?: ReactNode;
}) {
  const { t } = useWidget();
  return (
    <div part={PARTS.cryptoButtons} css={buttonColumn}>
      {wallets.map((wallet) => (
        <Button
          key={wallet}
          variant="secondary"
          extraPart={PARTS.cryptoButton}
          data-wallet={wallet}
          disabled={disabled}
          onClick={() => onChoose(wallet)}
        >
          {t('crypto.continueWith', { wallet: t(`crypto.wallet.${wallet}`) })}
        </Button>
      ))}
      {children}
    </div>
  );
}
