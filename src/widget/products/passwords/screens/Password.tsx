import { css } from '@emotion/react';
import { useId, useState, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { passwordlessEmailKind } from '../../../config.ts';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { TextInput } from '../../../ui/TextInput.tsx';
import { linkButton } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { PasswordMachine } from '../machine.ts';
import { PasswordStrength } from './PasswordStrength.tsx';

const form = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
`;

const toggle = css`
  margin-top: -8px;
  font-size: 14px;
`;

/**
 * Password (create or log in) and Password Reset Form. The address is read-only (`autocomplete="username"`) and the
 * password has the matching `new-password` / `current-password`, so password managers fill and save inside the shadow
 * root. A new password is checked live; Continue stays disabled until the service calls it valid.
 */
export default function Password({ state, root, autoFocus }: ProductScreenProps<SnapshotFrom<PasswordMachine>>) {
  const { t, send } = useWidget();
  const [visible, setVisible] = useState(false);
  const strengthId = useId();
  const { email, userType, password, strength, errorDescriptor, config } = state.context;
  // The fresh bootstrap document (the LUDS rules) arrives at the root, possibly after the product started.
  const { bootstrap } = root.context;
  const resetForm =
    state.matches({ password: { form: 'resetForm' } }) || state.matches({ password: { form: 'resetting' } });
  const login = !resetForm && userType === 'password';
  const busy =
    state.matches({ password: { form: 'submitting' } }) || state.matches({ password: { form: 'resetting' } });
  const checking = !state.matches({ password: { strength: 'idle' } });
  const valid = login ? password.length > 0 : strength?.valid_password === true;
  const instead = !login && !resetForm ? passwordlessEmailKind(config) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT_PASSWORD' });
  };
  const title = resetForm ? 'password.resetFormTitle' : login ? 'password.loginTitle' : 'password.createTitle';
  return (
    <>
      <Header title={t(title)} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <form part={PARTS.form} css={form} noValidate onSubmit={submit}>
        {!resetForm && (
          <TextInput
            label={t('password.emailLabel')}
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
          />
        )}
        <TextInput
          label={t(resetForm ? 'password.newPasswordLabel' : 'password.passwordLabel')}
          type={visible ? 'text' : 'password'}
          name="password"
          autoComplete={login ? 'current-password' : 'new-password'}
          required
          autoFocus={autoFocus}
          readOnly={busy}
          value={password}
          onChange={(event) => send({ type: 'PASSWORD_CHANGED', password: event.currentTarget.value })}
          error={describeError(t, errorDescriptor)}
        />
        <button
          type="button"
          part={PARTS.passwordToggle}
          css={[linkButton, toggle]}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {t(visible ? 'password.hide' : 'password.show')}
        </button>
        {!login && <PasswordStrength id={strengthId} strength={strength} luds={bootstrap.passwordConfig} />}
        {!login && checking && password && (
          <p part={PARTS.text} css={{ margin: 0, fontSize: 14 }} role="status">
            {t('password.checking')}
          </p>
        )}
        <Button type="submit" busy={busy} disabled={!valid}>
          {t('password.continue')}
        </Button>
        {login && (
          <button type="button" part={PARTS.link} css={linkButton} onClick={() => send({ type: 'FORGOT_PASSWORD' })}>
            {t('password.forgot')}
          </button>
        )}
        {instead && (
          <Button variant="secondary" onClick={() => send({ type: 'USE_EMAIL_INSTEAD' })}>
            {t(instead === 'otp' ? 'password.useEmailCode' : 'password.useEmailLink')}
          </Button>
        )}
      </form>
    </>
  );
}
