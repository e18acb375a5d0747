import { useId } from 'react';
import type { AnyActorRef } from 'xstate';
import { configErrors, emailTabConflict, loginTabs } from '../config.ts';
import { useWidget } from '../context.ts';
import { describeError } from '../i18n/index.ts';
import { activeTab } from '../machine/form.ts';
import { mainChildId } from '../machine/root.ts';
import { emailAutocomplete, enabledRecords, mainBlockHeights } from '../products/registry.ts';
import type { RootSnapshot } from '../products/types.ts';
import { Header } from '../ui/Header.tsx';
import { LinkedText } from '../ui/LinkedText.tsx';
import PhoneInput from '../ui/PhoneInput.tsx';
import { slot } from '../view/node.ts';
import { toReact, toReactFragment } from '../view/react.ts';
import { blockPlaceholderView, mainView, TAB_LABELS } from './Main.view.ts';
import type { RootScreenProps } from './types.ts';

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
    return height ? toReact(blockPlaceholderView(record.name, height)) : null;
  });
}

/** Whether an enabled product adds a block to Main (so the divider 'or' separates it from the form). */
function hasBlocks(root: RootSnapshot): boolean {
  return mainBlockHeights(root.context.config).length > 0;
}

/** Main.view.ts rendered by React: the header, the blocks and the phone field are React's components around views. */
export default function Main({ root, busy, autoFocus }: RootScreenProps) {
  const { t, theme, send } = useWidget();
  const id = useId();
  const { config, formState, errorDescriptor } = root.context;
  const errors = configErrors(config);
  const tab = activeTab(root.context);
  const error = describeError(t, errorDescriptor);
  const social = hasBlocks(root);
  return toReactFragment(
    mainView({
      header: slot(<Header title={t('main.title')} showLogo hideTitle={theme.hideHeaderText} focusTitle={autoFocus} />),
      configErrors: errors.map((key) => t(key)),
      error: { shown: Boolean(error), content: error && slot(<LinkedText text={error} />) },
      blocks: slot(<ProductBlocks root={root} busy={busy} divided={social && Boolean(tab)} hasForm={Boolean(tab)} />),
      hasBlocks: social,
      tabs: loginTabs(config).map((tab) => ({ id: tab, label: t(TAB_LABELS[tab]) })),
      tab,
      tabsId: id,
      tabsLabel: t('main.tabsLabel'),
      dividerLabel: t('main.divider'),
      hideForm: emailTabConflict(config),
      onTab: (tab) => send({ type: 'TAB_SELECTED', tab }),
      email: {
        id: `${id}-email`,
        label: t('main.emailLabel'),
        placeholder: t('main.emailPlaceholder'),
        autocomplete: emailAutocomplete(config),
        value: formState.email,
        on: {
          input: (event) => send({ type: 'EMAIL_CHANGED', email: (event.currentTarget as HTMLInputElement).value }),
        },
      },
      phoneField: slot(
        <PhoneInput
          country={formState.country}
          callingCode={formState.callingCode}
          phone={formState.phone}
          readOnly={busy}
          error={error}
          onCountryChange={(country, callingCode) => send({ type: 'COUNTRY_CHANGED', country, callingCode })}
          onPhoneChange={(phone) => send({ type: 'PHONE_CHANGED', phone })}
        />,
      ),
      continueLabel: t('main.continue'),
      busy,
      onSubmit: (form) => (event) => {
        event.preventDefault();
        send({ type: form === 'email' ? 'SUBMIT_EMAIL' : 'SUBMIT_PHONE' });
      },
      watermark: root.context.bootstrap.displayWatermark ? t('main.watermark') : null,
    }),
  );
}
