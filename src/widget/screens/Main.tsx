import { css } from '@emotion/react';
import type { FormEvent } from 'react';
import { configErrors } from '../config.ts';
import { useWidget } from '../context.ts';
import { describeError } from '../i18n/index.ts';
import { PARTS } from '../theme/parts.ts';
import { Button } from '../ui/Button.tsx';
import { Header } from '../ui/Header.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { errorText } from '../ui/styles.ts';
import type { ScreenProps } from './types.ts';

const form = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
`;

/** Main: title, optional logo, inline configuration errors and the email form (magic link). */
export default function Main({ snapshot, autoFocus }: ScreenProps) {
  const { t, theme, send } = useWidget();
  const { config, formState, errorDescriptor } = snapshot.context;
  const sending = snapshot.matches({ main: 'sendingMagicLink' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT_EMAIL' });
  };
  return (
    <>
      <Header title={t('main.title')} showLogo hideTitle={theme.hideHeaderText} focusTitle={autoFocus} />
      {configErrors(config).map((key) => (
        <p key={key} part={PARTS.error} css={errorText} role="alert">
          {t(key)}
        </p>
      ))}
      {config.products.includes('emailMagicLinks') && (
        <form part={PARTS.form} css={form} noValidate onSubmit={onSubmit}>
          <TextInput
            label={t('main.emailLabel')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('main.emailPlaceholder')}
            required
            readOnly={sending}
            value={formState.email}
            onChange={(event) => send({ type: 'EMAIL_CHANGED', email: event.currentTarget.value })}
            error={describeError(t, errorDescriptor)}
          />
          <Button type="submit" busy={sending}>
            {t('main.continue')}
          </Button>
        </form>
      )}
    </>
  );
}
