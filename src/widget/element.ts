// <auth-login>: the sign-up and log-in widget as a custom element, in the entry file without React. It
// holds what lives as long as the element: its properties and attributes (rich values kept as objects, JSON
// attributes for pasted HTML, callbacks that keep their functions, properties set before the element was defined),
// the headless client, the login statechart (moving the element keeps its state) and the DOM events. As it connects
// it paints Main itself (shell/shell.ts) and imports the rendering half (runtime.ts: React, r2wc, XState), which
// renders into an inner element in the same shadow root and takes over from the shell once its first screen is up.
import { DEFAULT_LOCALE, matchLocale, type Locale } from '../api/locales.ts';
import { createAuthClient } from '../client/index.ts';
import type { AuthClient } from '../client/types.ts';
import type { WidgetView } from './AuthLogin.tsx';
import { resolveConfig, type AuthLoginConfig, type Mode, type ResolvedConfig } from './config.ts';
import { WIDGET_ERROR_EVENT, WIDGET_EVENT } from './events.ts';
import { isRtl } from './i18n/direction.ts';
import type { StringOverrides } from './i18n/en.ts';
import { createTranslator, type MessageKey, type Params } from './i18n/index.ts';
import { showLocale } from './i18n/tables.ts';
import type { RootActor } from './machine/start.ts';
import { opensOnMain, startPoint } from './machine/start-point.ts';
import type { WidgetErrorDetail, WidgetEventDetail } from './machine/types.ts';
import { pageUrl } from './machine/url-token.ts';
import type { AuthLoginRoot } from './runtime.ts';
import { Shell, shellPaints, type ShellState } from './shell/shell.ts';
import type { ThemeInput } from './theme/default-theme.ts';
import { resolveTheme } from './theme/theme.ts';

export type { WidgetErrorDetail, WidgetEventDetail } from './machine/types.ts';
export type { AuthLoginConfig } from './config.ts';
export type { ThemeInput } from './theme/default-theme.ts';
export type { StringOverrides } from './i18n/en.ts';

/** The `callbacks` property. */
export interface AuthLoginCallbacks {
  /** Called for every widget event, with the same `{ type, data }` as `auth-login-event`. */
  onEvent?: (event: WidgetEventDetail) => void;
  /** Called for every error, with the same `{ message, error_type? }` as `auth-login-error`. */
  onError?: (error: WidgetErrorDetail) => void;
}

/** The rich values that pasted HTML gives as JSON attributes (same name as the property); parsed when read. */
const JSON_ATTRIBUTES = ['config', 'theme', 'strings'] as const;
type JsonProp = (typeof JSON_ATTRIBUTES)[number];
const isJsonAttribute = (name: string): name is JsonProp => (JSON_ATTRIBUTES as readonly string[]).includes(name);

/** Every attribute whose change renders again: the two plain ones (read back by their properties) and the JSON ones. */
const OBSERVED_ATTRIBUTES = ['public-token', 'base-url', 'mode', 'locale', ...JSON_ATTRIBUTES];

/** Dispatches a widget DOM event: bubbling and composed, so it is seen outside the shadow root. */
function dispatch(target: EventTarget, type: string, detail: unknown): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** Properties a page may set before the element is defined (the standard upgrade pattern re-applies them). */
const UPGRADABLE = ['publicToken', 'baseUrl', 'mode', 'locale', 'config', 'theme', 'strings', 'callbacks'] as const;

/**
 * Under server rendering (Node, no DOM) there is no HTMLElement to extend, and importing the package must not throw:
 * the class still exists there, for types and `instanceof`, on an empty base (nothing defines it without
 * customElements).
 */
const ElementBase = typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

type Runtime = typeof import('./runtime.ts');
let runtime: Promise<Runtime> | undefined;
/** The rendering half, fetched once for every element on the page. */
const loadRuntime = (): Promise<Runtime> => (runtime ??= import('./runtime.ts'));

/** How many frames the hand-over waits for React to render the field the visitor was in before giving up on it. */
const SHELL_FOCUS_FRAMES = 10;

