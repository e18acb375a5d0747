// The first paint of Main without React. React, react-dom and XState are about 80 KB gzip: fetched, parsed
// and run before the email field shows, they made a visitor wait for the whole widget to type an address. The entry
// file instead paints Main itself while the rest of the widget loads, from the very view React renders Main with
// (screens/Main.view.ts, through the small DOM painter view/paint.ts) and with React's classes and rules (compiled at
// build time: view/styles.ts). The visitor can type at once; Continue (click or Enter) is held, shown busy as React
// shows it. When React has rendered its first screen, the element hands over (shell/take-over.ts): the typed
// address, the focus and a held Continue go to the statechart, and this DOM goes away in the same frame. See
// docs/decisions.md, "One source for the first paint".
//
// Continue on the Email tab is not only held: where the tab's product names an early send (shell/early-send.ts), its
// call leaves in Continue's own task over the headless client, and the screen that follows is painted from its own
// view (a small lazy module) when the service has answered; React takes over once it shows that same screen.
//
// Painted only where it shows exactly what React's first screen will: Main opening on its login form (the email form,
// the phone form, or both under the sign-in method tabs; no configuration error), in the shadow root. Product blocks
// above the form (social, wallet buttons) keep their height free as React does while their view modules load;
// anything else (a token in the URL, a mode) is left to React. The tabs switch here as they will in React; the
// country list is the selected country alone, as React's phone input shows it until the phone library has loaded.
import { configErrors, loginTabs, type LoginTab, type Product, type ResolvedConfig } from '../config.ts';
import { DEFAULT_CALLING_CODE, DEFAULT_COUNTRY } from '../constants.ts';
import { STYLE_HOST_ATTRIBUTE } from '../dom-names.ts';
import type { Translate } from '../i18n/index.ts';
import { regionName } from '../phone.ts';
import type { AuthClient } from '../../client/types.ts';
import { emailAutocomplete, enabledRecords, productForTab } from '../products/registry.ts';
import { blockPlaceholderView, mainView, TAB_LABELS } from '../screens/Main.view.ts';
import type { Theme } from '../theme/default-theme.ts';
import { PARTS } from '../theme/parts.ts';
import { themeToCssVars } from '../theme/theme.ts';
import { isValidEmail } from '../validation.ts';
import { headerView } from '../ui/Header.view.ts';
import { liveRegionView } from '../ui/LiveRegion.view.ts';
import { phoneInputView } from '../ui/PhoneInput.view.ts';
import { h, isViewNode } from '../view/node.ts';
import { addClasses, paint, render } from '../view/paint.ts';
import type { BlockViewContext, BlockViewModule, HeldStart } from './blocks.ts';
import type { EarlyScreenModule, EarlySend, HeldEvent, PaintedScreen } from './early-send.ts';
import { SHELL_CSS, SHELL_HOST_CSS } from './styles.generated.ts';

/** Marks the shell's nodes in the shadow root (its styles and its box), for the hand-over and for tests. */
export const SHELL_ATTRIBUTE = 'data-auth-login-shell';

/**
 * How long after the visitor's last key (or their click into the form) React's first render still waits. That render
 * and the statechart's start are the longest tasks the widget runs (tens of milliseconds, several times that on a slow
 * phone); run while someone types, they hold up the keys that follow. A second is a pause in typing.
 */
export const TYPING_PAUSE_MS = 1000;

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
  /** The screen painted after an early send (Continue's call answered): React takes over once it shows it. */
  painted: PaintedScreen | null;
  /** A button of that screen pressed: its product's machine gets the event at the hand-over. */
  held: HeldEvent | null;
}

/**
 * Whether the shell can paint `config`'s first screen: Main with a login form or a block it paints, in the shadow root.
 */
export function shellPaints(config: ResolvedConfig): boolean {
  if (!config.enableShadowDOM || configErrors(config).length > 0) return false;
  return (
    loginTabs(config).length > 0 ||
    enabledRecords(config).some((record) => record.blockView && record.mainBlockHeight?.(config))
  );
}

/** The element's box with the theme's custom properties, then every shell style's rules: one stylesheet. */
function shellStylesheet(vars: Record<string, string>): string {
  let properties = '';
  for (const [name, value] of Object.entries(vars)) properties += `${name}:${value};`;
  return SHELL_HOST_CSS[0] + properties + SHELL_HOST_CSS[1] + SHELL_CSS;
}

