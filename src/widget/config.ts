// The widget configuration (spec section 3) and its defaults. `resolveConfig` turns what a page gives (property or
// JSON attribute, all optional) into the complete object the machine works with. Each product's part (its options,
// their defaults, what it puts on Main's form) lives in its folder (products/<name>/config.ts and its record) and
// joins the types and functions here through the registry, so this module names no product.
import { DEFAULT_SESSION_DURATION_MINUTES, type OtpMethod } from '../api/index.ts';
import type { CookieOptions } from '../client/types.ts';
import type { MessageKey } from './i18n/en.ts';
import {
  enabledRecords,
  PRODUCT_RECORDS,
  productForTab,
  type EmailTabKind,
  type ListedProduct,
  type ProductConfig,
  type ProductMode,
  type RegisteredProduct,
  type ResolvedProductConfig,
} from './products/registry.ts';
// Kept for the modules that still import the social provider's type from here; the type is the social product's.

/** A sign-in product a page enables in `products`. */
export type ConfigProduct = ListedProduct;
/**
 * What the product registry holds: the sign-in products, and the ones no page lists in `products` (the identity
 * provider's consent and logout screens), which open from the element's `mode` or the page's query string.
 */
export type Product = RegisteredProduct;

/**
 * The element's `mode`: which component it is. `login` (the default) is the sign-up and log-in form; each other mode
 * is a product's own component, which that product's record opens at start (ProductRecord `opens.mode`).
 */
export type Mode = 'login' | ProductMode;

export interface SessionOptions {
  sessionDurationMinutes?: number;
}

/**
 * The organization (B2B) sign-in the element runs instead of the consumer one, named as the hosted provider's
 * organization config names it: `Discovery` proves an address, then lists the organizations it belongs to or may
 * join; `Organization` signs in to the one organization the page names (`organizationSlug`, or the page's URL). The
 * products then read `products` with that provider's organization meanings (`emailMagicLinks` sends a discovery or
 * an organization link, `sso` offers single sign-on).
 */
export type AuthFlowType = 'Discovery' | 'Organization';

/** What a page may set (`config` property or JSON attribute): each product's options come from its folder. */
export interface AuthLoginConfig extends ProductConfig {
  products?: ConfigProduct[];
  sessionOptions?: SessionOptions;
  /** The organization (B2B) sign-in; absent, the consumer one. */
  authFlowType?: AuthFlowType;
  /** `false` renders into the light DOM (default `true`: an open shadow root). */
  enableShadowDOM?: boolean;
  /** CSP nonce for the `<style>` elements the widget inserts. */
  nonce?: string;
  /**
   * The cookies of the element's own client (the headless client's `cookieOptions`: names, path, domain), so that a
   * consumer and an organization sign-in on one origin keep their sessions apart; a page client that shares the
   * element's session must be given the same.
   */
  cookieOptions?: CookieOptions;
}

/** The configuration after defaults: what the machine and the screens read. */
export interface ResolvedConfig extends ResolvedProductConfig {
  products: ConfigProduct[];
  sessionOptions: { sessionDurationMinutes: number };
  authFlowType?: AuthFlowType;
  enableShadowDOM: boolean;
  nonce?: string;
}

/** What a product's `resolveConfig` is given besides the page's config. */
export interface ConfigContext {
  /** The products the page lists, or the default ones. */
  products: readonly ConfigProduct[];
  /** A redirect URL resolved against the page's origin (e.g. '/student-portal'); relative when there is none. */
  absolute(url: string | undefined): string | undefined;
}

function absolute(url: string | undefined, origin: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return origin ? new URL(url, origin).href : url;
  } catch {
    return url;
  }
}

/** Applies the spec's defaults and resolves relative redirect URLs (e.g. '/student-portal') against `origin`. */
export function resolveConfig(
  config: AuthLoginConfig | null | undefined,
  origin: string | undefined = typeof location === 'undefined' ? undefined : location.origin,
): ResolvedConfig {
  const c = config ?? {};
  const products = c.products?.length
    ? [...c.products]
    : PRODUCT_RECORDS.filter((record) => record.byDefault).map((record) => record.name as ConfigProduct);
  const context: ConfigContext = { products, absolute: (url) => absolute(url, origin) };
  const resolved = {
    products,
    sessionOptions: {
      sessionDurationMinutes: c.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    },
    enableShadowDOM: c.enableShadowDOM !== false,
  } as ResolvedConfig;
  if (c.authFlowType) resolved.authFlowType = c.authFlowType;
  for (const record of PRODUCT_RECORDS) Object.assign(resolved, record.resolveConfig?.(c, context));
  if (c.nonce) resolved.nonce = c.nonce;
  return dropUndefined(resolved);
}

function dropUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A tab of the login form: Text, WhatsApp or Email. */
export type LoginTab = OtpMethod;

/**
 * What the Email tab does: what the highest-ranked enabled product that answers it does (a password takes precedence
 * over a passcode, a passcode over a link: spec section 2), or null when none answers it.
 */
export function emailTabKind(config: ResolvedConfig): EmailTabKind | null {
  return productForTab(config, 'email')?.emailTab?.kind ?? null;
}

/** What the Email tab would do without a password: the password screens' 'instead' option and passwordless users. */
export function passwordlessEmailKind(config: ResolvedConfig): EmailTabKind | null {
  const passwordless = emailProducts(config).filter((record) => record.emailTab?.passwordless);
  return passwordless[0]?.emailTab?.kind ?? null;
}

/** The enabled products that answer the Email tab, highest rank first. */
function emailProducts(config: ResolvedConfig) {
  return enabledRecords(config)
    .filter((record) => record.emailTab && record.tabs?.(config).includes('email'))
    .sort((a, b) => b.emailTab!.rank - a.emailTab!.rank);
}

/**
 * The login form's tabs, in the order the page lists its products (and, within one, the order of its own tabs, such
 * as the passcode methods); one Email tab however many products use email. Main shows the tab row only when there is
 * more than one.
 */
export function loginTabs(config: ResolvedConfig): LoginTab[] {
  const tabs = new Set<LoginTab>();
  for (const product of config.products) {
    for (const tab of PRODUCT_RECORDS.find((record) => record.name === product)?.tabs?.(config) ?? []) tabs.add(tab);
  }
  return [...tabs];
}

/** Whether two passwordless products want the Email tab: Main then says so and shows no login form. */
export function emailTabConflict(config: ResolvedConfig): boolean {
  return emailProducts(config).filter((record) => record.emailTab?.passwordless).length > 1;
}

/**
 * The inline configuration errors of Main (spec section 2), as message keys: two passwordless products on the Email
 * tab (said by the one whose record has the message), then each enabled product's own.
 */
export function configErrors(config: ResolvedConfig): MessageKey[] {
  const passwordless = emailProducts(config).filter((record) => record.emailTab?.passwordless);
  const conflicts = emailTabConflict(config) ? passwordless.flatMap((record) => record.emailTab?.conflict ?? []) : [];
  return [...conflicts, ...enabledRecords(config).flatMap((record) => record.configErrors?.(config) ?? [])];
}
