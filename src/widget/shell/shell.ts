// The first paint of Main without React. React, react-dom and XState are about 80 KB gzip: fetched, parsed
// and run before the email field shows, they made a visitor wait for the whole widget to type an address. The entry
// file instead paints Main's email form itself, plain DOM with the very styles React renders it with (the shared
// `*.styles.ts` modules, inserted through Emotion's own serializer and cache, so the class names are the same), while
// the rest of the widget loads. The visitor can type at once; Continue (click or Enter) is held. When React has
// rendered its first screen, the element hands over (element.ts, takeOverShell): the typed address, the focus and a
// held Continue go to the statechart, and this DOM goes away in the same frame. See docs/decisions.md.
//
// Painted only where it shows exactly what React's first screen will: Main opening on its login form (the email form,
// the phone form, or both under the sign-in method tabs; no configuration error), in the shadow root. Product blocks
// above the form (social, wallet buttons) keep their height free as React does while their chunks load; anything
// else (a Main of blocks alone, a token in the URL, a mode) is left to React. The tabs switch here as they will in
// React; the country list is the selected country alone, as React's phone input shows it until the phone library
// has loaded.
import { configErrors, loginTabs, type LoginTab, type Product, type ResolvedConfig } from '../config.ts';
import { DEFAULT_CALLING_CODE, DEFAULT_COUNTRY } from '../constants.ts';
import { BLOCK_PLACEHOLDER_ATTRIBUTE, STYLE_HOST_ATTRIBUTE } from '../dom-names.ts';
import type { MessageKey, Translate } from '../i18n/index.ts';
import { regionName } from '../phone.ts';
import type { AuthClient } from '../../client/types.ts';
import { emailAutocomplete, enabledRecords } from '../products/registry.ts';
import type { Theme } from '../theme/default-theme.ts';
import { PARTS } from '../theme/parts.ts';
import { themeToCssVars } from '../theme/theme.ts';
import type { HeldStart, ShellBlockContext } from './blocks.ts';
import { element } from './dom.ts';
import type { ShellStyle } from './style-sources.ts';
import { SHELL_CLASSES, SHELL_CSS, SHELL_HOST_CSS } from './styles.generated.ts';

/** Marks the shell's nodes in the shadow root (its styles and its box), for the hand-over and for tests. */
export const SHELL_ATTRIBUTE = 'data-auth-login-shell';

export interface ShellInput {
  config: ResolvedConfig;
  theme: Theme;
  t: Translate;
  /** The language tag in effect and its direction, as the React root sets them on its box. */
  localeTag: string;
  dir: 'ltr' | 'rtl';
  nonce: string | undefined;
  /** The element's headless client (made on demand). */
  client(): AuthClient | undefined;
}

/** What the visitor did before React took over. */
export interface ShellState {
  /** The sign-in method tab shown (the only one, without tabs; null: no login form). */
  tab: LoginTab | null;
  email: string;
  phone: string;
  /** Continue was pressed (or Enter in a field) on the tab shown: React submits once it has the values. */
  submitted: boolean;
  /** Where React's Main has the control that had the focus here (a selector), if one of the form's had it. */
  focus: string | null;
  /** A block's button pressed (a social provider, a wallet): React starts its product. */
  start: HeldStart | null;
}

/**
 * Whether the shell can paint `config`'s first screen: Main with a login form or a block it paints, in the shadow root.
 */
export function shellPaints(config: ResolvedConfig): boolean {
  if (!config.enableShadowDOM || configErrors(config).length > 0) return false;
  return (
    loginTabs(config).length > 0 ||
    enabledRecords(config).some((record) => record.shellBlock && record.mainBlockHeight?.(config))
  );
}

/** Main's tab labels (as Main.tsx names them). */
const TAB_LABELS: Record<LoginTab, MessageKey> = {
  sms: 'main.tabText',
  whatsapp: 'main.tabWhatsApp',
  email: 'main.tabEmail',
};

/** The element's box with the theme's custom properties, then every shell style's rules: one stylesheet. */
function shellStylesheet(vars: Record<string, string>): string {
  let properties = '';
  for (const [name, value] of Object.entries(vars)) properties += `${name}:${value};`;
  return SHELL_HOST_CSS[0] + properties + SHELL_HOST_CSS[1] + SHELL_CSS;
}

/**
 * The selector of `control`'s counterpart in React's Main: the same field, the selected tab, the login form's
 * Continue, the same provider's or wallet's button (React's, or the painted one moved into React's Main).
 */