/** Resolves after the current task: starting is split over tasks so that no one task blocks the page for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * The sign-up and log-in widget: email magic links and one-time passcodes by text message, WhatsApp or email (more
 * products follow), in its own shadow root, themable with the `theme` property, CSS custom properties and `::part()`.
 *
 * @tag auth-login
 * @summary Embeddable sign-up and log-in widget backed by the identity service.
 *
 * @attr {string} public-token - The project's public token. Reflects the `publicToken` property.
 * @attr {string} base-url - Where the identity service lives (e.g. `https://auth.example.com`, or `/` for this page's
 * origin). Reflects the `baseUrl` property.
 * @attr {'login' | 'passkey-registration' | 'identity-provider'} mode - Which component the element is: `login`
 * (default) the sign-up and log-in form; `passkey-registration` the passkey registration component for the signed-in
 * user (Register New Passkey, then the list of their passkeys to rename or delete; without a signed-in user it shows
 * and reports 'Error: Cannot use PasskeyRegistration component without active user authenticated.');
 * `identity-provider` the consent or logout page of a connected app (Sign in with Westlight), which also opens by
 * itself in any mode when the page's query holds `client_id` with `redirect_uri` (authorize) or
 * `post_logout_redirect_uri` (logout); authorize without a signed-in user shows the login form with 'No active session
 * detected. Please log in to continue.' and continues after the sign-in. Reflects the `mode` property.
 * @attr {string} locale - The language as a BCP 47 tag (`es`, `fr-CA`, `ar`). Without it, the nearest ancestor's `lang`
 * (the page's `<html lang>`), else English. Spanish and French are built in; any other language shows English unless
 * the `strings` property gives its texts; a right-to-left language (Arabic, Hebrew, Persian, Urdu) lays the widget out
 * mirrored. The service is asked to answer in it (`Accept-Language`). Reflects the `locale` property.
 * @attr {string} config - The configuration as JSON (see the `config` property), for pasted HTML.
 * @attr {string} theme - The theme as JSON (see the `theme` property), for pasted HTML.
 * @attr {string} strings - Message overrides as JSON (see the `strings` property), for pasted HTML.
 * @attr {string} nonce - CSP nonce for the `<style>` elements the widget inserts (`config.nonce` takes precedence).
 *
 * @event {CustomEvent<AuthLoginEventDetail>} auth-login-event - Every widget event, as `{ type, data }`:
 * `MAGIC_LINK_LOGIN_OR_CREATE` (a link was sent; `data` is the service's response), `MAGIC_LINK_AUTHENTICATE` (the
 * token from the page URL was authenticated; `data` is the response), `OTP_LOGIN_OR_CREATE` (a passcode was sent, also
 * by 'Resend code'; `data` is the response with `method_id`), `OTP_AUTHENTICATE` (a passcode was verified; `data` is
 * the response), `PASSWORD_CREATE` / `PASSWORD_AUTHENTICATE` (an account was created or logged in with a password),
 * `PASSWORD_RESET_BY_EMAIL_START` (a reset email was sent, also by 'Resend email'), `PASSWORD_RESET_BY_EMAIL` (a new
 * password was set from the emailed link), `OAUTH_START` (a social sign-in button started its provider's flow and the
 * page is navigating there; `data` is `{ provider }`; the provider is remembered as last used), `OAUTH_AUTHENTICATE`
 * (the OAuth token from the page URL was authenticated; `data` is the response), `PASSKEY_REGISTER` (a passkey was
 * registered for the signed-in user; `data` is the response), `PASSKEY_AUTHENTICATE` (a visitor signed in with a
 * passkey, by the button or the email field's autofill; `data` is the response), `PASSKEY_SKIP` ('Skip' on Register New
 * Passkey; `data` is `{}`), `PASSKEY_DONE` ('Done' on Passkey Registration Success; `data` is `{}`),
 * `CRYPTO_WALLET_AUTHENTICATE_START` (a crypto wallet's challenge was issued; `data` is the response with `challenge`),
 * `CRYPTO_WALLET_AUTHENTICATE` (a visitor signed in with a crypto wallet's signature; `data` is the response),
 * `OAUTH_AUTHORIZE_FLOW_START` (the consent page's preflight answered; `data` is the response: the app,
 * `consent_required`, `scope_results`), `OAUTH_AUTHORIZE_FLOW_COMPLETE` (the consent was submitted, by Allow or
 * automatically when none is required, and the page is about to navigate to the app; `data` is the response with
 * `redirect_uri`), `OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED` (Deny on the consent screen; `data` is `{}`),
 * `AUTHENTICATE_FLOW_COMPLETE` (the flow finished and a session exists; fired once). Bubbles and is composed.
 * @event {CustomEvent<{ message: string, error_type?: string }>} auth-login-error - Every error from the identity
 * service or the network: the service's `error_message` (or the client's message) and its `error_type`; also every
 * passkey error with the message the widget shows ('Unknown error occurred during passkey authentication. Please try
 * again.', …; `error_type` when the service gave one); also every crypto wallet failure: 'Could not connect to wallet'
 * or 'Could not sign message' when the wallet refused or failed (the service's own error when it refused a step); also
 * Google One Tap's developer-facing messages (`error_type` one of `origin_not_allowed_for_client`, `invalid_client`,
 * `oauth_config_not_found`, `no_login_redirect_urls_set`, `no_signup_redirect_urls_set`,
 * `default_provider_not_allowed`). Bubbles and is composed.
 *
 * @slot - Used only with `config.enableShadowDOM` false: the shadow root then holds just this slot and the widget
 * renders into the element's light DOM.
 * @slot one-tap - Filled by the widget itself: the light-DOM node an embedded Google One Tap prompt renders into.
 *
 * @csspart container - The widget's box.
 * @csspart header - The row above a screen's content: back arrow, logo and title.
 * @csspart title - A screen's title ('Sign up or log in', 'Check your email', 'Success!', …).
 * @csspart logo - The logo image (`theme.logo.logoImageUrl`).
 * @csspart back-button - The back arrow button.
 * @csspart form - A form (the email or phone form of Main).
 * @csspart label - A field's label.
 * @csspart input - A text input (also the phone number and the passcode).
 * @csspart select - The country selector of the phone input.
 * @csspart tab-list - The row of sign-in method tabs (Text, WhatsApp, Email), shown when there is more than one.
 * @csspart tab - One sign-in method tab.
 * @csspart tab-selected - The selected tab (also `tab`).
 * @csspart tab-panel - The content of the selected tab.
 * @csspart passcode-input - The six-digit passcode input of 'Enter passcode' (also `input`).
 * @csspart progress-bar - The bar that fills while a passcode is verified.
 * @csspart button - Every button.
 * @csspart button-primary - The primary buttons (also `button`).
 * @csspart button-secondary - The secondary buttons (also `button`).
 * @csspart error - An inline error message (field or configuration error).
 * @csspart link - A link (the web-mail shortcuts of Email Confirmation).
 * @csspart text - Body text of a screen.
 * @csspart divider - The divider between sign-in methods.
 * @csspart spinner - The loading spinner.
 * @csspart success-icon - The check-mark graphic of the success screen.
 * @csspart password-toggle - The password's show/hide toggle.
 * @csspart strength-meter - The four-bar password strength meter (zxcvbn policy).
 * @csspart strength-bar - One bar of the strength meter; a lit bar has `data-filled="error"` (red) or `"success"`
 * (green).
 * @csspart toast - A short message that appears and goes ('Email resent'; a failed passkey rename or delete).
 * @csspart social-buttons - The column of social sign-in buttons on Main.
 * @csspart oauth-button - A 'Continue with <Provider>' button (also `button` and `button-secondary`); `data-provider`
 * names the provider.
 * @csspart provider-icon - The provider's icon inside a social sign-in button.
 * @csspart last-used - The 'Last used' label above the provider used last on this device.
 * @csspart passkey-button - Main's passkey sign-in button (also `button` and `button-secondary`), shown when passkeys
 * are enabled and the form cannot offer them in the email field's autofill.
 * @csspart passkey-row - One passkey in the list of Passkey Registration Success; `data-state` is `viewing`, `editing`
 * or `deleting`.
 * @csspart crypto-buttons - The column of crypto wallet buttons on Main, and the list of the Crypto Other Screen.
 * @csspart crypto-button - A 'Continue with <Wallet>' button or 'Other wallets' (also `button` and `button-secondary`);
 * `data-wallet` names the wallet.
 * @csspart watermark - The product's mark under Main ('Powered by auth-login'), shown when the project's bootstrap asks
 * for it.
 * @csspart one-tap - The area an embedded Google One Tap prompt renders in (47 px reserved while it loads).
 *
 * @cssproperty [--auth-login-container-width=400px] - Width of the widget (`theme.container.width`).
 * @cssproperty [--auth-login-container-background-color=#FFFFFF] - Background of the widget
 * (`theme.container.backgroundColor`).
 * @cssproperty [--auth-login-container-border-color=#ADBCC5] - Border colour of the widget
 * (`theme.container.borderColor`).
 * @cssproperty [--auth-login-container-border-radius=8px] - Corner radius of the widget
 * (`theme.container.borderRadius`).
 * @cssproperty [--auth-login-color-primary=#19303D] - Text, headings, links, focus ring (`theme.colors.primary`).
 * @cssproperty [--auth-login-color-secondary=#5C727D] - Input borders, placeholders, dividers
 * (`theme.colors.secondary`).
 * @cssproperty [--auth-login-color-success=#0C5A56] - Success graphics (`theme.colors.success`).
 * @cssproperty [--auth-login-color-warning=#FFD94A] - Warnings (`theme.colors.warning`).
 * @cssproperty [--auth-login-color-error=#8B1214] - Error messages and invalid inputs (`theme.colors.error`).
 * @cssproperty [--auth-login-color-accent=#ECFAFF] - Accent backgrounds (`theme.colors.accent`).
 * @cssproperty [--auth-login-button-primary-background-color=#19303D] - Primary button background
 * (`theme.buttons.primary.backgroundColor`, default `colors.primary`).
 * @cssproperty [--auth-login-button-primary-text-color=#FFFFFF] - Primary button text
 * (`theme.buttons.primary.textColor`).
 * @cssproperty [--auth-login-button-primary-border-color=#19303D] - Primary button border
 * (`theme.buttons.primary.borderColor`, default `colors.primary`).
 * @cssproperty [--auth-login-button-primary-border-radius=4px] - Primary button and input corner radius
 * (`theme.buttons.primary.borderRadius`).
 * @cssproperty [--auth-login-button-secondary-background-color=#FFFFFF] - Secondary button background
 * (`theme.buttons.secondary.backgroundColor`).
 * @cssproperty [--auth-login-button-secondary-text-color=#19303D] - Secondary button text
 * (`theme.buttons.secondary.textColor`, default `colors.primary`).
 * @cssproperty [--auth-login-button-secondary-border-color=#19303D] - Secondary button border
 * (`theme.buttons.secondary.borderColor`, default `colors.primary`).
 * @cssproperty [--auth-login-button-secondary-border-radius=4px] - Secondary button corner radius
 * (`theme.buttons.secondary.borderRadius`).
 * @cssproperty [--auth-login-button-disabled-background-color=#F3F5F6] - Disabled button background
 * (`theme.buttons.disabled.backgroundColor`).
 * @cssproperty [--auth-login-button-disabled-text-color=#8296A1] - Disabled button text
 * (`theme.buttons.disabled.textColor`).
 * @cssproperty [--auth-login-button-disabled-border-color=#F3F5F6] - Disabled button border
 * (`theme.buttons.disabled.borderColor`).
 * @cssproperty [--auth-login-button-disabled-border-radius=4px] - Disabled button corner radius
 * (`theme.buttons.disabled.borderRadius`).
 * @cssproperty [--auth-login-button-height=45px] - Height of buttons and inputs.
 * @cssproperty [--auth-login-font-family=Arial, Helvetica, sans-serif] - Font of the widget (`theme.fontFamily`).
 */
