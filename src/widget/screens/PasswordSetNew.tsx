import '../i18n/en-password.ts';
import { css } from '@emotion/react';
import { useWidget } from '../context.ts';
import { describeError, splitMessage } from '../i18n/index.ts';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { Header } from '../ui/Header.tsx';
import { errorText, text } from '../ui/styles.ts';
import { linkButton } from './Password.tsx';
import type { ScreenProps } from './types.ts';

const toast = css`
  margin: 0;
  padding: 8px 12px;
  max-width: 350px;
  border-radius: 4px;
  font-weight: 700;
  color: ${v('colorPrimary')};
  background-color: ${v('colorAccent')};
`;

/**
 * Password Set New ('check your email') and Password Dedupe (an account without a password must reset): where the
 * link went, 'Resend email', and the 'Email resent' toast while the statechart is in `resent` (2 s).
 */
export default function PasswordSetNew({ snapshot, autoFocus }: ScreenProps) {
  const { t, send } = useWidget();
  const dedupe = snapshot.context.screen === 'PasswordDedupe';
  const { passwordState, errorDescriptor } = snapshot.context;
  const sending = snapshot.matches({ resetEmail: 'sending' }) || snapshot.matches({ resetEmail: 'resending' });
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
          typeof part === 'string' ? part : <strong key={i}>{part.param === 'email' ? passwordState.email : ''}</strong>,
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
      {snapshot.matches({ resetEmail: 'resent' }) && (
        <p part={PARTS.toast} css={toast} role="status">
          {t('passwordReset.resent')}
        </p>
      )}
    </>
  );
}
