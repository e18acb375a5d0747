import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Header } from '../../../ui/Header.tsx';
import { text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';

/**
 * Crypto Error (spec sections 2 and 8): any failure of the flow; the spec's text, whatever failed (the reported
 * message says what: auth-login-error), and the back arrow to Main.
 */
export default function CryptoError({ autoFocus }: ProductScreenProps) {
  const { t, send } = useWidget();
  return (
    <>
      <Header title={t('crypto.errorTitle')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text} role="alert">
        {t('crypto.errorText')}
      </p>
    </>
  );
}