export class AuthLoginElement extends ElementBase {
  /** @internal */
  #connected = false;
  /** Counts connections: a start still running for an earlier one stops. @internal */
  #connection = 0;
  /** The rendering half, once loaded. @internal */
  #runtime: Runtime | undefined;
  /** The inner element React renders into, once the runtime has loaded. @internal */
  #root: AuthLoginRoot | undefined;
  /** Whether the root renders (the start has finished): until then a change repaints the shell. @internal */
  #rendering = false;
  /** Main painted without React, until React's first screen takes over. @internal */
  #shell: Shell | undefined;
  /** @internal */
  #callbacks: AuthLoginCallbacks | undefined;
  /** @internal */
  #client: AuthClient | undefined;
  /** @internal */
  #clientKey = '';
  /** @internal */
  #actor: RootActor | undefined;
  /** @internal */
  #actorConfig = '';
  /** The `mode` the statechart was started in. @internal */
  #actorMode: Mode | undefined;
  /** The rich values as set: an object from the property, or the attribute's JSON text (see #json). @internal */
  #rich: Partial<Record<JsonProp, unknown>> = {};
  /** @internal */
  #parsed = new Map<JsonProp, { raw: unknown; value: unknown }>();
  /** The built-in language last asked for, whose tables may still be loading. @internal */
  #wantedLocale: Locale | undefined;
  /**
   * The built-in language whose tables have loaded (English after a failed load); undefined until the first has.
   * @internal
   */
  #shownLocale: Locale | undefined;

