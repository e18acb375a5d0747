// Names split into words, for the tooling tests that look for a product's name in code (root-machine,
// product-folders): `emailMagicLinks`, `MAGIC_LINK_AUTHENTICATE`, `magic-links` and `magic_links` alike.

/** The words of a name, lower case, a plural's `s` dropped. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase().replace(/s$/, ''));
}
