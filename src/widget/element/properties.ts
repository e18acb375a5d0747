// The properties of <auth-login> as a page sets them (their accessors and JSDoc stay in element.ts, where the manifest
// analyzer reads them): plain ones reflected to attributes, rich ones kept as objects or, from pasted HTML, as JSON
// attribute text parsed when read, and values a page set before the element was defined.

/** The rich values that pasted HTML gives as JSON attributes (same name as the property); parsed when read. */
const JSON_ATTRIBUTES = ['config', 'theme', 'strings'] as const;
export type JsonProp = (typeof JSON_ATTRIBUTES)[number];
export const isJsonAttribute = (name: string): name is JsonProp =>
  (JSON_ATTRIBUTES as readonly string[]).includes(name);

/** Every attribute whose change renders again: the two plain ones (read back by their properties) and the JSON ones. */
export const OBSERVED_ATTRIBUTES = ['public-token', 'base-url', 'mode', 'locale', ...JSON_ATTRIBUTES];

/** Properties a page may set before the element is defined (the standard upgrade pattern re-applies them). */
const UPGRADABLE = ['publicToken', 'baseUrl', 'mode', 'locale', 'config', 'theme', 'strings', 'callbacks'] as const;

/** Re-applies through the accessors the properties set on the element before it was defined. */
export function upgradeProperties(element: HTMLElement): void {
  // Set before the upgrade, they are own data properties that shadow the accessors.
  const own = element as unknown as Record<string, unknown>;
  for (const prop of UPGRADABLE) {
    // Not Object.hasOwn: that arrived in Safari 15.4, and the element supports Safari 14.1.
    if (Object.getOwnPropertyDescriptor(element, prop)) {
      const value = own[prop];
      delete own[prop];
      own[prop] = value;
    }
  }
}

/** Sets a plain property's attribute (undefined or null removes it). */
export function reflect(element: Element, attribute: string, value: string | undefined | null): void {
  if (value === undefined || value === null) element.removeAttribute(attribute);
  else element.setAttribute(attribute, String(value));
}

/** What the rich values tell the element: a value was set (it renders again), or an attribute's text is not JSON. */
export interface RichValuesOwner {
  render(): void;
  invalidJson(prop: JsonProp): void;
}

/** The rich values as set: an object from the property, or the attribute's JSON text (parsed when read). */
export class RichValues {
  readonly #values: Partial<Record<JsonProp, unknown>> = {};
  readonly #parsed = new Map<JsonProp, { raw: unknown; value: unknown }>();
  readonly #owner: RichValuesOwner;

  constructor(owner: RichValuesOwner) {
    this.#owner = owner;
  }

  set(prop: JsonProp, value: unknown): void {
    if (value === undefined || value === null) delete this.#values[prop];
    else this.#values[prop] = value;
    this.#owner.render();
  }

  /** The object set as a property, or the attribute's JSON parsed (reported once when invalid). */
  get(prop: JsonProp): unknown {
    const raw = this.#values[prop];
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
    if (!valid) this.#owner.invalidJson(prop);
    return value;
  }
}
