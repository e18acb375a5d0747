// The first paint of Main without React (issue 18). React, react-dom and XState are about 80 KB gzip: fetched, parsed
// and run before the email field shows, they made a visitor wait for the whole widget to type an address. The entry
// file instead paints Main's email form itself, plain DOM with the very styles React renders it with (the shared
// `*.styles.ts` modules, inserted through Emotion's own serializer and cache, so the class names are the same), while
// the rest of the widget loads. The visitor can type at once; Continue (click or Enter) is held. When React has
// rendered its first screen, the element hands over (element.ts, takeOverShell): the typed address, the focus and a
// held Continue go to the statechart, and this DOM goes away in the same frame. See docs/decisions.md.
//
// Painted only where it shows exactly what React's first screen will: Main opening on its email form alone (one tab,
// no configuration error), in the shadow root. Product blocks above the form (social, wallet buttons) keep their
// height free as React does while their chunks load; anything else (a phone tab, a token in the URL, a mode) is
// left to React.
import type { EmotionCache } from '@emotion/cache';
import { serializeStyles, type SerializedStyles } from '@emotion/serialize';
import { insertStyles } from '@emotion/utils';
import { configErrors, loginTabs, type ResolvedConfig } from '../config.ts';
import type { Translate } from '../i18n/index.ts';
import { emailAutocomplete, mainBlockHeights } from '../products/registry.ts';
import { formStyle } from '../screens/Main.styles.ts';
import { STYLE_HOST_ATTRIBUTE, createStyleCache } from '../theme/cache.ts';
import { containerStyle } from '../theme/container.styles.ts';
import type { Theme } from '../theme/default-theme.ts';
import { hostStyles } from '../theme/host.styles.ts';
import { PARTS } from '../theme/parts.ts';
import { themeToCssVars } from '../theme/theme.ts';
import { buttonStyles } from '../ui/Button.styles.ts';
import { dividerStyle } from '../ui/Divider.styles.ts';
import { header, title } from '../ui/Header.styles.ts';
import { errorText, logoImage } from '../ui/styles.ts';
import { field, input, labelStyle } from '../ui/TextInput.styles.ts';

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
}

/** What the visitor did before React took over. */
export interface ShellState {
  email: string;
  /** Continue was pressed (or Enter in the field): React submits once it has the address. */
  submitted: boolean;
  /** The email field had the focus. */
  focused: boolean;
}

/** Whether the shell can paint `config`'s first screen: Main with the email form alone, in the shadow root. */
export function shellPaints(config: ResolvedConfig): boolean {
  const tabs = loginTabs(config);
  return config.enableShadowDOM && configErrors(config).length === 0 && tabs.length === 1 && tabs[0] === 'email';
}

/** The class name the `css` prop gives `styles` (it serializes `[cssProp]`), its rules inserted into `cache`. */
function className(cache: EmotionCache, styles: SerializedStyles | SerializedStyles[]): string {
  const serialized = serializeStyles([styles]);
  insertStyles(cache, serialized, false);
  return `${cache.key}-${serialized.name}`;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export class Shell {
  readonly #nodes: HTMLElement[];
  readonly #input: HTMLInputElement;
  readonly #button: HTMLButtonElement;
  #submitted = false;

  constructor(parent: ShadowRoot, { config, theme, t, localeTag, dir, nonce }: ShellInput) {
    const styles = element('div', { [STYLE_HOST_ATTRIBUTE]: '', [SHELL_ATTRIBUTE]: '', hidden: '' });
    parent.append(styles);
    const cache = createStyleCache(styles, nonce);
    cache.insert('', serializeStyles([hostStyles(themeToCssVars(theme))]), cache.sheet, false);
    const cls = (styles: SerializedStyles | SerializedStyles[]) => className(cache, styles);

    const logoUrl = theme.logo.logoImageUrl;
    const head = element(
      'div',
      { part: PARTS.header, class: cls(header) },
      ...(logoUrl ? [element('img', { part: PARTS.logo, class: cls(logoImage), src: logoUrl, alt: t('main.logoAlt') })] : []),
      ...(theme.hideHeaderText ? [] : [element('h2', { part: PARTS.title, class: cls(title), tabindex: '-1' }, t('main.title'))]),
    );
    const blocks = mainBlockHeights(config).map((height) => {
      const block = element('div', { 'aria-hidden': 'true' });
      block.style.height = height;
      return block;
    });
    const divider = blocks.length
      ? [element('div', { part: PARTS.divider, class: cls(dividerStyle), role: 'separator', 'aria-label': t('main.divider') }, element('span', { 'aria-hidden': 'true' }, t('main.divider')))]
      : [];

    const id = `${SHELL_ATTRIBUTE}-email`;
    this.#input = element('input', {
      id,
      part: PARTS.input,
      class: cls(input),
      type: 'email',
      name: 'email',
      autocomplete: emailAutocomplete(config),
      inputmode: 'email',
      placeholder: t('main.emailPlaceholder'),
      required: '',
      'aria-describedby': `${id}-error`,
    });
    this.#button = element(
      'button',
      { type: 'submit', part: `${PARTS.button} ${PARTS.buttonPrimary}`, class: cls(buttonStyles('primary')), 'aria-busy': 'false' },
      t('main.continue'),
    );
    const form = element(
      'form',
      { part: PARTS.form, class: cls(formStyle), novalidate: '' },
      element(
        'div',
        { class: cls(field) },
        element('label', { part: PARTS.label, class: cls(labelStyle), for: id }, t('main.emailLabel')),
        this.#input,
        element('p', { id: `${id}-error`, part: PARTS.error, class: cls(errorText), 'aria-live': 'polite' }),
      ),
      this.#button,
    );
    // Continue before React is there: held, shown busy (the field read-only, as React shows a request running).
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#submitted = true;
      this.#input.readOnly = true;
      this.#button.disabled = true;
      this.#button.setAttribute('aria-busy', 'true');
    });

    const box = element('div', { part: PARTS.container, class: cls(containerStyle), lang: localeTag, dir, [SHELL_ATTRIBUTE]: '' }, head, ...blocks, ...divider, form);
    parent.append(box);
    this.#nodes = [styles, box];
  }

  /** What the visitor has done so far. */
  state(): ShellState {
    const root = this.#input.getRootNode() as ShadowRoot | Document;
    return { email: this.#input.value, submitted: this.#submitted, focused: root.activeElement === this.#input };
  }

  remove(): void {
    for (const node of this.#nodes) node.remove();
  }
}
