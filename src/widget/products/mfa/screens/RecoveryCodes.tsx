import { css } from '@emotion/react';
import { Fragment, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonStyles } from '../../../ui/Button.styles.ts';
import { Header } from '../../../ui/Header.tsx';
import { TextInput } from '../../../ui/TextInput.tsx';
import { formColumn, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import { RECOVERY_CODES_FILE_TYPE } from '../constants.ts';
import type { MfaMachine } from '../machine.ts';

const codes = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11ch, 1fr));
  gap: 4px 16px;
  margin: 0;
  padding: 12px 16px;
  list-style: none;
  border-radius: 4px;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 15px;
  color: ${v('colorPrimary')};
  background-color: ${v('colorAccent')};
`;

/** A link that looks like the secondary button (a download is a link: the browser saves its file). */
const downloadLink = css`
  text-decoration: none;
`;

/**
 * Recovery codes. After TOTP enrollment: the codes, shown this once, to download as a text file or copy, and 'Done'
 * that finishes. At sign-in: one of them, typed instead of a code from the app.
 */
export default function RecoveryCodes({ state, autoFocus }: ProductScreenProps<SnapshotFrom<MfaMachine>>) {
  const { t, send } = useWidget();
  const { totp, organizationName, recoveryCode, errorDescriptor } = state.context;

  if (state.matches('recoveryCodes') && totp) {
    const copied = state.matches({ recoveryCodes: { clipboard: 'copied' } });
    const copyFailed = state.matches({ recoveryCodes: { clipboard: 'copyFailed' } });
    const file = organizationName
      ? t('mfa.recoveryCodes.file', { organization: organizationName })
      : t('mfa.recoveryCodes.fileNoOrganization');
    const href = `data:${RECOVERY_CODES_FILE_TYPE},${encodeURIComponent(totp.recovery_codes.join('\n'))}`;
    return (
      <Fragment key="codes">
        <Header title={t('mfa.recoveryCodes.title')} focusTitle={autoFocus} />
        <p part={PARTS.text} css={text}>
          {t('mfa.recoveryCodes.text')}
        </p>
        <ul part={PARTS.recoveryCodes} css={codes} aria-label={t('mfa.recoveryCodes.listLabel')}>
          {totp.recovery_codes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <a
          part={`${PARTS.button} ${PARTS.buttonSecondary} ${PARTS.link}`}
          css={[...buttonStyles('secondary'), downloadLink]}
          href={href}
          download={`${file}.txt`}
        >
          {t('mfa.recoveryCodes.download')}
        </a>
        <Button variant="secondary" onClick={() => send({ type: 'COPY' })}>
          {t('mfa.recoveryCodes.copy')}
        </Button>
        <p part={PARTS.text} css={text} role="status">
          {copied ? t('mfa.recoveryCodes.copied') : copyFailed ? t('mfa.recoveryCodes.copyFailed') : ''}
        </p>
        <Button onClick={() => send({ type: 'DONE' })}>{t('mfa.recoveryCodes.done')}</Button>
      </Fragment>
    );
  }

  const busy = state.matches('recovering');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT_RECOVERY_CODE' });
  };
  return (
    <Fragment key="entry">
      <Header title={t('mfa.recover.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text}>
        {t('mfa.recover.text')}
      </p>
      <form part={PARTS.form} css={formColumn} noValidate onSubmit={submit}>
        <TextInput
          label={t('mfa.recover.label')}
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          readOnly={busy}
          value={recoveryCode}
          onChange={(event) => send({ type: 'RECOVERY_CODE_CHANGED', recoveryCode: event.currentTarget.value })}
          error={describeError(t, errorDescriptor)}
        />
        <Button type="submit" busy={busy} disabled={!recoveryCode.trim()}>
          {t('mfa.recover.continue')}
        </Button>
      </form>
    </Fragment>
  );
}
