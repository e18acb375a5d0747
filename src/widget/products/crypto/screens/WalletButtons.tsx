// A column of 'Continue with <Wallet>' buttons: the Crypto Other Screen's list (Main's block renders the same view).
import { useWidget } from '../../../context.ts';
import { toReact } from '../../../view/react.ts';
import { walletButtonsView } from '../block.view.ts';
import type { WalletOption } from '../config.ts';

export function WalletButtons({
  wallets,
  disabled,
  onChoose,
}: {
  wallets: readonly WalletOption[];
  disabled: boolean;
  onChoose: (wallet: WalletOption) => void;
}) {
  const { t } = useWidget();
  return toReact(walletButtonsView({ t }, wallets, disabled, onChoose));
}
