import { css } from '@emotion/react';
import { lazy, Suspense, type FormEvent } from 'react';
import { configErrors, loginTabs, oauthProviders, type LoginTab } from '../config.ts';
import { SOCIAL_BUTTON_GAP_PX } from '../constants.ts';
import { useWidget } from '../context.ts';
import { describeError } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { activeTab } from '../machine/form.ts';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { Button } from '../ui/Button.tsx';
import { Divider } from '../ui/Divider.tsx';
import { Header } from '../ui/Header.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { errorText } from '../ui/styles.ts';
import { Loading } from './Loading.tsx';
import type { ScreenProps } from './types.ts';

// The phone input (country selector and number) is its own chunk; it loads the phone library when it first shows.
const PhoneInput = lazy(() => import('../ui/PhoneInput.tsx'));
// The social block (provider buttons and icons, Google One Tap) is its own chunk, loaded only when `oauth` is configured.
const SocialBlock = lazy(() => import('./SocialBlock.tsx'));

const form = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
`;

const TAB_LABELS: Record<LoginTab, MessageKey> = { sms: 'main.tabText', whatsapp: 'main.tabWhatsApp', email: 'main.tabEmail' };

/**
 * Main: title, optional logo, inline configuration errors, then stacked (spec section 2): the social block, the
 * divider 'or' (only when both a social block and a login form show) and the login form: the email form (magic link,
 * email passcode or password) and the phone forms (text or WhatsApp passcode), under tabs when there is more than one.
 * (The passkey button, above the social block, comes with the passkey screens.)
 */
/** The height of `count` stacked provider buttons. */
function socialHeight(count: number): string {
  return `calc(${count} * ${v('buttonHeight')} + ${(count - 1) * SOCIAL_BUTTON_GAP_PX}px)`;
}

export default function Main({ snapshot, autoFocus }: ScreenProps) {
  const { t, theme, send } = useWidget();
  const { config, formState, errorDescriptor } = snapshot.context;
  const busy = !snapshot.matches({ main: 'idle' });
  const errors = configErrors(config);
  const tabs = loginTabs(config);
  const tab = activeTab(snapshot.context);
  const error = describeError(t, errorDescriptor);
  const social = oauthProviders(config).length > 0;
  const submit = (type: 'SUBMIT_EMAIL' | 'SUBMIT_PHONE') => (event: FormEvent) => {
    event.preventDefault();
    send({ type });
  };

  const content =
    tab === 'email' ? (
      <form key="email" part={PARTS.form} css={form} noValidate onSubmit={submit('SUBMIT_EMAIL')}>
        <TextInput
          label={t('main.emailLabel')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('main.emailPlaceholder')}
          required
          readOnly={busy}
          value={formState.email}
          onChange={(event) => send({ type: 'EMAIL_CHANGED', email: event.currentTarget.value })}
          error={error}
        />
        <Button type="submit" busy={busy}>
          {t('main.continue')}
        </Button>
      </form>
    ) : tab ? (
      <form key="phone" part={PARTS.form} css={form} noValidate onSubmit={submit('SUBMIT_PHONE')}>
        <Suspense fallback={<Loading />}>
          <PhoneInput
            country={formState.country}
            callingCode={formState.callingCode}
            phone={formState.phone}
            readOnly={busy}
            error={error}
            onCountryChange={(country, callingCode) => send({ type: 'COUNTRY_CHANGED', country, callingCode })}
            onPhoneChange={(phone) => send({ type: 'PHONE_CHANGED', phone })}
          />
        </Suspense>
        <Button type="submit" busy={busy}>
          {t('main.continue')}
        </Button>
      </form>
    ) : null;

  return (
    <>
      <Header title={t('main.title')} showLogo hideTitle={theme.hideHeaderText} focusTitle={autoFocus} />
      {errors.map((key) => (
        <p key={key} part={PARTS.error} css={errorText} role="alert">
          {t(key)}
        </p>
      ))}
      {/* Without a login form (social sign-in only) a failed call's message shows here instead of under a field. */}
      {error && !tab && (
        <p part={PARTS.error} css={errorText} role="alert">
          {error}
        </p>
      )}
      {social && (
        // The buttons' height is kept free while their chunk loads, so the form below does not jump when they appear.
        <Suspense fallback={<div aria-hidden="true" style={{ height: socialHeight(oauthProviders(config).length) }} />}>
          <SocialBlock snapshot={snapshot} autoFocus={false} />
        </Suspense>
      )}
      {social && tab && <Divider label={t('main.divider')} />}
      {errors.includes('config.emlAndEmailOtp') || !tab ? null : tabs.length > 1 ? (
        <Tabs
          label={t('main.tabsLabel')}
          tabs={tabs.map((id) => ({ id, label: t(TAB_LABELS[id]) }))}
          selected={tab}
          onSelect={(id) => send({ type: 'TAB_SELECTED', tab: id })}
        >
          {content}
        </Tabs>
      ) : (
        content
      )}
    </>
  );
}
