// Control characters in the protocol endpoints' parameters. No OAuth or OpenID parameter's syntax allows one (RFC 6749
// appendix A: every parameter is printable characters, URIs or JWTs), and PostgreSQL cannot store a NUL at all: one
// in a state or a code that reached the database would fail the statement, a 500 instead of the client's error.
import { message, renderMessage } from '../i18n/message.ts';

/** C0 controls (NUL to US, tab and line breaks included), DEL and the C1 controls: Unicode's category Cc. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The parsed query string or form body: querystring gives a string, or an array when a name repeats. */
type ParameterSource = Record<string, unknown> | undefined;

function hasControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (Array.isArray(value)) return value.some(hasControlCharacter);
  return false;
}

/** The name of the first parameter whose name or value holds a control character, or null when none does. */
export function parameterWithControlCharacter(...sources: ParameterSource[]): string | null {
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) {
      if (hasControlCharacter(name) || hasControlCharacter(value)) return name;
    }
  }
  return null;
}

/** The part of oidc-provider's per-request context (`ctx.oidc`) the check reads. */
interface OidcRequestContext {
  ctx: { query: Record<string, unknown> };
  body?: Record<string, unknown>;
  params?: unknown;
}
export type OidcContextClass = new (ctx: unknown) => OidcRequestContext;

/**
 * oidc-provider's per-request context, with every query and body parameter checked at the moment a route assembles
 * its parameters: after oidc-provider has parsed the body and before it looks anything up. Thrown there, the
 * invalid_request is answered by the route's own error handler, in the route's own way: a JSON body from the token,
 * revocation and userinfo endpoints, the error page, or the redirect back to the app once its client and redirect URI
 * are known good. oidc-provider offers no hook at that moment; every route assembles its parameters by assigning
 * `ctx.oidc.params`, which this accessor sees (test/server/idp-protocol.test.ts fails if a later version stops).
 */
export function checkingParameters(
  OIDCContext: OidcContextClass,
  InvalidRequest: new (description: string) => Error,
): OidcContextClass {
  return class ParameterCheckingContext extends OIDCContext {
    #params: unknown;

    override get params(): unknown {
      return this.#params;
    }

    override set params(assembled: unknown) {
      const name = parameterWithControlCharacter(this.ctx.query, this.body);
      if (name !== null) {
        throw new InvalidRequest(renderMessage(message('fieldHasControlCharacters', { field: JSON.stringify(name) })));
      }
      this.#params = assembled;
    }
  };
}
