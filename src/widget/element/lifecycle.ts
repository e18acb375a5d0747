// What <auth-login> does behind its properties (element.ts). As it connects it paints Main itself
// (shell/hand-over.ts) and imports the rendering half (runtime.ts: React, r2wc, XState), which renders into an inner
// element in the same shadow root and takes over from the shell once its first screen is up. A change of a property
// paints the shell again until then, and renders again after. It also reports the widget's events and errors.
import type { WidgetView } from '../AuthLogin.tsx';
import type { AuthClient } from '../../client/types.ts';
import { type ResolvedConfig, resolveConfig } from '../config.ts';
import type { AuthLoginCallbacks, AuthLoginElement } from '../element.ts';
import { WIDGET_ERROR_EVENT, WIDGET_EVENT } from '../events.ts';
import { isRtl } from '../i18n/direction.ts';
import { createTranslator, type MessageKey, type Params } from '../i18n/index.ts';
import type { WidgetErrorDetail } from '../machine/types.ts';
import type { AuthLoginRoot } from '../runtime.ts';
import { ShellHandOver, shellPaintsMain } from '../shell/hand-over.ts';
import { resolveTheme } from '../theme/theme.ts';
import {
  ClientAndActor,
  forOrganizations,
  loadOrganizationClient,
  organizationClientLoaded,
  type Runtime,
} from './client.ts';
import { localeTag, ShownLocale } from './locale.ts';
import { loadRuntime, preloadRuntime } from './runtime-load.ts';

/** Resolves after the current task: starting is split over tasks so that no one task blocks the page for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Dispatches a widget DOM event: bubbling and composed, so it is seen outside the shadow root. */
function dispatch(target: EventTarget, type: string, detail: unknown): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