  /** @internal */
  static get observedAttributes(): string[] {
    return OBSERVED_ATTRIBUTES;
  }

  /** The project's public token (attribute `public-token`). */
  get publicToken(): string | undefined {
    return this.getAttribute('public-token') ?? undefined;
  }
  set publicToken(value: string | undefined) {
    this.#reflect('public-token', value);
  }

  /**
   * Which component the element is (attribute `mode`): `login` (default), `passkey-registration` (register and
   * manage the signed-in user's passkeys) or `identity-provider` (a connected app's consent or logout page). Changing
   * it starts the widget anew in that mode.
   */
  get mode(): Mode | undefined {
    return (this.getAttribute('mode') as Mode | null) ?? undefined;
  }
  set mode(value: Mode | undefined) {
    this.#reflect('mode', value);
  }

  /**
   * The language as a BCP 47 tag (attribute `locale`), e.g. `es` or `fr-CA`. Without it the nearest ancestor's `lang`
   * (the page's `<html lang>`) counts, else English. Spanish and French are built in (their texts load on demand, only
   * on a page that shows them); another language shows English unless `strings` gives its texts, and a right-to-left
   * one (Arabic, Hebrew, Persian, Urdu) mirrors the layout. The headless client asks the service to answer in it
   * (`Accept-Language`). Changing it renders the widget again in the new language.
   */
  get locale(): string | undefined {
    return this.getAttribute('locale') ?? undefined;
  }
  set locale(value: string | undefined) {
    this.#reflect('locale', value);
  }

