// <auth-login>: the sign-up and log-in widget as a custom element, in the entry file without React. Here is what the
// manifest (custom-elements.json) documents, its properties and attributes; element/ holds what it does behind them:
// the first paint, the rendering half, the headless client and the statechart (they outlive a move), its events.
import type { AuthClient } from '../client/types.ts';
import type { AuthLoginConfig, Mode } from './config.ts';
import { ElementLifecycle } from './element/lifecycle.ts';
import { isJsonAttribute, OBSERVED_ATTRIBUTES, reflect, RichValues, upgradeProperties } from './element/properties.ts';
import type { StringOverrides } from './i18n/en.ts';
import type { WidgetErrorDetail, WidgetEventDetail } from './machine/types.ts';
import type { ThemeInput } from './theme/default-theme.ts';

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

// Under server rendering (Node, no DOM) there is no HTMLElement to extend, and importing the package must not throw:
// the class exists there, for types and `instanceof`, on an empty base (nothing defines it without customElements).
const ElementBase = typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

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
 * {productEvents}, `AUTHENTICATE_FLOW_COMPLETE` (the flow finished and a session exists; fired once). Bubbles and is
 * composed.
 * @event {CustomEvent<{ message: string, error_type?: string }>} auth-login-error - Every error from the identity
 * service or the network: the service's `error_message` (or the client's message) and its `error_type`; also
 * {productErrors}. Bubbles and is composed.
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
 * @csspart button - Every button.
 * @csspart button-primary - The primary buttons (also `button`).
 * @csspart button-secondary - The secondary buttons (also `button`).
 * @csspart error - An inline error message (field or configuration error).
 * @csspart link - A link (the web-mail shortcuts of Email Confirmation).
 * @csspart text - Body text of a screen.
 * @csspart divider - The divider between sign-in methods.
 * @csspart spinner - The loading spinner.
 * @csspart success-icon - The check-mark graphic of the success screen.
 * @csspart toast - A short message that appears and goes ('Email resent'; a failed passkey rename or delete).
 * @csspart watermark - The product's mark under Main ('Powered by auth-login'), shown when the project's bootstrap asks
 * for it.
 * @remarks Each product's own parts, event types and errors are described in its folder (docs.ts) and added by
 * scripts/cem-product-docs.mjs: {productEvents} and {productErrors} above are where its events and errors go.
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
  /** What the element does behind its properties, once connected. @internal */
  readonly #lifecycle = new ElementLifecycle(this);
  /** The rich values (`config`, `theme`, `strings`) as set: a change renders again. @internal */
  readonly #rich = new RichValues(this.#lifecycle);

  /** @internal */
  static get observedAttributes(): string[] {
    return OBSERVED_ATTRIBUTES;
  }

  /** The project's public token (attribute `public-token`). */
  get publicToken(): string | undefined {
    return this.getAttribute('public-token') ?? undefined;
  }
  set publicToken(value: string | undefined) {
    reflect(this, 'public-token', value);
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
    reflect(this, 'mode', value);
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
    reflect(this, 'locale', value);
  }

  /** Where the identity service lives (attribute `base-url`); relative values resolve against the page. */
  get baseUrl(): string | undefined {
    return this.getAttribute('base-url') ?? undefined;
  }
  set baseUrl(value: string | undefined) {
    reflect(this, 'base-url', value);
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
    return this.#rich.get('config') as AuthLoginConfig | undefined;
  }
  set config(value: AuthLoginConfig | undefined) {
    this.#rich.set('config', value);
  }

  /**
   * The theme: `container` (`backgroundColor`, `borderColor`, `borderRadius`, `width`), `colors` (`primary`,
   * `secondary`, `success`, `warning`, `error`, `accent`), `buttons` (`primary`, `secondary`, `disabled`, each with
   * `backgroundColor`, `textColor`, `borderColor`, `borderRadius`), `fontFamily`, `hideHeaderText`,
   * `logo.logoImageUrl`. Not reflected to the `theme` attribute.
   */
  get theme(): ThemeInput | undefined {
    return this.#rich.get('theme') as ThemeInput | undefined;
  }
  set theme(value: ThemeInput | undefined) {
    this.#rich.set('theme', value);
  }

  /** Message overrides by key, e.g. `{ 'main.title': 'Welcome back' }`. Not reflected to the `strings` attribute. */
  get strings(): StringOverrides | undefined {
    return this.#rich.get('strings') as StringOverrides | undefined;
  }
  set strings(value: StringOverrides | undefined) {
    this.#rich.set('strings', value);
  }

  /** `{ onEvent(event), onError(error) }`, called alongside the `auth-login-event` and `auth-login-error` events. */
  get callbacks(): AuthLoginCallbacks | undefined {
    return this.#lifecycle.callbacks;
  }
  set callbacks(value: AuthLoginCallbacks | undefined) {
    this.#lifecycle.callbacks = value ?? undefined;
  }

  /** The headless client this element uses (read-only); undefined until `publicToken` is set. */
  get client(): AuthClient | undefined {
    return this.#lifecycle.client();
  }

  /** @internal */
  connectedCallback(): void {
    upgradeProperties(this);
    this.#lifecycle.connect();
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#lifecycle.disconnect();
  }

  /** @internal */
  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    // An attribute's JSON text replaces the rich value (and a property set later replaces the text): the last wins.
    if (isJsonAttribute(name)) this.#rich.set(name, value);
    else this.#lifecycle.render();
  }
}
