// The one list of sign-in products. Adding a product = adding its folder and one line here (docs/architecture.md).
// What the products add to the widget's shared tables (strings, parts, events, config, modes) is united here from
// their records, as types and as values, so no module outside a product's folder names it
// (test/tooling/product-folders.test.ts).
import type { LoginTab, Mode, Product, ResolvedConfig } from '../config.ts';
import type { UrlToken } from '../machine/types.ts';
import { withTables } from '../i18n/tables.ts';
import { crypto } from './crypto/index.ts';
import { identityProvider } from './idp/index.ts';
import { magicLinks } from './magic-links/index.ts';
import { oauth } from './oauth/index.ts';
import { otps } from './otps/index.ts';
import { passkeys } from './passkeys/index.ts';
import { passwords } from './passwords/index.ts';
import type { FactOf, ProductRecord } from './types.ts';

// Main stacks the products' blocks in this order: the passkey button above the social block, the wallet buttons
// right under it (spec section 2: 'the social or crypto block', one column of at most 6 buttons).
// The identity provider is never on Main (no block, no tab); only a mode or the query opens it.
const RECORDS = [magicLinks, otps, passwords, passkeys, oauth, crypto, identityProvider] as const;

// The organization (B2B) products are listed in a chunk of their own (organization-records.ts, one line each), which
// only an organization sign-in (`authFlowType`) fetches: a consumer page carries none of their bytes. The element
// registers them (registerOrganizationProducts) before it paints or starts such a sign-in; they join every table
// below then, after the consumer products (their single sign-on button is Main's last block).
const loadOrganizationRecords = () => import('./organization-records.ts');
type OrganizationRecords = Awaited<ReturnType<typeof loadOrganizationRecords>>['ORGANIZATION_RECORDS'];

/** The facts of the registered products (ProductFacts): a union, one member per product. */
export type RegisteredFacts = NonNullable<[...typeof RECORDS, ...OrganizationRecords][number]['facts']>;
/** `A | B` as `A & B`: the products' tables, each adding its own keys. */
type Joined<Union> = (Union extends unknown ? (table: Union) => void : never) extends (table: infer All) => void
  ? All
  : never;
/** The registry's names; the listed ones are the values of the config's `products`. */
export type RegisteredProduct = RegisteredFacts['name'];
export type ListedProduct = Exclude<RegisteredFacts, { unlisted: true }>['name'];
/** The element modes that open a product at start (ProductRecord `opens.mode`). */
export type ProductMode = FactOf<RegisteredFacts, 'mode'>;
/** Every product's English strings, `::part()` names, widget event types and telemetry names, joined. */
export type ProductStrings = Joined<RegisteredFacts['strings']>;
export type ProductParts = Joined<FactOf<RegisteredFacts, 'parts'>>;
export type ProductEvents = Joined<FactOf<RegisteredFacts, 'events'>>;
export type ProductTelemetry = Joined<FactOf<RegisteredFacts, 'telemetry'>>;
/** Every product's part of the element's config, as a page writes it and after defaults. */
export type ProductConfig = Joined<FactOf<RegisteredFacts, 'config'>>;
export type ResolvedProductConfig = Joined<FactOf<RegisteredFacts, 'resolved'>>;
/** What the Email tab can do: the `emailTab.kind` of the products that answer it. */
export type EmailTabKind = FactOf<RegisteredFacts, 'emailKind'>;

// Each chunk loads with the product's translation table in the language shown (no-op on an English page).
function withTranslations(record: ProductRecord): ProductRecord {
  return {
    ...record,
    load: () => withTables(record.load(), record.translations),
    ...(record.blockView ? { blockView: () => withTables(record.blockView!(), record.translations) } : {}),
    ...(record.emailSend
      ? {
          emailSend: { ...record.emailSend, screen: () => withTables(record.emailSend!.screen(), record.translations) },
        }
      : {}),
  };
}

/** The registered products: the consumer ones, and the organization ones once registered (in place, so never stale). */
export const PRODUCT_RECORDS: readonly ProductRecord[] = RECORDS.map(withTranslations);

/**
 * Every product's `::part()` names, widget event types and telemetry names (theme/parts.ts and events.ts extend
 * these same objects, so what the organization products add when registered reaches them too).
 */