  /** Where the identity service lives (attribute `base-url`); relative values resolve against the page. */
  get baseUrl(): string | undefined {
    return this.getAttribute('base-url') ?? undefined;
  }
  set baseUrl(value: string | undefined) {
    this.#reflect('base-url', value);
  }

  /**
   * The configuration: `products` (default `['emailMagicLinks']`; also `'otp'`, `'passwords'`, `'oauth'`, and
   * `'passkeys'` next to another product: the email field offers passkeys in its autofill, or Main shows a passkey
   * button when there is no email field or the browser cannot), `emailMagicLinksOptions` (`loginRedirectURL`,
   * `signupRedirectURL` — relative URLs resolve against the page's origin —, `loginExpirationMinutes` and
   * `signupExpirationMinutes` (default 30), `createUserAsPending`, `domainHint`),
   * `sessionOptions.sessionDurationMinutes` (default 30), `otpOptions` (`methods`: any of `'sms'`, `'whatsapp'`,
   * `'email'`, in tab order, default `['email']`; `expirationMinutes` (default 5), `loginTemplateId`,
   * `signupTemplateId`, `locale`) for the `otp` product, `oauthOptions` (`providers`: `{ type, custom_scopes?,
   * provider_params?, one_tap?, position?, cancel_on_tap_outside? }` in button order, `loginRedirectURL`,
   * `signupRedirectURL`) for the `oauth` product, `enableShadowDOM` (default true), `nonce`, `trustedAuthTokenParams`
   * (`{ trustedAuthToken, tokenProfileID }`: on the consent page, any session is revoked and a 60-minute one attested
   * from this token of a trusted issuer before the authorize flow). Not reflected to the `config` attribute.
   */
  get config(): AuthLoginConfig | undefined {
    return this.#json('config') as AuthLoginConfig | undefined;
  }
  set config(value: AuthLoginConfig | undefined) {
    this.#setRich('config', value);
  }