/**
 * The selector of `control`'s counterpart in React's screen: the same field, the selected tab, the login form's
 * Continue, the same provider's or wallet's button (React's, or the painted one moved into React's Main); on a screen
 * painted after an early send, its title or its button of the same parts.
 */
export function counterpart(control: HTMLElement): string | null {
  if (control instanceof HTMLInputElement) return `input[name="${control.name}"]`;
  if (control instanceof HTMLSelectElement) return `select[part~="${PARTS.select}"]`;
  if (control.getAttribute('role') === 'tab') return '[role="tab"][aria-selected="true"]';
  if (control.getAttribute('part') === PARTS.title) return `[part="${PARTS.title}"]`;
  if (!(control instanceof HTMLButtonElement)) return null;
  if (control.type === 'submit') return 'form button[type="submit"]';
  // A button of the same part names and the same data attributes: a block's (its provider, its wallet, …), which
  // each block view gives every button it has so that one is told from another; a painted screen's has none.
  const data = control.getAttributeNames().filter((name) => name.startsWith('data-'));
  const attributes = data.map((name) => `[${name}="${control.getAttribute(name)}"]`).join('');
  return `button[part="${control.getAttribute('part')}"]${attributes}`;
}

/** No error under a field: the first paint has made no call. */
const NO_ERROR = { shown: false, content: null };

export class Shell {
  readonly #input: ShellInput;
  readonly #styles: HTMLElement;
  readonly #box: HTMLElement;
  readonly #tabs: LoginTab[];
  #tab: LoginTab | null;
  #email = '';
  #phone = '';
  #submitted = false;
  #start: HeldStart | null = null;
  #painted: PaintedScreen | null = null;
  #heldEvent: HeldEvent | null = null;
  /** The Email tab's early send (its product's), if it has one. */
  #emailSend: EarlySend | undefined;
  /** Its screen's lazy module: asked for once the form is painted. */
  #emailScreen: Promise<EarlyScreenModule> | undefined;
  /** An early send on its way, until its screen is painted (or it came to nothing). */
  #sending: Promise<void> | undefined;
  /** Settles once Continue, pressed, has been rendered busy (in the frame after the press). */
  #busyShown: Promise<void> | undefined;
  /** The blocks' view modules loaded so far, by product. */
  readonly #modules = new Map<Product, BlockViewModule>();
  /** The nodes of each block painted last, by product, and whether one has moved into React's Main. */
  readonly #blocks = new Map<Product, Element[]>();
  #adopted = false;
  #clientMade = false;
  /** When the visitor last typed in the form or moved into it (performance.now()). */
  #lastInput = -Infinity;
  /** Checks `quiet()` callers wait on, run again at once when Continue is pressed or the focus leaves. */
  readonly #quietChecks = new Set<() => void>();
  /** After the hand-over, where a moved block's button sends its START (React's statechart). */
  #forward: ((start: HeldStart) => void) | undefined;
  /** Settles when every block the shell paints is painted (or has failed to load). */
  readonly blocksPainted: Promise<void>;

