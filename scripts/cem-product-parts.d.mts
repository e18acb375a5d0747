/** A `::part()` name as custom-elements.json lists it. */
export interface CssPartDoc {
  description: string;
  name: string;
}

/** The part of a manifest the plugin reads and writes: the declarations of each module. */
export interface ManifestWithParts {
  modules: { declarations?: { tagName?: string; cssParts?: CssPartDoc[] }[] }[];
}

/**
 * Each registered product's parts with their descriptions (products/<folder>/parts.docs.ts), in registry order.
 * Rejects when a part has no description or one describes no part.
 */
export function productPartDocs(): Promise<CssPartDoc[]>;

/** Appends the products' parts to `<auth-login>`'s `cssParts`; throws when the JSDoc lists one of them already. */
export function appendProductParts(customElementsManifest: ManifestWithParts, parts: readonly CssPartDoc[]): void;

/** The analyzer plugin: `plugins: [await productPartsPlugin()]` in docs/custom-elements-manifest.config.mjs. */
export function productPartsPlugin(): Promise<{
  name: string;
  initialize(): void;
  packageLinkPhase(options: { customElementsManifest: ManifestWithParts }): void;
}>;
