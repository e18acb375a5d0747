import { css } from '@emotion/react';
import { Fragment } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { Loading } from '../../../screens/Loading.tsx';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { Header } from '../../../ui/Header.tsx';
import { linkButton, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { MfaMachine } from '../machine.ts';
import { CodeField } from './CodeField.tsx';

const qr = css`
  align-self: center;
  width: 180px;
  height: 180px;
  image-rendering: pixelated;
`;

const secretRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const secret = css`
  padding: 4px 8px;
  border-radius: 4px;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 14px;
  letter-spacing: 0.1em;
  overflow-wrap: anywhere;
  color: ${v('colorPrimary')};
  background-color: ${v('colorAccent')};
`;

const small = css`
  ${text}
  font-size: 14px;
`;

/**
 * TOTP. Enrolling: the QR code (with its alt text), the secret as text with a copy button, then the first code from
 * the app. Signing in: the code, 'Use a recovery code', and 'Text me a code instead' when the member has both.
 */
export default function TOTP({ state, autoFocus }: ProductScreenProps<SnapshotFrom<MfaMachine>>) {
  const { t, send } = useWidget();
  const { totp, code, errorDescriptor, enrolling, plan } = state.context;
  const back = () => send({ type: 'BACK' });
  const submitting =
    state.matches({ totpEnroll: { code: 'submitting' } }) || state.matches({ totpEntry: 'submitting' });

  if (state.matches('totpCreating') || (enrolling && !totp)) {
    return (
      <Fragment key="enroll">
        <Header title={t('mfa.totpEnroll.title')} onBack={back} focusTitle={autoFocus} />
        <Loading label="mfa.totpEnroll.creating" />
      </Fragment>
    );
  }

  if (state.matches('totpEnroll') && totp) {
    const copied = state.matches({ totpEnroll: { clipboard: 'copied' } });
    const copyFailed = state.matches({ totpEnroll: { clipboard: 'copyFailed' } });
    return (
      <Fragment key="enroll">
        <Header title={t('mfa.totpEnroll.title')} onBack={back} focusTitle={autoFocus} />
        <p part={PARTS.text} css={text}>
          {t('mfa.totpEnroll.text')}
        </p>
        <img part={PARTS.qrCode} css={qr} src={totp.qr_code} alt={t('mfa.totpEnroll.qrAlt')} />
        <p part={PARTS.text} css={small}>
          {t('mfa.totpEnroll.manual')}
        </p>
        <div css={secretRow}>
          <code part={PARTS.totpSecret} css={secret}>
            {totp.secret}
          </code>
          <button type="button" part={PARTS.link} css={linkButton} onClick={() => send({ type: 'COPY' })}>
            {t('mfa.totpEnroll.copy')}
          </button>
          <span part={PARTS.text} css={small} role="status">
            {copied ? t('mfa.totpEnroll.copied') : copyFailed ? t('mfa.totpEnroll.copyFailed') : ''}
          </span>
        </div>
        <CodeField code={code} submitting={submitting} error={errorDescriptor} autoFocus={false} />
        <p part={PARTS.text} css={small}>
          {t('mfa.totpEnroll.helper')}
        </p>
      </Fragment>
    );
  }

  const smsToo = plan.enrolled.includes('smsOtp') && plan.allowed.includes('smsOtp');
  return (
    <Fragment key="entry">
      <Header title={t('mfa.totp.title')} onBack={back} announce={autoFocus} />
      <p part={PARTS.text} css={text}>
        {t('mfa.totp.text')}
      </p>
      <CodeField code={code} submitting={submitting} error={errorDescriptor} autoFocus={autoFocus} />
      <button
        type="button"
        part={PARTS.link}
        css={linkButton}
        disabled={submitting}
        onClick={() => send({ type: 'USE_RECOVERY_CODE' })}
      >
        {t('mfa.totp.useRecoveryCode')}
      </button>
      {smsToo && (
        <button
          type="button"
          part={PARTS.link}
          css={linkButton}
          disabled={submitting}
          onClick={() => send({ type: 'USE_SMS' })}
        >
          {t('mfa.totp.useSms')}
        </button>
      )}
    </Fragment>
  );
}