  constructor(parent: ShadowRoot, input: ShellInput) {
    this.#input = input;
    const { config, theme, nonce, localeTag, dir } = input;
    // React's classes and rules, compiled at build time (view/styles.ts): no CSS compiler runs before the first paint.
    const [styles] = paint(
      h(
        'div',
        { [STYLE_HOST_ATTRIBUTE]: '', [SHELL_ATTRIBUTE]: '', hidden: true },
        {},
        h('style', { nonce: nonce || undefined }, {}, shellStylesheet(themeToCssVars(theme))),
      ),
    );
    const [box] = paint(
      h('div', { part: PARTS.container, lang: localeTag, dir, [SHELL_ATTRIBUTE]: '' }, { style: 'container' }),
    );
    this.#styles = styles as HTMLElement;
    this.#box = box as HTMLElement;
    this.#tabs = loginTabs(config);
    this.#tab = this.#tabs[0] ?? null;
    parent.append(this.#styles, this.#box);
    const typed = () => {
      this.#lastInput = performance.now();
    };
    this.#box.addEventListener('focusin', () => this.#prepareSend());
    this.#box.addEventListener('focusin', typed);
    this.#box.addEventListener('input', typed);
    this.#box.addEventListener('focusout', () => setTimeout(() => this.#checkQuiet()));
    this.#render();
    // A block's view module is small and lazy: until it is there, the block's height is kept free, as React keeps it.
    // Asked for once the form is painted (the next task): the form is usable without it.
    const painting = enabledRecords(config).flatMap((record) =>
      record.blockView && record.mainBlockHeight?.(config)
        ? [
            new Promise((resolve) => setTimeout(resolve))
              .then(() => record.blockView!())
              .then(
                (module) => {
                  this.#modules.set(record.name, module);
                  if (this.#box.isConnected) this.#render();
                },
                () => undefined, // React paints the block once its chunk has loaded
              ),
          ]
        : [],
    );
    this.blocksPainted = Promise.all(painting).then(() => undefined);
    this.#emailSend = this.#tabs.includes('email') ? productForTab(config, 'email')?.emailSend : undefined;
    setTimeout(() => this.#prepareSend());
  }

  /**
   * What Continue on the Email tab needs, asked for once: the product's early-send module (and the next screen's
   * styles) and the client, whose bootstrap request a send may wait for. In the task after the paint, or as soon as
   * the visitor puts the focus in the form, whichever comes first: a browser runs input events before timers, so a
   * quick visitor's click, keys and Enter would otherwise all be handled before the timer, and only then would the
   * module and the bootstrap be asked for, a round trip after Enter.
   */
  #prepareSend(): void {
    const early = this.#emailSend;
    if (this.#emailScreen || !early || !this.#box.isConnected) return;
    // The next screen's styles too, so that it paints as soon as the service answers.
    import('./later-styles.generated.ts').catch(() => undefined);
    this.#emailScreen = early.screen();
    this.#emailScreen.catch(() => undefined); // React shows the next screen, once it has arrived
    this.#input.client();
  }

  /**
   * Continue on the Email tab: its product's call leaves now over the client, and its next screen is painted once
   * answered. Only while the shell shows: after the hand-over, React's statechart sends.
   */
  #sendEarly(): void {
    // As the root sends only an address of the right form (its module checks again: it is the product's rule).
    if (this.#tab !== 'email' || !isValidEmail(this.#email)) return;
    this.#prepareSend();
    const early = this.#emailSend;
    const screenModule = this.#emailScreen;
    if (!early || !screenModule) return;
    // Made now if the element has not made it yet (a quick visitor): the call, and the bootstrap it waits for, leave.
    const client = this.#input.client();
    if (!client) return;
    const context = { client, config: this.#input.config, email: this.#email };
    // In this task: the request leaves as soon as the bootstrap allows, whenever the screen's module arrives.
    const answer = early.send(context);
    if (!answer) return;
    const sending = Promise.all([screenModule, answer])
      .then(([module]) => (this.#box.isConnected ? module.screen(context) : undefined))
      .then((screen) => {
        if (!screen || !this.#box.isConnected) return;
        const root = this.#box.getRootNode() as ShadowRoot | Document;
        // The visitor pressed Continue (or Enter) in the form: the focus follows to the new screen.
        return this.#paintScreen(screen, this.#box.contains(root.activeElement) || root.activeElement === null);
      })
      .catch(() => undefined); // React shows what follows
    // React's start waits for it (quiet()): the statechart's start and React's render are long tasks, which would run
    // between Continue and the request leaving, and again between the answer and its screen.
    this.#sending = sending;
    void sending.then(() => {
      if (this.#sending === sending) this.#sending = undefined;
      this.#checkQuiet();
    });
  }

  /** Paints `screen` with its styles (a small chunk of their own), focusing its title as React's Header would. */
  async #paintScreen(screen: PaintedScreen, focusTitle: boolean): Promise<void> {
    // After Continue has shown busy, as React shows it: an answer quicker than a frame does not skip that state.
    await this.#busyShown;
    const { LATER_CLASSES, LATER_CSS } = await import('./later-styles.generated.ts');
    if (!this.#box.isConnected) return;
    addClasses(LATER_CLASSES);
    this.#styles.firstElementChild!.append(LATER_CSS);
    this.#painted = screen;
    this.#render();
    if (focusTitle) this.#box.querySelector<HTMLElement>(`[part~="${PARTS.title}"]`)?.focus();
  }

  /** Paints Main's view for what the visitor has done so far, keeping the focus where it was. */
  #render(): void {
    const { config, t, theme, localeTag } = this.#input;
    const id = (name: string) => `${SHELL_ATTRIBUTE}-${name}`;
    const painted = this.#painted;
    if (painted) {
      const hold = (event: HeldEvent) => {
        this.#heldEvent ??= event;
      };
      render(this.#box, [...painted.view({ t, id, hold }), liveRegionView(painted.title(t))]);
      return;
    }
    const root = this.#box.getRootNode() as ShadowRoot | Document;
    const active = root.activeElement;
    const focus = active instanceof HTMLElement && this.#box.contains(active) ? counterpart(active) : null;
    const busy = this.#held();
    const tabs = this.#tabs;
    const hasForm = this.#tab !== null;
    const heights = enabledRecords(config).flatMap((record) => {
      const height = record.mainBlockHeight?.(config);
      return height ? [{ record, height }] : [];
    });
    const blockContext: BlockViewContext = {
      config,
      t,
      busy,
      client: this.#client(),
      divided: heights.length > 0 && hasForm,
      hasForm,
      id,
      start: (start) => {
        if (this.#forward) return this.#forward(start);
        if (this.#held()) return;
        this.#start = start;
        this.#render();
      },
    };
    // Each block's elements, noted as they are rendered: the hand-over moves them into React's Main.
    this.#blocks.clear();
    const blocks = heights.map(({ record, height }) => {
      const module = this.#modules.get(record.name);
      if (!module) return blockPlaceholderView(record.name, height);
      const nodes: Element[] = [];
      this.#blocks.set(record.name, nodes);
      return module
        .blockView(blockContext)
        .map((child) =>
          isViewNode(child) ? { ...child, ref: (node: Element | null) => node && nodes.push(node) } : child,
        );
    });
    const logoUrl = theme.logo.logoImageUrl;
    const children = mainView({
      header: headerView({
        title: t('main.title'),
        logo: logoUrl ? { url: logoUrl, alt: t('main.logoAlt') } : undefined,
        hideTitle: theme.hideHeaderText,
      }),
      configErrors: [],
      error: NO_ERROR,
      blocks,
      hasBlocks: heights.length > 0,
      tabs: tabs.map((tab) => ({ id: tab, label: t(TAB_LABELS[tab]) })),
      tab: this.#tab,
      tabsId: id('tabs'),
      tabsLabel: t('main.tabsLabel'),
      dividerLabel: t('main.divider'),
      hideForm: false,
      // A held Continue keeps its tab: React submits what was on it.
      onTab: (tab) => {
        if (busy) return;
        this.#tab = tab;
        this.#render();
      },
      email: {
        id: id('email'),
        label: t('main.emailLabel'),
        placeholder: t('main.emailPlaceholder'),
        autocomplete: emailAutocomplete(config),
        value: this.#email,
        on: { input: (event) => (this.#email = (event.currentTarget as HTMLInputElement).value) },
      },
      // The phone form only where a tab shows it: its country's name (Intl.DisplayNames) cost 30 ms of the first
      // paint on an email-only page (bench/usable.mjs's profile), the first use of the browser's region names.
      phoneField:
        this.#tab && this.#tab !== 'email'
          ? phoneInputView({
              id: id('phone'),
              label: t('main.phoneLabel'),
              countryLabel: t('main.countryLabel'),
              options: [
                {
                  code: DEFAULT_COUNTRY,
                  text: t('main.countryOption', {
                    name: regionName(DEFAULT_COUNTRY, localeTag),
                    callingCode: DEFAULT_CALLING_CODE,
                  }),
                },
              ],
              country: DEFAULT_COUNTRY,
              phone: this.#phone,
              readOnly: busy,
              error: NO_ERROR,
              onPhone: { input: (event) => (this.#phone = (event.currentTarget as HTMLInputElement).value) },
            })
          : null,
      continueLabel: t('main.continue'),
      busy,
      onSubmit: () => (event) => {
        event.preventDefault();
        if (this.#held()) return;
        this.#submitted = true;
        // The call first, Continue shown busy in the frame after: a render here would run before the request leaves
        // (in this task's microtasks, when the bootstrap has answered), and on a slow phone it is this task's longest
        // part. The frame is where the busy Continue would first show anyway.
        this.#sendEarly();
        this.#busyShown = new Promise((resolve) =>
          requestAnimationFrame(() => {
            if (this.#box.isConnected) this.#render();
            resolve();
          }),
        );
        this.#checkQuiet();
      },
      watermark: this.#client()?.bootstrap.getSync().displayWatermark ? t('main.watermark') : null,
    });
    render(this.#box, [...children, liveRegionView('')]);
    // Where the focused control went with what it was on (another tab's form), its counterpart takes it.
    if (focus && !this.#box.contains(root.activeElement)) this.#box.querySelector<HTMLElement>(focus)?.focus();
  }

  /**
   * The client, once the element has made it: making it (storage reads, the bootstrap request) is the element's next
   * task, not the first paint's. Until then the first paint knows no last-used provider and no watermark.
   */
  #client(): AuthClient | undefined {
    return this.#clientMade ? this.#input.client() : undefined;
  }

  /** The element has made its client: what the first paint shows from it (the watermark, the last-used provider). */
  clientMade(): void {
    this.#clientMade = true;
    // Painted again only where the client changes something: a block painted (its last-used provider), a watermark.
    const shows = this.#modules.size > 0 || this.#input.client()?.bootstrap.getSync().displayWatermark;
    if (this.#box.isConnected && shows) this.#render();
  }

  /** Whether the visitor is typing in the form: the focus is in it, Continue not pressed, a key not long ago. */
  #typing(): boolean {
    const root = this.#box.getRootNode() as ShadowRoot | Document;
    return (
      !this.#held() && this.#box.contains(root.activeElement) && performance.now() - this.#lastInput < TYPING_PAUSE_MS
    );
  }

  #checkQuiet(): void {
    for (const check of this.#quietChecks) check();
  }

  /**
   * Settles when the visitor is not typing in the form (at once, if they are not): on Continue, when the focus
   * leaves it, or after a pause of TYPING_PAUSE_MS; and no early send is on its way (after Continue, once its screen
   * is painted or it came to nothing). React's first render waits for it (element/lifecycle.ts).
   */
  quiet(): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        clearTimeout(timer);
        // An early send on its way checks again when it is done.
        if (this.#sending) return;
        if (this.#typing()) {
          timer = setTimeout(check, TYPING_PAUSE_MS - (performance.now() - this.#lastInput));
          return;
        }
        this.#quietChecks.delete(check);
        resolve();
      };
      this.#quietChecks.add(check);
      check();
    });
  }

  /** Whether Main has no login form here (its blocks are all there is). */
  get formless(): boolean {
    return this.#tab === null;
  }

  /** Whether a Continue or a block's button is held for React. */
  #held(): boolean {
    return this.#submitted || this.#start !== null;
  }

  /** What the visitor has done so far. */
  state(): ShellState {
    const root = this.#box.getRootNode() as ShadowRoot | Document;
    const active = root.activeElement;
    return {
      tab: this.#tab,
      start: this.#start,
      email: this.#email,
      phone: this.#phone,
      submitted: this.#submitted,
      painted: this.#painted,
      held: this.#heldEvent,
      focus: active instanceof HTMLElement && this.#box.contains(active) ? counterpart(active) : null,
    };
  }

  /**
   * The blocks painted, by product, for the hand-over to move into React's Main (adopt-blocks.ts); pressed from then
   * on, their buttons `send` their START to React.
   */
  releaseBlocks(send: (start: HeldStart) => void): ReadonlyMap<Product, readonly Element[]> {
    this.#forward = send;
    return this.#blocks;
  }

  /** A painted block lives on in React's Main: the styles stay when the shell goes. */
  keepStyles(): void {
    this.#adopted = true;
  }

  /**
   * A shell painted again (the page set a property before React arrived) takes over what the visitor did on the one it
   * replaces: the tab, what was typed, the focus, so a keyboard user's place is not dropped to the page's body.
   */
  restore({ tab, email, phone, focus, painted, held }: ShellState): void {
    if (tab && this.#tabs.includes(tab)) this.#tab = tab;
    this.#email = email;
    this.#phone = phone;
    // A call already answered stays answered: its screen is painted again (in the new texts).
    if (painted) {
      this.#submitted = true;
      this.#heldEvent = held;
      this.#render();
      void this.#paintScreen(painted, focus !== null);
      return;
    }
    this.#render();
    if (focus) this.#box.querySelector<HTMLElement>(focus)?.focus();
  }

  /** Removes the shell: its box, and its styles unless a block it painted lives on in React's Main. */
  remove(): void {
    this.#box.remove();
    // Kept for the moved blocks, the styles are no longer the shell's: nothing of the shell is left in the page.
    if (this.#adopted) this.#styles.removeAttribute(SHELL_ATTRIBUTE);
    else this.#styles.remove();
  }
}
