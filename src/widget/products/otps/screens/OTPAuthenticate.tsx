import { css, keyframes } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { OTP_CODE_LENGTH } from '../../../../api/index.ts';
import { CODE_SENT_SLIDE_MS, LOADING_BAR_MS } from '../constants.ts';
import { useWidget } from '../../../context.ts';
import { describeError, splitMessage } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { Header } from '../../../ui/Header.tsx';
import { PasscodeInput } from '../../../ui/PasscodeInput.tsx';
import { linkButton, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { OtpMachine } from '../machine.ts';
import type { ResendMachine } from '../resend.ts';

const fill = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(1); }
`;

const track = css`
  height: 4px;
  overflow: hidden;
  border-radius: 2px;
  background-color: ${v('colorAccent')};
`;

// The bar fills in the reading direction; transform-origin has no logical keyword, hence the :dir(rtl) rule.
const bar = css`
  height: 100%;
  background-color: ${v('colorPrimary')};
  transform-origin: left;
  &:dir(rtl) {
    transform-origin: right;
  }
  animation: ${fill} ${LOADING_BAR_MS}ms linear forwards;
`;

const slideIn = keyframes`
  from { transform: translateY(100%); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
`;

const sent = css`
  display: inline-block;
  font-weight: 700;
  animation: ${slideIn} ${CODE_SENT_SLIDE_MS}ms ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Inline in its sentence, unlike a link button on its own line. */
const inlineLink = css`
  align-self: auto;
`;

/** m:ss */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The resend control: initial and waiting offer 'Resend code', sending disables it, sent shows 'Code sent'. */
function Resend({ actor }: { actor: ActorRefFrom<ResendMachine> | undefined }) {
  const { t, send } = useWidget();
  const state = useSelector(actor, (s) => s?.value) ?? 'initial';
  if (state === 'sent') {
    return (
      <p part={PARTS.text} css={text} role="status">
        <span css={sent}>{t('otp.codeSent')}</span>
      </p>
    );
  }
  return (
    <p part={PARTS.text} css={text} data-resend-state={state}>
      {t('otp.didNotGetIt')}{' '}
      <button
        type="button"
        css={[linkButton, inlineLink]}
        disabled={state === 'sending'}
        aria-busy={state === 'sending'}
        onClick={() => send({ type: 'RESEND' })}
      >
        {t('otp.resend')}
      </button>
    </p>
  );
}

/**
 * OTP Authenticate: 'Enter passcode', where the code went, the six-digit input (the sixth digit submits), 'Verifying
 * passcode...' with a progress bar while it is checked, the expiry countdown and the resend control.
 */
export default function OTPAuthenticate({ state, autoFocus }: ProductScreenProps<SnapshotFrom<OtpMachine>>) {
  const { t, send } = useWidget();
  const { passcode, errorDescriptor } = state.context;
  const submitting = state.matches({ otpAuthenticate: { code: 'submitting' } });
  const expired = state.matches({ otpAuthenticate: { countdown: 'expired' } });
  const resend = state.children.resend as ActorRefFrom<ResendMachine> | undefined;
  return (
    <>
      <Header title={t('otp.title')} onBack={() => send({ type: 'BACK' })} announce={autoFocus} />
      <p part={PARTS.text} css={text}>
        {splitMessage(t('otp.sentTo', { length: OTP_CODE_LENGTH })).map((part, i) =>
          typeof part === 'string' ? (
            part
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder; a parameter may repeat.
            <strong key={i}>{part.param === 'destination' ? passcode.displayDestination : ''}</strong>
          ),
        )}
      </p>
      <PasscodeInput
        label={t('otp.codeLabel')}
        value={passcode.code}
        disabled={submitting}
        error={describeError(t, errorDescriptor)}
        autoFocus={autoFocus}
        onChange={(code) => send({ type: 'CODE_CHANGED', code })}
      />
      {submitting && (
        <div>
          <p part={PARTS.text} css={text} role="status">
            {t('otp.verifying')}
          </p>
          <div part={PARTS.progressBar} css={track} aria-hidden="true">
            <div css={bar} />
          </div>
        </div>
      )}
      <p
        part={PARTS.text}
        css={text}
        data-countdown={expired ? 'expired' : 'ticking'}
        role={expired ? 'alert' : undefined}
      >
        {expired ? t('otp.expired') : t('otp.expiresIn', { time: clock(passcode.secondsLeft) })}
      </p>
      <Resend actor={resend} />
    </>
  );
}