function counterpart(control: HTMLElement): string | null {
  if (control instanceof HTMLInputElement) return `input[name="${control.name}"]`;
  if (control instanceof HTMLSelectElement) return `select[part~="${PARTS.select}"]`;
  if (control.getAttribute('role') === 'tab') return '[role="tab"][aria-selected="true"]';
  if (!(control instanceof HTMLButtonElement)) return null;
  if (control.type === 'submit') return 'form button[type="submit"]';
  const { provider, wallet } = control.dataset;
  if (provider) return `button[data-provider="${provider}"]`;
  if (wallet) return `button[data-wallet="${wallet}"]`;
  return control.part.contains(PARTS.cryptoButton) ? `button[part~="${PARTS.cryptoButton}"]:not([data-wallet])` : null;
}

/**
 * A block moved into React's Main is replaced once React renders the block itself. A keyboard user on one of its
 * buttons (tabbed there before or after the hand-over) would then be dropped to the page's body: the focus goes to
 * React's same button instead. Only when the focus was lost with the block, never taken from elsewhere.
 */
function followFocusOut(moved: HTMLElement[]): void {
  const root = moved[0]!.getRootNode() as ShadowRoot | Document;
  let focused: string | null = null;
  const track = (event: Event) => {
    const inBlock = moved.some((block) => block.contains(event.target as Node));
    focused = inBlock && event.target instanceof HTMLElement ? counterpart(event.target) : null;
  };
  root.addEventListener('focusin', track);
  const observer = new MutationObserver(() => {
    if (moved.every((block) => block.isConnected)) return;
    const lost = !root.activeElement && (document.activeElement === document.body || document.activeElement === null);
    if (focused && lost) root.querySelector<HTMLElement>(focused)?.focus();
    if (moved.some((block) => block.isConnected)) return;
    observer.disconnect();
    root.removeEventListener('focusin', track);
  });
  observer.observe(root, { childList: true, subtree: true });
}

export class Shell {
  readonly #nodes: HTMLElement[];
  readonly #email: HTMLInputElement;
  #phone: HTMLInputElement | null = null;
  readonly #tabs: LoginTab[];
  #tab: LoginTab | null;
  /** Shows another sign-in method tab (set when there are tabs). */
  #select: ((index: number) => void) | undefined;
  #submitted = false;
  #start: HeldStart | null = null;
  /** The blocks painted, by product, and whether one has moved into React's Main (its styles then stay). */
  readonly #blocks = new Map<Product, HTMLElement>();
  #adopted = false;
  /** After the hand-over, where a moved block's button sends its START (React's statechart). */
  #forward: ((start: HeldStart) => void) | undefined;
  /** Every control of the shell, disabled together once something is held. */
  readonly #controls = new Set<HTMLInputElement | HTMLButtonElement | HTMLSelectElement>();
  /** Settles when every block the shell paints is painted (or has failed to load). */
  readonly blocksPainted: Promise<void>;

