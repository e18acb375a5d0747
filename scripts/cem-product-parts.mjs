// The analyzer plugin that adds each product's `::part()` names to custom-elements.json. A product is its folder plus
// one registry line, so the element's JSDoc (src/widget/element.ts) documents only the shared parts; each product
// describes its own in products/<folder>/parts.docs.ts (PART_DOCS, by part name), which no bundle imports. The plugin
// reads the registry for the products and their parts, in its order, and appends them after the shared ones.
//
// The analyzer's hooks are synchronous and a config that fails to load makes it fall back to its defaults silently,
// so the TypeScript is loaded (through tsx) before the hooks run, and any failure is thrown from the first hook.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const PRODUCTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/widget/products');
const TAG_NAME = 'auth-login';

/** Loads a TypeScript module of the widget. */
const load = (file) => tsImport(pathToFileURL(file).href, import.meta.url);

/**
 * Each registered product's parts with their descriptions, as the manifest lists parts: in registry order, each
 * product's in the order of its record's `parts`. Throws when a part has no description or one describes no part.
 */
export async function productPartDocs() {
  const { PRODUCT_RECORDS } = await load(path.join(PRODUCTS_DIR, 'registry.ts'));
  const parts = [];
  for (const record of PRODUCT_RECORDS) {
    const names = Object.values(record.parts ?? {});
    if (names.length === 0) continue;
    const file = path.join(PRODUCTS_DIR, record.folder, 'parts.docs.ts');
    const where = `src/widget/products/${record.folder}/parts.docs.ts`;
    if (!fs.existsSync(file)) throw new Error(`${where}: missing; it describes the product's parts (PART_DOCS)`);
    const docs = (await load(file)).PART_DOCS ?? {};
    for (const name of names) {
      const description = docs[name];
      if (typeof description !== 'string' || description.trim() === '') {
        throw new Error(`${where}: PART_DOCS has no description of the part ${name}`);
      }
      parts.push({ description, name });
    }
    const unknown = Object.keys(docs).filter((name) => !names.includes(name));
    if (unknown.length > 0) throw new Error(`${where}: PART_DOCS describes parts the record lacks: ${unknown}`);
  }
  return parts;
}

/**
 * Appends the products' parts to the element's `cssParts` in the manifest. A product part the JSDoc lists too is an
 * error: its description belongs in the product's folder, and the manifest would list it twice.
 */
export function appendProductParts(customElementsManifest, parts) {
  const element = customElementsManifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.tagName === TAG_NAME);
  if (!element) throw new Error(`no <${TAG_NAME}> declaration in the manifest`);
  const shared = new Set((element.cssParts ?? []).map((part) => part.name));
  const listed = parts.filter((part) => shared.has(part.name)).map((part) => part.name);
  if (listed.length > 0) {
    throw new Error(
      `src/widget/element.ts documents product parts (${listed}): describe them in the product's parts.docs.ts only`,
    );
  }
  element.cssParts = [...(element.cssParts ?? []), ...parts];
}

/** The plugin for the analyzer's config: `plugins: [await productPartsPlugin()]`. */
export async function productPartsPlugin() {
  let parts = [];
  let failure;
  try {
    parts = await productPartDocs();
  } catch (error) {
    failure = error;
  }
  return {
    name: 'auth-login-product-parts',
    initialize() {
      if (failure) throw failure;
    },
    packageLinkPhase({ customElementsManifest }) {
      appendProductParts(customElementsManifest, parts);
    },
  };
}