  /**
   * The theme: `container` (`backgroundColor`, `borderColor`, `borderRadius`, `width`), `colors` (`primary`,
   * `secondary`, `success`, `warning`, `error`, `accent`), `buttons` (`primary`, `secondary`, `disabled`, each with
   * `backgroundColor`, `textColor`, `borderColor`, `borderRadius`), `fontFamily`, `hideHeaderText`,
   * `logo.logoImageUrl`. Not reflected to the `theme` attribute.
   */
  get theme(): ThemeInput | undefined {
    return this.#json('theme') as ThemeInput | undefined;
  }
  set theme(value: ThemeInput | undefined) {
    this.#setRich('theme', value);
  }

  /** Message overrides by key, e.g. `{ 'main.title': 'Welcome back' }`. Not reflected to the `strings` attribute. */
  get strings(): StringOverrides | undefined {
    return this.#json('strings') as StringOverrides | undefined;
  }
  set strings(value: StringOverrides | undefined) {
    this.#setRich('strings', value);
  }

  /** `{ onEvent(event), onError(error) }`, called alongside the `auth-login-event` and `auth-login-error` events. */
  get callbacks(): AuthLoginCallbacks | undefined {
    return this.#callbacks;
  }
  set callbacks(value: AuthLoginCallbacks | undefined) {
    this.#callbacks = value ?? undefined;
  }

  /** The headless client this element uses (read-only); undefined until `publicToken` is set. */
  get client(): AuthClient | undefined {
    return this.#ensureClient();
  }

  /** @internal */
  connectedCallback(): void {
    // Properties set on the element before it was defined are own data properties that shadow the accessors.
    for (const prop of UPGRADABLE) {
      // Not Object.hasOwn: that arrived in Safari 15.4, and the element supports Safari 14.1.
      if (Object.getOwnPropertyDescriptor(this, prop)) {
        const value: unknown = this[prop];
        delete (this as Record<string, unknown>)[prop];
        (this as Record<string, unknown>)[prop] = value;
      }
    }
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    this.#connected = true;
    const connection = ++this.#connection;
    const current = () => this.#connected && connection === this.#connection;
    if (!this.#rendering) this.#paintShell();
    // This task only records the connection and paints; the next starts fetching the rendering half (the visitor
    // types into the shell meanwhile) and makes the client (storage reads, the bootstrap request), the next after the
    // runtime has arrived creates the statechart, and the last renders.
    void (async () => {
      await nextTask();
      if (!current()) return;
      // A Main of buttons alone is usable once the shell has painted them: their small modules come first.
      if (this.#shell?.formless) await this.#shell.blocksPainted;
      if (!current()) return;
      const runtime = loadRuntime();
      this.#ensureClient();
      this.#runtime = await runtime;
      await nextTask();
      if (!current()) return;
      this.#prepare();
      await nextTask();
      if (!current()) return;
      this.#rendering = true;
      this.#showRoot();
    })().catch(() => {
      if (current()) this.#report({ message: this.#message('element.loadFailed') });
    });
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#connected = false;
    this.#rendering = false;
  }

  /** @internal */
  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    // An attribute's JSON text replaces the rich value (and a property set later replaces the text): the last wins.
    if (isJsonAttribute(name)) this.#setRich(name, value);
    else this.#render();
  }

  /** @internal */
  #reflect(attribute: string, value: string | undefined | null): void {
    if (value === undefined || value === null) this.removeAttribute(attribute);
    else this.setAttribute(attribute, String(value));
  }

