import type { FormEvent } from 'react';
import type { AnyActorRef } from 'xstate';
import { configErrors, loginTabs, type LoginTab } from '../config.ts';
import { BLOCK_PLACEHOLDER_ATTRIBUTE } from '../dom-names.ts';
import { useWidget } from '../context.ts';
import { describeError } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { activeTab } from '../machine/form.ts';
import { mainChildId } from '../machine/root.ts';
import { emailAutocomplete, enabledRecords, mainBlockHeights } from '../products/registry.ts';
import type { RootSnapshot } from '../products/types.ts';
import { PARTS } from '../theme/parts.ts';
import { Button } from '../ui/Button.tsx';
import { Divider } from '../ui/Divider.tsx';
import { Header } from '../ui/Header.tsx';
import { LinkedText } from '../ui/LinkedText.tsx';
import PhoneInput from '../ui/PhoneInput.tsx';
import { Watermark } from '../ui/Watermark.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { errorText } from '../ui/styles.ts';
import { formStyle } from './Main.styles.ts';
import type { RootScreenProps } from './types.ts';

const TAB_LABELS: Record<LoginTab, MessageKey> = {
  sms: 'main.tabText',
  whatsapp: 'main.tabWhatsApp',
  email: 'main.tabEmail',
};

/**
 * The blocks enabled products add above the login form (the social buttons), from their chunks; while a chunk loads,
 * the height its block will take is kept free so the form below does not jump when it appears.
 */
function ProductBlocks({
  root,
  busy,
  divided,
  hasForm,
}: {
  root: RootSnapshot;
  busy: boolean;
  divided: boolean;
  hasForm: boolean;
}) {
  const { config, modules } = root.context;
  return enabledRecords(config).map((record) => {
    const module = modules[record.name];
    if (module?.MainBlock) {
      const mainActor = root.children[mainChildId(record.name)] as AnyActorRef | undefined;
      return (
        <module.MainBlock
          key={record.name}
          root={root}
          busy={busy}
          mainActor={mainActor}
          divided={divided}
          hasForm={hasForm}
        />
      );
    }
    const height = !module && record.mainBlockHeight?.(config);
    return height ? (
      <div
        key={record.name}
        aria-hidden="true"
        style={{ height }}
        {...{ [BLOCK_PLACEHOLDER_ATTRIBUTE]: record.name }}
      />
    ) : null;
  });
}

/** Whether an enabled product adds a block to Main (so the divider 'or' separates it from the form). */
function hasBlocks(root: RootSnapshot): boolean {
  return mainBlockHeights(root.context.config).length > 0;
}

/**
 * Main: title, optional logo, inline configuration errors, then stacked (spec section 2): the products' blocks (the
 * social buttons), the divider 'or' (only when both a block and a login form show) and the login form: the email form
 * (magic link, email passcode or password) and the phone forms (text or WhatsApp passcode), under tabs when there is
 * more than one.
 */
export default function Main({ root, busy, autoFocus }: RootScreenProps) {
  const { t, theme, send } = useWidget();
  const { config, formState, errorDescriptor } = root.context;
  const errors = configErrors(config);
  const tabs = loginTabs(config);
  const tab = activeTab(root.context);
  const error = describeError(t, errorDescriptor);
  const social = hasBlocks(root);
  const submit = (type: 'SUBMIT_EMAIL' | 'SUBMIT_PHONE') => (event: FormEvent) => {
    event.preventDefault();
    send({ type });
  };

  const content =
    tab === 'email' ? (
      <form key="email" part={PARTS.form} css={formStyle} noValidate onSubmit={submit('SUBMIT_EMAIL')}>
        <TextInput
          label={t('main.emailLabel')}
          type="email"
          name="email"
          autoComplete={emailAutocomplete(config)}
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
      <form key="phone" part={PARTS.form} css={formStyle} noValidate onSubmit={submit('SUBMIT_PHONE')}>
        <PhoneInput
          country={formState.country}
          callingCode={formState.callingCode}
          phone={formState.phone}
          readOnly={busy}
          error={error}
          onCountryChange={(country, callingCode) => send({ type: 'COUNTRY_CHANGED', country, callingCode })}
          onPhoneChange={(phone) => send({ type: 'PHONE_CHANGED', phone })}
        />
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
          <LinkedText text={error} />
        </p>
      )}
      <ProductBlocks root={root} busy={busy} divided={social && Boolean(tab)} hasForm={Boolean(tab)} />
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
      {root.context.bootstrap.displayWatermark && <Watermark label={t('main.watermark')} />}
    </>
  );
}
