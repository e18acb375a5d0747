import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { splitMessage } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { PasswordMachine } from '../machine.ts';

/**
 * Password Forgot and Password Breached: why a reset is needed, where the link will go, and the button that sends it.
 */
export default function PasswordForgot({ state, autoFocus }: ProductScreenProps<SnapshotFrom<PasswordMachine>>) {
  const { t, send } = useWidget();
  const breached = state.matches('breached');
  const { email } = state.context;
  return (
    <>
      <Header
        title={t(breached ? 'passwordBreached.title' : 'passwordForgot.title')}
        onBack={() => send({ type: 'BACK' })}
        focusTitle={autoFocus}
      />
      {breached && (
        <p part={PARTS.text} css={text}>
          {t('passwordBreached.text')}
        </p>
      )}
      <p part={PARTS.text} css={text}>
        {splitMessage(t('passwordForgot.text')).map((part, i) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder; a parameter may repeat.
          typeof part === 'string' ? part : <strong key={i}>{part.param === 'email' ? email : ''}</strong>,
        )}
      </p>
      <Button onClick={() => send({ type: 'SEND_RESET' })}>{t('passwordForgot.send')}</Button>
    </>
  );
}
