import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError, splitMessage } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Header } from '../../../ui/Header.tsx';
import { errorText, linkButton, text, toast } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { PasswordMachine } from '../machine.ts';

/**
 * Password Set New ('check your email') and Password Dedupe (an account without a password must reset): where the
 * link went, 'Resend email', and the 'Email resent' toast while the statechart is in `resent` (2 s). Set New and Dedupe
 * are two states of the product machine (`setNew`, `dedupe`) with the same sub-states.
 */
export default function PasswordSetNew({ state, autoFocus }: ProductScreenProps<SnapshotFrom<PasswordMachine>>) {
  const { t, send } = useWidget();
  const dedupe = state.matches('dedupe');
  const step = state.matches('dedupe') ? 'dedupe' : 'setNew';
  const { email, errorDescriptor } = state.context;
  const sending = state.matches({ [step]: 'sending' }) || state.matches({ [step]: 'resending' });
  const error = describeError(t, errorDescriptor);
  return (
    <>
      <Header
        title={t(dedupe ? 'passwordDedupe.title' : 'passwordSetNew.title')}
        onBack={() => send({ type: 'BACK' })}
        focusTitle={autoFocus}
      />
      <p part={PARTS.text} css={text}>
        {splitMessage(t(dedupe ? 'passwordDedupe.text' : 'passwordSetNew.text')).map((part, i) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder; a parameter may repeat.
          typeof part === 'string' ? part : <strong key={i}>{part.param === 'email' ? email : ''}</strong>,
        )}
      </p>
      {error && (
        <p part={PARTS.error} css={errorText} role="alert">
          {error}
        </p>
      )}
      <p part={PARTS.text} css={text}>
        {t('passwordReset.didNotGetIt')}{' '}
        <button
          type="button"
          part={PARTS.link}
          css={linkButton}
          disabled={sending}
          aria-busy={sending}
          onClick={() => send({ type: 'RESEND_RESET' })}
        >
          {t('passwordReset.resend')}
        </button>
      </p>
      {state.matches({ [step]: 'resent' }) && (
        <p part={PARTS.toast} css={toast} role="status">
          {t('passwordReset.resent')}
        </p>
      )}
    </>
  );
}
