import { css } from '@emotion/react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { errorText, linkButton, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { PasskeyMachine } from '../machine.ts';

const column = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

/**
 * Register New Passkey (spec section 2), the start of the registration component: 'Create a Passkey' runs the
 * browser's dialog; 'Skip' goes on without one. Both lead to Passkey Registration Success. While the signed-in user
 * loads, the buttons wait; a failed creation shows the spec's message here.
 */
export default function RegisterNewPasskey({ state, autoFocus }: ProductScreenProps<SnapshotFrom<PasskeyMachine>>) {
  const { t, send } = useWidget();
  const loading = state.matches('loadingUser');
  const creating = state.matches({ register: 'creating' });
  const error = describeError(t, state.context.errorDescriptor);
  return (
    <div css={column}>
      <Header title={t('passkeyRegister.title')} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text}>
        {t('passkeyRegister.text')}
      </p>
      {error && (
        <p part={PARTS.error} css={errorText} role="alert">
          {error}
        </p>
      )}
      <Button busy={creating || loading} onClick={() => send({ type: 'CREATE' })}>
        {t('passkeyRegister.create')}
      </Button>
      <button
        type="button"
        part={PARTS.link}
        css={linkButton}
        disabled={creating || loading}
        onClick={() => send({ type: 'SKIP' })}
      >
        {t('passkeyRegister.skip')}
      </button>
    </div>
  );
}