export const PRODUCT_PARTS = Object.assign({}, ...PRODUCT_RECORDS.map((record) => record.parts)) as ProductParts;
export const PRODUCT_EVENTS = Object.assign({}, ...PRODUCT_RECORDS.map((record) => record.events)) as ProductEvents;
export const PRODUCT_TELEMETRY = Object.assign(
  {},
  ...PRODUCT_RECORDS.map((record) => record.telemetry),
) as ProductTelemetry;

let organizationProducts: Promise<void> | undefined;

/** Fetches the organization products' records (once per page) and registers them in every table above. */
export function registerOrganizationProducts(): Promise<void> {
  organizationProducts ??= loadOrganizationRecords().then(({ ORGANIZATION_RECORDS }) => {
    const records = ORGANIZATION_RECORDS.map((record) => withTranslations(record as ProductRecord));
    (PRODUCT_RECORDS as ProductRecord[]).push(...records);
    for (const record of records) {
      Object.assign(PRODUCT_PARTS, record.parts);
      Object.assign(PRODUCT_EVENTS, record.events);
      Object.assign(PRODUCT_TELEMETRY, record.telemetry);
    }
  });
  return organizationProducts;
}

export function recordOf(name: Product): ProductRecord {
  const record = PRODUCT_RECORDS.find((r) => r.name === name);
  if (!record) throw new Error(`auth-login: no product named ${name}`);
  return record;
}

/** The products the config enables, in registry order. */
export function enabledRecords(config: ResolvedConfig): ProductRecord[] {
  return PRODUCT_RECORDS.filter((record) => record.enabled(config));
}

/** The product Continue starts on `tab`: for Email, the highest-ranked product that answers it. */
export function productForTab(config: ResolvedConfig, tab: LoginTab | null): ProductRecord | undefined {
  if (!tab) return undefined;
  const candidates = enabledRecords(config).filter((record) => record.tabs?.(config).includes(tab));
  return candidates.sort((a, b) => (b.emailTab?.rank ?? 0) - (a.emailTab?.rank ?? 0))[0];
}

/**
 * The product that opens at start instead of Main, if any: the one the element's `mode` names (passkey registration,
 * the identity provider), else one the page's query string opens (an authorize or logout link), else one the config
 * opens (the organization login).
 */
export function productForMode(mode: Mode | undefined, url?: string, config?: ResolvedConfig): Product | null {
  const byMode = mode && PRODUCT_RECORDS.find((record) => record.opens?.mode === mode);
  if (byMode) return byMode.name;
  const query = url && URL.canParse(url) ? new URL(url).searchParams : null;
  const byQuery = query && PRODUCT_RECORDS.find((record) => record.opens?.fromQuery?.(query));
  if (byQuery) return byQuery.name;
  return (config && PRODUCT_RECORDS.find((record) => record.opens?.fromConfig?.(config))?.name) || null;
}

/** The height each enabled product's block on Main takes (kept free while its chunk loads), in stacking order. */
export function mainBlockHeights(config: ResolvedConfig): string[] {
  return enabledRecords(config).flatMap((record) => record.mainBlockHeight?.(config) || []);
}

/** The `autocomplete` of Main's email input: the first enabled product's that names one, else a plain email field. */
export function emailAutocomplete(config: ResolvedConfig): string {
  return enabledRecords(config).find((record) => record.emailAutocomplete)?.emailAutocomplete ?? 'email';
}

/**
 * The product whose record answers the redirect token in the page URL (`urlToken`), with the token and what the
 * product does with it; whether or not the config enables it, since the link was sent for that product.
 */
export function productForUrlToken(tokenOf: (tokenType: string) => string | null): UrlToken | null {
  for (const record of PRODUCT_RECORDS) {
    const token = record.urlToken ? tokenOf(record.urlToken.type) : null;
    if (token) return { product: record.name, token, use: record.urlToken!.use };
  }
  return null;
}

/** Whether the product opened at start needs a signed-in user, and so opens again once a sign-in succeeds. */
export function resumesAfterSignIn(product: Product | null): boolean {
  return product !== null && recordOf(product).opens?.resumesAfterSignIn === true;
}

/**
 * Whether the machine `product` runs while Main shows keeps running when that product itself starts from Main (the
 * record's `runsOnMain.throughOwnFlow`); the other products' Main machines stop as Main is left.
 */
export function mainMachineOutlivesMain(product: Product): boolean {
  return recordOf(product).runsOnMain?.throughOwnFlow === true;
}