  constructor(parent: ShadowRoot, { config, theme, t, localeTag, dir, nonce, client }: ShellInput) {
    // React's classes and rules, compiled at build time (style-sources.ts): no CSS compiler runs before the first
    // paint.
    const styles = element(
      'div',
      { [STYLE_HOST_ATTRIBUTE]: '', [SHELL_ATTRIBUTE]: '', hidden: '' },
      element('style', { nonce: nonce || undefined }, shellStylesheet(themeToCssVars(theme))),
    );
    parent.append(styles);
    const cls = (style: ShellStyle) => SHELL_CLASSES[style];
    const id = (name: string) => `${SHELL_ATTRIBUTE}-${name}`;

    const logoUrl = theme.logo.logoImageUrl;
    const head = element(
      'div',
      { part: PARTS.header, class: cls('header') },
      ...(logoUrl
        ? [element('img', { part: PARTS.logo, class: cls('logoImage'), src: logoUrl, alt: t('main.logoAlt') })]
        : []),
      ...(theme.hideHeaderText
        ? []
        : [element('h2', { part: PARTS.title, class: cls('title'), tabindex: '-1' }, t('main.title'))]),
    );
    const blockContext: ShellBlockContext = {
      config,
      t,
      cls,
      client,
      button: ({ extraPart, data = {}, content, start }) => {
        const button = element(
          'button',
          {
            type: 'button',
            part: `${PARTS.button} ${PARTS.buttonSecondary} ${extraPart}`,
            class: cls('buttonSecondary'),
            'aria-busy': 'false',
            ...data,
          },
          ...content,
        );
        this.#controls.add(button);
        button.addEventListener('click', () => {
          if (this.#forward) return this.#forward(start);
          if (this.#held()) return;
          this.#start = start;
          this.#hold(button);
        });
        return button;
      },
    };
    // Each block's height is kept free, as React keeps it while the product's chunk loads; a block the shell can paint
    // replaces its placeholder once its small module has loaded.
    const painting: Promise<void>[] = [];
    const blocks = enabledRecords(config).flatMap((record) => {
      const height = record.mainBlockHeight?.(config);
      if (!height) return [];
      const placeholder = element('div', { 'aria-hidden': 'true' });
      placeholder.style.height = height;
      if (record.shellBlock) {
        painting.push(
          record.shellBlock().then(
            (module) => {
              const block = placeholder.isConnected ? module.paintBlock(blockContext) : null;
              if (!block) return;
              placeholder.replaceWith(block);
              this.#blocks.set(record.name, block);
            },
            () => undefined, // React paints the block once its chunk has loaded
          ),
        );
      }
      return [placeholder];
    });
    this.blocksPainted = Promise.all(painting).then(() => undefined);
    const tabs = loginTabs(config);
    const divider =
      blocks.length && tabs.length
        ? [
            element(
              'div',
              { part: PARTS.divider, class: cls('divider'), role: 'separator', 'aria-label': t('main.divider') },
              element('span', { 'aria-hidden': 'true' }, t('main.divider')),
            ),
          ]
        : [];

    const register = <T extends HTMLInputElement | HTMLButtonElement | HTMLSelectElement>(control: T): T => {
      this.#controls.add(control);
      return control;
    };
    const errorLine = (of: string) =>
      element('p', { id: id(`${of}-error`), part: PARTS.error, class: cls('errorText'), 'aria-live': 'polite' });
    const continueButton = () =>
      register(
        element(
          'button',
          {
            type: 'submit',
            part: `${PARTS.button} ${PARTS.buttonPrimary}`,
            class: cls('buttonPrimary'),
            'aria-busy': 'false',
          },
          t('main.continue'),
        ),
      );
    const form = (...children: HTMLElement[]) => {
      const node = element('form', { part: PARTS.form, class: cls('form'), novalidate: '' }, ...children);
      node.addEventListener('submit', (event) => {
        event.preventDefault();
        if (this.#held()) return;
        this.#submitted = true;
        this.#hold(node.querySelector('button'));
      });
      return node;
    };

    this.#email = register(
      element('input', {
        id: id('email'),
        part: PARTS.input,
        class: cls('input'),
        type: 'email',
        name: 'email',
        autocomplete: emailAutocomplete(config),
        inputmode: 'email',
        placeholder: t('main.emailPlaceholder'),
        required: '',
        'aria-describedby': id('email-error'),
      }),
    );
    const emailForm = form(
      element(
        'div',
        { class: cls('field') },
        element('label', { part: PARTS.label, class: cls('label'), for: id('email') }, t('main.emailLabel')),
        this.#email,
        errorLine('email'),
      ),
      continueButton(),
    );

    const buildPhoneForm = () => {
      const phone = register(
        element('input', {
          id: id('phone'),
          part: PARTS.input,
          class: cls('phoneNumber'),
          type: 'tel',
          name: 'phone',
          autocomplete: 'tel',
          inputmode: 'tel',
          required: '',
          'aria-describedby': id('phone-error'),
        }),
      );
      this.#phone = phone;
      const country = register(
        element(
          'select',
          { id: id('country'), part: PARTS.select, class: cls('phoneSelect') },
          element(
            'option',
            { value: DEFAULT_COUNTRY },
            t('main.countryOption', {
              name: regionName(DEFAULT_COUNTRY, localeTag),
              callingCode: DEFAULT_CALLING_CODE,
            }),
          ),
        ),
      );
      return form(
        element(
          'div',
          { class: cls('field') },
          element('label', { part: PARTS.label, class: cls('label'), for: id('phone') }, t('main.phoneLabel')),
          element(
            'div',
            { class: cls('phoneRow') },
            element('label', { for: id('country'), class: cls('visuallyHidden') }, t('main.countryLabel')),
            country,
            phone,
          ),
          errorLine('phone'),
        ),
        continueButton(),
      );
    };
    // The phone form only where a tab shows it: its country's name (Intl.DisplayNames) cost 30 ms of the first paint on
    // an email-only page (bench/usable.mjs's profile), the first use of the browser's region names.
    const phoneForm = tabs.some((tab) => tab !== 'email') ? buildPhoneForm() : null;

    this.#tabs = tabs;
    this.#tab = tabs[0] ?? null;
    const formFor = (tab: LoginTab) => (tab === 'email' ? emailForm : phoneForm!);
    let login: HTMLElement[] = this.#tab ? [formFor(this.#tab)] : [];
    if (this.#tabs.length > 1) {
      const panel = element(
        'div',
        { part: PARTS.tabPanel, role: 'tabpanel', id: id('panel'), class: cls('tabPanel') },
        ...login,
      );
      const buttons = this.#tabs.map((tab) =>
        element(
          'button',
          { type: 'button', role: 'tab', id: id(`tab-${tab}`), class: cls('tab'), 'aria-controls': id('panel') },
          t(TAB_LABELS[tab]),
        ),
      );
      const select = (index: number) => {
        this.#tab = this.#tabs[index]!;
        buttons.forEach((button, i) => {
          const active = i === index;
          button.setAttribute('part', active ? `${PARTS.tab} ${PARTS.tabSelected}` : PARTS.tab);
          button.setAttribute('aria-selected', String(active));
          button.tabIndex = active ? 0 : -1;
        });
        panel.setAttribute('aria-labelledby', id(`tab-${this.#tab}`));
        panel.replaceChildren(formFor(this.#tab!));
      };
      // A held Continue keeps its tab: React submits what was on it.
      buttons.forEach((button, index) => {
        button.addEventListener('click', () => this.#held() || select(index));
      });
      const list = element(
        'div',
        { part: PARTS.tabList, class: cls('tabList'), role: 'tablist', 'aria-label': t('main.tabsLabel') },
        ...buttons,
      );
      // The keys React's Tabs answers: arrows move and select (wrapping), Home and End the first and last.
      list.addEventListener('keydown', (event) => {
        const count = this.#tabs.length;
        const index = this.#tabs.indexOf(this.#tab!);
        const next = (
          { ArrowRight: index + 1, ArrowLeft: index - 1 + count, Home: 0, End: count - 1 } as Record<string, number>
        )[event.key];
        if (next === undefined || this.#held()) return;
        event.preventDefault();
        select(next % count);
        buttons[next % count]!.focus();
      });
      select(0);
      this.#select = select;
      login = [element('div', {}, list, panel)];
    }

    const box = element(
      'div',
      { part: PARTS.container, class: cls('container'), lang: localeTag, dir, [SHELL_ATTRIBUTE]: '' },
      head,
      ...blocks,
      ...divider,
      ...login,
    );
    parent.append(box);
    this.#nodes = [styles, box];
  }

  /** Whether Main has no login form here (its blocks are all there is). */
  get formless(): boolean {
    return this.#tab === null;
  }

  /** Whether a Continue or a block's button is held for React. */
  #held(): boolean {
    return this.#submitted || this.#start !== null;
  }

  /** Holds what was pressed: every control read-only or disabled, `pressed` shown busy, as React shows a request. */
  #hold(pressed: HTMLButtonElement | null): void {
    for (const control of this.#controls) {
      if (control instanceof HTMLInputElement) control.readOnly = true;
      else control.disabled = true;
    }
    pressed?.setAttribute('aria-busy', 'true');
  }

  /** What the visitor has done so far. */
  state(): ShellState {
    // The box, not a field: the form of a tab not shown is out of the document.
    const root = this.#nodes[1]!.getRootNode() as ShadowRoot | Document;
    const active = root.activeElement;
    return {
      tab: this.#tab,
      start: this.#start,
      email: this.#email.value,
      phone: this.#phone?.value ?? '',
      submitted: this.#submitted,
      focus: active instanceof HTMLElement ? counterpart(active) : null,
    };
  }

  /**
   * Moves each painted block into the space React's Main keeps for it while the product's chunk loads (where React
   * already shows the block, the painted one is dropped): the buttons stay in place, and pressed they `send` their
   * START to React; React replaces the space, and them, once it renders the block.
   */
  adoptBlocks(reactRoot: ParentNode, send: (start: HeldStart) => void): void {
    this.#forward = send;
    const moved: HTMLElement[] = [];
    for (const [product, block] of this.#blocks) {
      const space = reactRoot.querySelector(`[${BLOCK_PLACEHOLDER_ATTRIBUTE}="${product}"]`);
      if (!space) continue;
      space.removeAttribute('aria-hidden');
      space.append(block);
      moved.push(block);
      this.#adopted = true;
    }
    if (moved.length > 0) followFocusOut(moved);
  }

  /**
   * A shell painted again (the page set a property before React arrived) takes over what the visitor did on the one it
   * replaces: the tab, what was typed, the focus, so a keyboard user's place is not dropped to the page's body.
   */
  restore({ tab, email, phone, focus }: ShellState): void {
    const index = tab ? this.#tabs.indexOf(tab) : -1;
    if (index > 0) this.#select?.(index);
    this.#email.value = email;
    if (this.#phone) this.#phone.value = phone;
    if (focus) this.#nodes[1]!.querySelector<HTMLElement>(focus)?.focus();
  }

  /** Removes the shell: its box, and its styles unless a block it painted lives on in React's Main. */
  remove(): void {
    const [styles, box] = this.#nodes;
    box!.remove();
    // Kept for the moved blocks, the styles are no longer the shell's: nothing of the shell is left in the page.
    if (this.#adopted) styles!.removeAttribute(SHELL_ATTRIBUTE);
    else styles!.remove();
  }
}
