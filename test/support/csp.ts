// The strict Content Security Policy the service sends with the demo's nonce pages (src/server: strict CSP pages).

/**
 * The policy, directive by directive: the page's own, then frame-ancestors. `nonce` is the pattern each of the two
 * nonces must match (a capturing group to read them back, or an exact shape to check them).
 */
export function strictPolicy(nonce: string): RegExp {
  return new RegExp(
    [
      `^script-src 'nonce-${nonce}' 'strict-dynamic'`,
      `style-src 'nonce-${nonce}'`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'$",
    ].join('; '),
  );
}
