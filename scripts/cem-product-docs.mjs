// The analyzer plugin that adds what each product documents to custom-elements.json. A product is its folder plus
// one registry line, so the element's JSDoc (src/widget/element.ts) documents only what all products share; each
// product describes its own in products/<folder>/docs.ts, which no bundle imports: its `::part()` names (PART_DOCS, by
// part name), its widget event types (EVENT_DOCS, by type) and the errors it reports (ERROR_DOCS, one sentence). The
// plugin reads the registry for the products, in its order: it appends their parts after the shared ones, and writes
// their events and errors where the JSDoc of `auth-login-event` and `auth-login-error` leaves a placeholder, so the
// shared lead-in and tail stay in the element's JSDoc.
//
// The analyzer's hooks are synchronous and a config that fails to load makes it fall back to its defaults silently,
// so the TypeScript is loaded (through tsx) before the hooks run, and any failure is thrown from the first hook.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const PRODUCTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/widget/products');
const TAG_NAME = 'auth-login';
const DOCS_FILE = 'docs.ts';

/**
 * Where the element's JSDoc of each event leaves room for the products' texts, and what separates them there. The
 * JSDoc writes the separator around the placeholder itself, as it reads: "…: {productEvents}, `AUTHENTICATE_FLOW_…`"
 * and "… its `error_type`; also {productErrors}. Bubbles…".
 */
export const PRODUCT_SLOTS = {
  'auth-login-event': { placeholder: '{productEvents}', separator: ', ' },
  'auth-login-error': { placeholder: '{productErrors}', separator: '; also ' },
};

/** Loads a TypeScript module of the widget. */
const load = (file) => tsImport(pathToFileURL(file).href, import.meta.url);

/**
 * The descriptions `table` (PART_DOCS, EVENT_DOCS) gives `names`, in their order. Throws when one has none or the table
 * describes a name the record lacks.
 */
function described(where, table, docs, names) {
  const given = docs ?? {};
  const unknown = Object.keys(given).filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`${where}: ${table} describes names the record lacks: ${unknown}`);
  return names.map((name) => {
    const description = given[name];
    if (typeof description !== 'string' || description.trim() === '') {
      throw new Error(`${where}: ${table} has no description of ${name}`);
    }
    return [name, description];
  });
}

/**
 * A product's event types with their texts, as `auth-login-event` lists them: in the order of the record's `events`,
 * and types next to each other with the same text as one entry (`PASSWORD_CREATE` / `PASSWORD_AUTHENTICATE` (…)).
 */
function eventEntries(described) {
  const entries = [];
  for (const [type, description] of described) {
    const last = entries.at(-1);
    if (last?.description === description) last.types.push(type);
    else entries.push({ description, types: [type] });
  }
  return entries;
}

/** One entry of `auth-login-event`'s description: "`TYPE` (text)", or "`A` / `B` (text)". */
export function eventEntryText(entry) {
  return `${entry.types.map((type) => `\`${type}\``).join(' / ')} (${entry.description})`;
}

/**
 * What the registered products document, in registry order: their parts (each product's in the order of its record's
 * `parts`), their event entries (in the order of its `events`) and their error sentences. Throws when a part or an
 * event type has no description, when one describes a name the record lacks, or when ERROR_DOCS is not a sentence.
 */
export async function productDocs() {
  const { PRODUCT_RECORDS, registerOrganizationProducts } = await load(path.join(PRODUCTS_DIR, 'registry.ts'));
  // The organization products register on demand (a consumer page never fetches them); the manifest has them all.
  await registerOrganizationProducts();
  const docs = { errors: [], events: [], parts: [] };
  for (const record of PRODUCT_RECORDS) {
    const partNames = Object.values(record.parts ?? {});
    const eventTypes = Object.values(record.events ?? {});
    const file = path.join(PRODUCTS_DIR, record.folder, DOCS_FILE);
    const where = `src/widget/products/${record.folder}/${DOCS_FILE}`;
    if (!fs.existsSync(file)) {
      if (partNames.length === 0 && eventTypes.length === 0) continue;
      throw new Error(`${where}: missing; it describes the product's parts (PART_DOCS) and event types (EVENT_DOCS)`);
    }
    const module = await load(file);
    for (const [name, description] of described(where, 'PART_DOCS', module.PART_DOCS, partNames)) {
      docs.parts.push({ description, name });
    }
    docs.events.push(...eventEntries(described(where, 'EVENT_DOCS', module.EVENT_DOCS, eventTypes)));
    if (module.ERROR_DOCS === undefined) continue;
    if (typeof module.ERROR_DOCS !== 'string' || module.ERROR_DOCS.trim() === '') {
      throw new Error(`${where}: ERROR_DOCS is not a sentence`);
    }
    docs.errors.push(module.ERROR_DOCS);
  }
  return docs;
}