  /** @internal */
  #setRich(prop: JsonProp, value: unknown): void {
    if (value === undefined || value === null) delete this.#rich[prop];
    else this.#rich[prop] = value;
    this.#render();
  }

  /**
   * A rich value: the object set as a property, or the attribute's JSON parsed (reported once when invalid). @internal
   */
  #json(prop: JsonProp): unknown {
    const raw = this.#rich[prop];
    if (typeof raw !== 'string') return raw;
    const cached = this.#parsed.get(prop);
    if (cached?.raw === raw) return cached.value;
    let value: unknown;
    let valid = true;
    try {
      value = JSON.parse(raw);
    } catch {
      valid = false;
    }
    // Cached before the report: its message is looked up in `strings`, which may be this very attribute.
    this.#parsed.set(prop, { raw, value });
    if (!valid) this.#report({ message: this.#message('element.invalidJson', { attribute: prop }) });
    return value;
  }

  /** A message of the catalogue in the shown language, with the page's `strings` overrides. @internal */
  #message(key: MessageKey, params?: Params): string {
    return createTranslator(this.strings, this.#shownLocale)(key, params);
  }

  /**
   * The built-in language to render `tag` in: its own once its tables have loaded, else the one shown so far (a change
   * at runtime keeps the old texts until the new ones arrive), else undefined (first paint waits, showing the spinner).
   * A failed load shows English and is reported. @internal
   */
  #localeToShow(tag: string): Locale | undefined {
    const wanted = matchLocale(tag) ?? DEFAULT_LOCALE;
    if (wanted !== this.#wantedLocale) {
      this.#wantedLocale = wanted;
      const settle = (shown: Locale) => {
        if (this.#wantedLocale !== wanted) return;
        this.#shownLocale = shown;
        if (shown !== wanted) this.#report({ message: this.#message('element.loadFailed') });
        this.#render();
      };
      if (wanted === DEFAULT_LOCALE) this.#shownLocale = wanted;
      else
        showLocale(wanted).then(
          () => settle(wanted),
          () => settle(DEFAULT_LOCALE),
        );
    }
    return this.#shownLocale;
  }

  /** The language tag in effect: `locale`, else the nearest ancestor's `lang` (the page's), else English. @internal */
  #localeTag(): string {
    return this.locale || this.closest('[lang]')?.getAttribute('lang') || DEFAULT_LOCALE;
  }

  /**
   * Paints (again) Main without React, when React's first screen will be Main's email form and the texts of the
   * language are at hand (else React's spinner shows once it arrives, as before). @internal
   */
  #paintShell(): void {
    const previous = this.#shell?.state();
    this.#shell?.remove();
    this.#shell = undefined;
    const shadow = this.shadowRoot;
    const config = resolveConfig(this.config);
    const localeTag = this.#localeTag();
    const locale = this.#localeToShow(localeTag);
    if (
      !shadow ||
      !locale ||
      !this.publicToken ||
      !shellPaints(config) ||
      !opensOnMain(startPoint(this.mode, pageUrl()))
    ) {
      return;
    }
    this.#shell = new Shell(shadow, {
      config,
      theme: resolveTheme(this.theme),
      t: createTranslator(this.strings, locale),
      localeTag,
      dir: isRtl(localeTag) ? 'rtl' : 'ltr',
      nonce: config.nonce ?? (this.nonce || undefined),
      client: () => this.#ensureClient(),
    });
    if (previous) this.#shell.restore(previous);
  }

  /**
   * React's first screen is up (View.tsx calls this once per screen until it returns): the shell goes and React's
   * root shows, in the same frame. On Main what the visitor did passes over: the address, the focus, a held Continue.
   * @internal
   */
  #takeOverShell = (screen: string): void => {
    const shell = this.#shell;
    if (this.#root) this.#root.style.display = 'contents';
    if (!shell) return;
    this.#shell = undefined;
    const state = shell.state();
    const actor = this.#actor;
    const root = this.#root;
    if (screen === 'Main' && actor && root) shell.adoptBlocks(root, (start) => actor.send({ type: 'START', ...start }));
    shell.remove();
    if (screen !== 'Main' || !actor || !root) return;
    sendShellFields(actor, state);
    if (state.submitted) actor.send({ type: state.tab === 'email' ? 'SUBMIT_EMAIL' : 'SUBMIT_PHONE' });
    if (state.start) actor.send({ type: 'START', ...state.start });
    // The control may be in a form React renders only for these events (another tab's): focused once it is there.
    const selector = state.focus;
    if (!selector) return;
    const focus = (frames: number): void => {
      const control = root.querySelector<HTMLElement>(selector);
      if (!control) {
        if (frames > 0) requestAnimationFrame(() => focus(frames - 1));
        return;
      }
      // On a painted block's button moved into React's Main, the shell moves the focus on when React replaces it.
      control.focus();
    };
    focus(SHELL_FOCUS_FRAMES);
  };

  /** Creates the inner root (hidden while the shell shows) and renders the current view into it. @internal */
  #showRoot(): void {
    const shadow = this.shadowRoot;
    if (!this.#runtime || !shadow) return;
    const view = this.#prepare();
    if (!view && !this.#root) return; // nothing to render until there is a public token
    this.#root ??= this.#runtime.createRoot();
    // What the visitor has typed into the shell so far goes to the statechart before React renders: the hand-over
    // sends it again in React's first commit, when useSelector has not subscribed yet (it does after paint), so a
    // field filled only then showed empty for a frame (a test caught React's input empty right after the hand-over).
    if (this.#shell && this.#actor) sendShellFields(this.#actor, this.#shell.state());
    this.#root.show(view);
    this.#root.style.display = this.#shell ? 'none' : 'contents';
    if (this.#root.parentNode !== shadow) shadow.append(this.#root);
  }

  /** @internal */
  #ensureClient(): AuthClient | undefined {
    const { publicToken, baseUrl } = this;
    const key = publicToken ? `${publicToken}\n${baseUrl ?? ''}` : '';
    if (key !== this.#clientKey) {
      this.#actor?.stop();
      this.#actor = undefined;
      this.#client?.destroy();
      this.#client = publicToken ? createAuthClient({ publicToken, ...(baseUrl ? { baseUrl } : {}) }) : undefined;
      this.#clientKey = key;
    }
    return this.#client;
  }

  /** @internal */
  #ensureActor(runtime: Runtime, client: AuthClient, config: ResolvedConfig): RootActor {
    const configKey = JSON.stringify(config);
    const mode = this.mode;
    // The mode decides where the statechart starts, so a new mode starts it anew (a config change does not).
    if (this.#actor && mode !== this.#actorMode) {
      this.#actor.stop();
      this.#actor = undefined;
    }
    if (!this.#actor) {
      this.#actorConfig = configKey;
      this.#actorMode = mode;
      this.#actor = runtime.startRootActor(
        { client, config, ...(mode ? { mode } : {}) },
        {
          event: (detail) => this.#emit(WIDGET_EVENT, detail, this.#callbacks?.onEvent),
          error: (detail) => this.#report(detail),
        },
      );
    } else if (configKey !== this.#actorConfig) {
      this.#actorConfig = configKey;
      this.#actor.send({ type: 'CONFIG_CHANGED', config });
    }
    return this.#actor;
  }

  /** Works out the view (resolved config and theme, client, statechart) that the React root renders. @internal */
  #prepare(): WidgetView | undefined {
    const client = this.#ensureClient();
    if (!client || !this.#runtime) return undefined;
    const config = resolveConfig(this.config);
    const localeTag = this.#localeTag();
    client.locale = localeTag;
    return {
      host: this,
      localeTag,
      locale: this.#localeToShow(localeTag),
      actor: this.#ensureActor(this.#runtime, client, config),
      takeOverShell: this.#takeOverShell,
      config,
      theme: resolveTheme(this.theme),
      strings: this.strings,
      nonce: config.nonce ?? (this.nonce || undefined),
    } satisfies WidgetView;
  }

  /** @internal */
  #render(): void {
    if (!this.#connected) return;
    // Before React renders, the shell shows the latest values (the start renders them once it gets there).
    if (!this.#rendering) this.#paintShell();
    else this.#showRoot();
  }

  /** @internal */
  #emit<T>(type: string, detail: T, callback: ((detail: T) => void) | undefined): void {
    try {
      callback?.(detail);
    } catch (error) {
      console.error('auth-login: a callback threw', error);
    }
    dispatch(this, type, detail);
  }

  /** @internal */
  #report(detail: WidgetErrorDetail): void {
    this.#emit(WIDGET_ERROR_EVENT, detail, this.#callbacks?.onError);
  }
}

/** The shell's tab and fields as the statechart's form events (the same the React form sends as the visitor types). */
function sendShellFields(actor: RootActor, { tab, email, phone }: ShellState): void {
  if (tab) actor.send({ type: 'TAB_SELECTED', tab });
  if (email) actor.send({ type: 'EMAIL_CHANGED', email });
  if (phone) actor.send({ type: 'PHONE_CHANGED', phone });
}
