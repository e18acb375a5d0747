import { css } from '@emotion/react';
import { Fragment, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { Loading } from '../../../screens/Loading.tsx';
import { PARTS } from '../../../theme/parts.ts';
import { boldParams } from '../../../ui/BoldParams.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import PhoneInput from '../../../ui/PhoneInput.tsx';
import { formColumn, linkButton, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { MfaMachine } from '../machine.ts';
import { CodeField } from './CodeField.tsx';

/** Inline in its sentence, unlike a link button on its own line. */
const inlineLink = css`
  align-self: auto;
`;

/**
 * SMS OTP. Enrolling: the phone number (the shared phone input: country and number), checked by the phone library,
 * then the passcode sent to it. Signing in: the passcode sent to the member's number, 'Resend code', and 'Use an
 * authenticator app instead' when the member has one too.
 */
export default function SMSOTP({ state, autoFocus }: ProductScreenProps<SnapshotFrom<MfaMachine>>) {
  const { t, send } = useWidget();
  const { phone, code, errorDescriptor, enrolling, displayDestination, plan } = state.context;
  const back = () => send({ type: 'BACK' });

  if (!state.matches('smsCode') && !(state.matches('smsSending') && !enrolling)) {
    const busy = !state.matches('smsPhone');
    const submit = (event: FormEvent) => {
      event.preventDefault();
      send({ type: 'SUBMIT_PHONE' });
    };
    return (
      <Fragment key="phone">
        <Header title={t('mfa.smsEnroll.title')} onBack={back} focusTitle={autoFocus} />
        <p part={PARTS.text} css={text}>
          {t('mfa.smsEnroll.text')}
        </p>
        <form part={PARTS.form} css={formColumn} noValidate onSubmit={submit}>
          <PhoneInput
            country={phone.country}
            callingCode={phone.callingCode}
            phone={phone.phone}
            readOnly={busy}
            error={describeError(t, errorDescriptor)}
            onCountryChange={(country, callingCode) => send({ type: 'COUNTRY_CHANGED', country, callingCode })}
            onPhoneChange={(typed) => send({ type: 'PHONE_CHANGED', phone: typed })}
          />
          <Button type="submit" busy={busy}>
            {t('mfa.smsEnroll.continue')}
          </Button>
        </form>
      </Fragment>
    );
  }

  if (state.matches('smsSending')) {
    return (
      <Fragment key="sending">
        <Header title={t('mfa.sms.title')} onBack={back} focusTitle={autoFocus} />
        <Loading label="mfa.sms.sending" />
      </Fragment>
    );
  }

  const submitting = state.matches({ smsCode: { code: 'submitting' } });
  const resend = state.matches({ smsCode: { resend: 'sent' } })
    ? 'sent'
    : state.matches({ smsCode: { resend: 'sending' } })
      ? 'sending'
      : 'idle';
  const totpToo = !enrolling && plan.enrolled.includes('totp') && plan.allowed.includes('totp');
  return (
    <Fragment key="code">
      <Header title={t('mfa.sms.title')} onBack={back} announce={autoFocus} />
      <p part={PARTS.text} css={text}>
        {boldParams(t('mfa.sms.sentTo'), { destination: displayDestination })}
      </p>
      <CodeField code={code} submitting={submitting} error={errorDescriptor} autoFocus={autoFocus} />
      {resend === 'sent' ? (
        <p part={PARTS.text} css={text} role="status">
          {t('mfa.sms.codeSent')}
        </p>
      ) : (
        <p part={PARTS.text} css={text}>
          {t('mfa.sms.didNotGetIt')}{' '}
          <button
            type="button"
            css={[linkButton, inlineLink]}
            disabled={resend === 'sending'}
            aria-busy={resend === 'sending'}
            onClick={() => send({ type: 'RESEND' })}
          >
            {t('mfa.sms.resend')}
          </button>
        </p>
      )}
      {totpToo && (
        <button type="button" part={PARTS.link} css={linkButton} onClick={() => send({ type: 'USE_TOTP' })}>
          {t('mfa.sms.useTotp')}
        </button>
      )}
    </Fragment>
  );
}
