/** A `::part()` name as custom-elements.json lists it. */
export interface CssPartDoc {
  description: string;
  name: string;
}

/** One entry of `auth-login-event`'s description: event types next to each other that share a text, and the text. */
export interface EventEntry {
  description: string;
  types: string[];
}

/** What the registered products document (products/<folder>/docs.ts), in registry order. */
export interface ProductDocs {
  /** Each product's ERROR_DOCS, the sentence it adds to `auth-login-error`. */
  errors: string[];
  events: EventEntry[];
  parts: CssPartDoc[];
}

/** An event as custom-elements.json lists it. */
export interface EventDoc {
  description?: string;
  name: string;
}

/** The part of a manifest the plugin reads and writes: the declarations of each module. */
export interface ElementManifest {
  modules: { declarations?: { tagName?: string; cssParts?: CssPartDoc[]; events?: EventDoc[] }[] }[];
}

/** Where the JSDoc of each event leaves room for the products' texts, and what separates them there. */
export const PRODUCT_SLOTS: Record<'auth-login-event' | 'auth-login-error', { placeholder: string; separator: string }>;

/** "`TYPE` (text)", or "`A` / `B` (text)" for types that share a text. */
export function eventEntryText(entry: EventEntry): string;

/**
 * Each registered product's parts, event entries and error sentence (products/<folder>/docs.ts), in registry order.
 * Rejects when a part or event type has no description, or one describes a name the record lacks.
 */
export function productDocs(): Promise<ProductDocs>;

/** Appends the products' parts to `<auth-login>`'s `cssParts`; throws when the JSDoc lists one of them already. */
export function appendProductParts(customElementsManifest: ElementManifest, parts: readonly CssPartDoc[]): void;

/**
 * Writes the products' event entries and error sentences at the placeholders of `auth-login-event` and
 * `auth-login-error`; throws when a placeholder is missing or the JSDoc names a product's event type itself.
 */
export function fillProductEvents(customElementsManifest: ElementManifest, docs: ProductDocs): void;

/** The analyzer plugin: `plugins: [await productDocsPlugin()]` in docs/custom-elements-manifest.config.mjs. */
export function productDocsPlugin(): Promise<{
  name: string;
  initialize(): void;
  packageLinkPhase(options: { customElementsManifest: ElementManifest }): void;
}>;
