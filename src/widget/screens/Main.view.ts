// Main's arrangement (spec section 2): the header, inline configuration errors, then stacked the products' blocks
// (the social buttons), the divider 'or' (only when both a block and a login form show) and the login form: the
// email form (magic link, email passcode or password) or a phone form (text or WhatsApp passcode), under tabs when
// there is more than one. React's Main (Main.tsx) and the first paint (shell/shell.ts) both render this view.
import type { LoginTab } from '../config.ts';
import { BLOCK_PLACEHOLDER_ATTRIBUTE } from '../dom-names.ts';
import type { MessageKey } from '../i18n/index.ts';
import { PARTS } from '../theme/parts.ts';
import { buttonView } from '../ui/Button.view.ts';
import { dividerView } from '../ui/Divider.view.ts';
import { tabsView } from '../ui/Tabs.view.ts';
import { type FieldError, textInputView } from '../ui/TextInput.view.ts';
import { watermarkView } from '../ui/Watermark.view.ts';
import { h, type ViewChild, type ViewHandler, type ViewNode, type ViewOptions } from '../view/node.ts';

/** Main's tab labels. */
export const TAB_LABELS: Readonly<Record<LoginTab, MessageKey>> = {
  sms: 'main.tabText',
  whatsapp: 'main.tabWhatsApp',
  email: 'main.tabEmail',
};

export interface MainView {
  /** The header (React's Header around its view; the painter's view). */
  header: ViewChild;
  /** The configuration errors' texts, each a role=alert line. */
  configErrors: readonly string[];
  /** A failed call's message: under the field shown, or (without a login form) on a line of its own. */
  error: FieldError;
  /** The products' blocks. */
  blocks: ViewChild;
  /** Whether a block shows (or keeps its height free) above the login form: the divider separates them. */
  hasBlocks: boolean;
  /** The sign-in method tabs; the tab shown (null: no login form). */
  tabs: readonly { id: LoginTab; label: string }[];
  tab: LoginTab | null;
  /** The tab set's id (its tabs' and panel's are derived from it). */
  tabsId: string;
  tabsLabel: string;
  dividerLabel: string;
  /** Leaves the login form out (a configuration error says why). */
  hideForm: boolean;
  onTab: (tab: LoginTab) => void;
  /** The email field. */
  email: {
    id: string;
    label: string;
    placeholder: string;
    autocomplete: string;
    value: string;
    on?: ViewOptions['on'];
    ref?: ViewOptions['ref'];
  };
  /** The phone field (React's PhoneInput around its view, with the country list; the painter's view). */
  phoneField: ViewChild;
  continueLabel: string;
  busy: boolean;
  onSubmit: (form: 'email' | 'phone') => ViewHandler;
  /** The watermark's text, when the project shows it. */
  watermark: string | null;
}

/**
 * The space a product's block keeps free while its chunk loads (the height it will take), so the form below does not
 * jump when it appears; the first paint's block moves into it at the hand-over.
 */
export function blockPlaceholderView(product: string, height: string): ViewNode {
  return h(
    'div',
    { 'aria-hidden': 'true', style: { height }, [BLOCK_PLACEHOLDER_ATTRIBUTE]: product },
    { key: product },
  );
}

export function mainView(view: MainView): ViewChild[] {
  const { tab, busy, error } = view;
  const form = (name: 'email' | 'phone', field: ViewChild) =>
    h(
      'form',
      { part: PARTS.form, novalidate: true },
      { style: 'form', key: name, on: { submit: view.onSubmit(name) } },
      field,
      buttonView({ type: 'submit', busy, children: [view.continueLabel] }),
    );
  const email = view.email;
  const content: ViewChild =
    tab === 'email'
      ? form(
          'email',
          textInputView({
            id: email.id,
            label: email.label,
            error,
            attributes: {
              type: 'email',
              name: 'email',
              autocomplete: email.autocomplete,
              inputmode: 'email',
              placeholder: email.placeholder,
              required: true,
              readonly: busy,
              value: email.value,
            },
            on: email.on,
            ref: email.ref,
          }),
        )
      : tab && form('phone', view.phoneField);
  const login: ViewChild =
    tab && view.tabs.length > 1
      ? tabsView({
          id: view.tabsId,
          label: view.tabsLabel,
          tabs: view.tabs,
          selected: tab,
          onSelect: view.onTab,
          children: [content],
        })
      : content;
  const alert = (text: ViewChild, key: string): ViewNode =>
    h('p', { part: PARTS.error, role: 'alert' }, { style: 'errorText', key }, text);
  return [
    view.header,
    ...view.configErrors.map((text) => alert(text, text)),
    // Without a login form (social sign-in only) a failed call's message shows here instead of under a field.
    error.shown && !tab && alert(error.content, 'error'),
    view.blocks,
    view.hasBlocks && tab && dividerView(view.dividerLabel),
    !view.hideForm && login,
    view.watermark !== null && watermarkView(view.watermark),
  ];
}
