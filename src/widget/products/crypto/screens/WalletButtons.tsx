// A column of 'Continue with <Wallet>' buttons: Main's wallet block and the Crypto Other Screen's list.
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { SOCIAL_BUTTON_GAP_PX } from '../../../constants.ts';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import type { WalletOption } from '../config.ts';

// The same gap as the social buttons': the two blocks stack as one column of up to 6 buttons (spec section 2).
const column = css`
  display: flex;
  flex-direction: column;
  gap: ${SOCIAL_BUTTON_GAP_PX}px;
`;

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
    <div part={PARTS.cryptoButtons} css={column}>
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