/** The `<auth-login>` declaration of the manifest. */
function elementOf(customElementsManifest) {
  const element = customElementsManifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.tagName === TAG_NAME);
  if (!element) throw new Error(`no <${TAG_NAME}> declaration in the manifest`);
  return element;
}

/**
 * Appends the products' parts to the element's `cssParts` in the manifest. A product part the JSDoc lists too is an
 * error: its description belongs in the product's folder, and the manifest would list it twice.
 */
export function appendProductParts(customElementsManifest, parts) {
  const element = elementOf(customElementsManifest);
  const shared = new Set((element.cssParts ?? []).map((part) => part.name));
  const listed = parts.filter((part) => shared.has(part.name)).map((part) => part.name);
  if (listed.length > 0) {
    throw new Error(
      `src/widget/element.ts documents product parts (${listed}): describe them in the product's ${DOCS_FILE} only`,
    );
  }
  element.cssParts = [...(element.cssParts ?? []), ...parts];
}

/**
 * Writes the products' event entries and error sentences into the element's `auth-login-event` and `auth-login-error`
 * descriptions, at their placeholders. Throws when an event is missing, when its placeholder is not there exactly once
 * (or is there with nothing to put in it), or when the JSDoc names a product's event type itself: its text belongs in
 * the product's folder, and the manifest would list it twice.
 */
export function fillProductEvents(customElementsManifest, docs) {
  const element = elementOf(customElementsManifest);
  const texts = { 'auth-login-event': docs.events.map(eventEntryText), 'auth-login-error': docs.errors };
  const productTypes = docs.events.flatMap((entry) => entry.types);
  for (const [name, { placeholder, separator }] of Object.entries(PRODUCT_SLOTS)) {
    const event = (element.events ?? []).find((candidate) => candidate.name === name);
    if (!event) throw new Error(`src/widget/element.ts documents no ${name} event (@event)`);
    const description = event.description ?? '';
    const count = description.split(placeholder).length - 1;
    if (texts[name].length === 0) {
      if (count === 0) continue;
      throw new Error(`src/widget/element.ts: no product's ${DOCS_FILE} gives a text for ${placeholder} (${name})`);
    }
    if (count !== 1) {
      throw new Error(`src/widget/element.ts: the JSDoc of ${name} needs ${placeholder} once, for the products' texts`);
    }
    const named = productTypes.filter((type) => description.includes(`\`${type}\``));
    if (named.length > 0) {
      throw new Error(
        `src/widget/element.ts documents product event types (${named}) in ${name}: describe them in the product's ` +
          `${DOCS_FILE} only`,
      );
    }
    event.description = description.replace(placeholder, () => texts[name].join(separator));
  }
}

/** The plugin for the analyzer's config: `plugins: [await productDocsPlugin()]`. */
export async function productDocsPlugin() {
  let docs = { errors: [], events: [], parts: [] };
  let failure;
  try {
    docs = await productDocs();
  } catch (error) {
    failure = error;
  }
  return {
    name: 'auth-login-product-docs',
    initialize() {
      if (failure) throw failure;
    },
    packageLinkPhase({ customElementsManifest }) {
      appendProductParts(customElementsManifest, docs.parts);
      fillProductEvents(customElementsManifest, docs);
    },
  };
}