export class ElementLifecycle {
  readonly #host: AuthLoginElement;
  /** The page's `callbacks`, called alongside the DOM events. */
  callbacks: AuthLoginCallbacks | undefined;
  #connected = false;
  /** Counts connections: a start still running for an earlier one stops. */
  #connection = 0;
  /** The rendering half, once loaded. */
  #runtime: Runtime | undefined;
  /** The inner element React renders into, once the runtime has loaded. */
  #root: AuthLoginRoot | undefined;
  /** Whether the root renders (the start has finished): until then a change repaints the shell. */
  #rendering = false;
  readonly #handOver = new ShellHandOver();
  readonly #clients = new ClientAndActor();
  readonly #locale = new ShownLocale((failed) => {
    if (failed) this.#reportMessage('element.loadFailed');
    this.render();
  });
  /** Where the statechart's events and errors go: the page's callbacks (as set at the time) and the DOM events. */
  readonly #on = {
    event: (detail) => this.#emit(WIDGET_EVENT, detail, this.callbacks?.onEvent),
    error: (detail) => this.#report(detail),
  } satisfies Parameters<Runtime['startRootActor']>[1];

  constructor(host: AuthLoginElement) {
    this.#host = host;
  }

  connect(): void {
    const host = this.#host;
    if (!host.shadowRoot) host.attachShadow({ mode: 'open' });
    this.#connected = true;
    const connection = ++this.#connection;
    const current = () => this.#connected && connection === this.#connection;
    // An organization sign-in paints once its products and client have loaded (a consumer page fetches neither).
    const organization = forOrganizations(host.config) ? loadOrganizationClient() : undefined;
    // Before the paint: its answer is then at hand by the time a quick visitor has typed an address.
    this.#clients.prefetch(host.publicToken, host.baseUrl, localeTag(host));
    if (!this.#rendering) this.#paintShell();
    // This task only records the connection and paints; the next starts fetching the rendering half (the visitor
    // types into the shell meanwhile) and makes the client (storage reads); the rendering half runs once the visitor
    // is not in the middle of typing (quiet(): at once if they are not in the form), the next task creates the
    // statechart, and the last renders.
    void (async () => {
      if (organization) {
        await organization;
        if (current() && !this.#rendering) this.#paintShell();
      }
      await nextTask();
      if (!current()) return;
      // A Main of buttons alone is usable once the shell has painted them: their small modules come first.
      const blocksPainted = this.#handOver.blocksPainted();
      if (blocksPainted) await blocksPainted;
      if (!current()) return;
      const fetched = preloadRuntime(this.#nonce(resolveConfig(this.#host.config)));
      // (A config made an organization one after connecting.)
      if (forOrganizations(this.#host.config)) await loadOrganizationClient();
      if (!current()) return;
      this.client();
      this.#handOver.clientMade();
      // Run between a quick visitor's keys, its evaluation held them up, and the early send waiting on the bootstrap.
      await fetched;
      await this.#handOver.quiet();
      if (!current()) return;
      this.#runtime = await loadRuntime();
      await nextTask();
      // Not while the visitor types in the first paint: the start and React's render would hold up their keys.
      await this.#handOver.quiet();
      if (!current()) return;
      this.#prepare();
      await nextTask();
      if (!current()) return;
      this.#rendering = true;
      this.#showRoot();
    })().catch(() => {
      if (current()) this.#reportMessage('element.loadFailed');
    });
  }

  disconnect(): void {
    this.#connected = false;
    this.#rendering = false;
  }

  /** The headless client for the element's token and service, made on first use; undefined without a token. */
  client(): AuthClient | undefined {
    const locale = localeTag(this.#host);
    const organization = forOrganizations(this.#host.config);
    const { publicToken, baseUrl, config } = this.#host;
    const client = this.#clients.client(publicToken, baseUrl, locale, organization, config?.cookieOptions);
    // The language the service answers in, for every call (the element's language may have changed since).
    if (client) client.locale = locale;
    return client;
  }

  /** Shows the latest values: before React renders, in the shell (the start renders them once it gets there). */
  render(): void {
    if (!this.#connected) return;
    if (!this.#rendering) this.#paintShell();
    else this.#showRoot();
  }

  #report(detail: WidgetErrorDetail): void {
    this.#emit(WIDGET_ERROR_EVENT, detail, this.callbacks?.onError);
  }

  /** Reports a JSON attribute (`config`, `theme`, `strings`) whose text is not JSON. */
  invalidJson(attribute: string): void {
    this.#reportMessage('element.invalidJson', { attribute });
  }

  /** Reports an error whose message is of the catalogue, in the shown language with the page's `strings` overrides. */
  #reportMessage(key: MessageKey, params?: Params): void {
    this.#report({ message: createTranslator(this.#host.strings, this.#locale.shown)(key, params) });
  }

  #emit<T>(type: string, detail: T, callback: ((detail: T) => void) | undefined): void {
    try {
      callback?.(detail);
    } catch (error) {
      console.error('auth-login: a callback threw', error);
    }
    dispatch(this.#host, type, detail);
  }

  /** The CSP nonce for what the element adds to the page: the config's, else the element's `nonce` attribute. */
  #nonce(config: ResolvedConfig): string | undefined {
    return config.nonce ?? (this.#host.nonce || undefined);
  }

  /**
   * Paints (again) Main without React, when React's first screen will be Main's email form and the texts of the
   * language are at hand (else React's spinner shows once it arrives, as before).
   */
  #paintShell(): void {
    const host = this.#host;
    const previous = this.#handOver.remove();
    const shadow = host.shadowRoot;
    if (forOrganizations(host.config) && !organizationClientLoaded()) return;
    const config = resolveConfig(host.config);
    const tag = localeTag(host);
    const locale = this.#locale.toShow(tag);
    if (!shadow || !locale || !host.publicToken || !shellPaintsMain(config, host.mode)) return;
    this.#handOver.paint(
      shadow,
      {
        config,
        theme: resolveTheme(host.theme),
        t: createTranslator(host.strings, locale),
        localeTag: tag,
        dir: isRtl(tag) ? 'rtl' : 'ltr',
        nonce: this.#nonce(config),
        client: () => this.client(),
      },
      previous,
    );
    if (this.#clients.made) this.#handOver.clientMade();
  }

  /**
   * React shows a screen (View.tsx calls this on each until it returns true): the shell goes and React's root shows,
   * in the same frame; a shell showing a screen React has not reached yet stays.
   */
  #takeOverShell = (screen: string, waiting: boolean): boolean => {
    if (!this.#runtime) return false;
    // Shown before the hand-over moves the focus into it; hidden again (in the same commit) if the shell stays.
    if (this.#root) this.#root.style.display = 'contents';
    const gone = this.#handOver.takeOver(screen, waiting, this.#clients.actor, this.#root, this.#runtime);
    if (!gone && this.#root) this.#root.style.display = 'none';
    return gone;
  };

  /** Creates the inner root (hidden while the shell shows) and renders the current view into it. */
  #showRoot(): void {
    const shadow = this.#host.shadowRoot;
    if (!this.#runtime || !shadow) return;
    const view = this.#prepare();
    if (!view && !this.#root) return; // nothing to render until there is a public token
    this.#root ??= this.#runtime.createRoot();
    // What the visitor has typed into the shell so far goes to the statechart before React renders: the hand-over
    // sends it again in React's first commit, when useSelector has not subscribed yet (it does after paint), so a
    // field filled only then showed empty for a frame (a test caught React's input empty right after the hand-over).
    const actor = this.#clients.actor;
    if (actor) this.#handOver.sendFields(actor, this.#runtime.sendShellFields);
    this.#root.show(view);
    this.#root.style.display = this.#handOver.showing ? 'none' : 'contents';
    if (this.#root.parentNode !== shadow) shadow.append(this.#root);
  }

  /** Works out the view (resolved config and theme, client, statechart) that the React root renders. */
  #prepare(): WidgetView | undefined {
    const host = this.#host;
    const client = this.client();
    if (!client || !this.#runtime) return undefined;
    const config = resolveConfig(host.config);
    const tag = localeTag(host);
    client.locale = tag;
    return {
      host,
      localeTag: tag,
      locale: this.#locale.toShow(tag),
      actor: this.#clients.actorFor(this.#runtime, client, config, host.mode, this.#on),
      takeOverShell: this.#takeOverShell,
      config,
      theme: resolveTheme(host.theme),
      strings: host.strings,
      nonce: this.#nonce(config),
    } satisfies WidgetView;
  }
}
