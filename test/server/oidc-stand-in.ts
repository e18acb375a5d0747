// A local OpenID Connect provider (oidc-provider, with its built-in dev login and consent forms) standing in for a
// real social provider, and just enough of a browser to go through it. Shared by the Google and Apple tests.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface OidcProvider {
  callback(): Handler;
}

export interface OidcStandIn {
  issuer: string;
  close(): Promise<void>;
}

/**
 * Starts the provider on 127.0.0.1 with `configuration(issuer)`. `front`, when given, sees every request first and
 * answers those it handles (returns true); the others go to the provider.
 */
export async function startOidcStandIn(
  configuration: (issuer: string) => Record<string, unknown>,
  front?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>,
): Promise<OidcStandIn> {
  let handler: Handler = (_req, res) => res.end();
  const server: Server = createServer((req, res) => {
    if (!front) return handler(req, res);
    front(req, res).then(
      (handled) => handled || handler(req, res),
      (error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // oidc-provider ships no type declarations; this is the one method the tests use.
  const { default: Provider } = (await import('oidc-provider' as string)) as {
    default: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  };
  handler = new Provider(issuer, configuration(issuer)).callback();
  return {
    issuer,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Just enough of a browser: cookies by name for the provider, redirects followed by hand. */
export class Browser {
  private cookies = new Map<string, string>();

  async providerRequest(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export function location(res: Response, base: string): string {
  const value = res.headers.get('Location');
  assert.ok(value, `a redirect from ${res.url || base} (status ${res.status})`);
  return new URL(value, base).href;
}

/** Submits the one form on a dev interaction page with the given fields. */
export async function submitForm(browser: Browser, pageUrl: string, fields: Record<string, string>): Promise<Response> {
  const page = await browser.providerRequest(pageUrl);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  assert.ok(action, `a form on ${pageUrl}: ${html.slice(0, 200)}`);
  const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return browser.providerRequest(new URL(action, pageUrl).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt, ...fields }).toString(),
  });
}

/**
 * Follows the provider's redirects, logging in as `login` and consenting on its dev interaction pages, until it sends
 * the browser to a URL starting with `callbackUrl`; answers that URL.
 */
export async function throughProvider(
  browser: Browser,
  authorizationUrl: string,
  login: string,
  callbackUrl: string,
): Promise<string> {
  let url = authorizationUrl;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(callbackUrl)) return url;
    const res = new URL(url).pathname.startsWith('/interaction/')
      ? await submitForm(browser, url, { login, password: 'anything' })
      : await browser.providerRequest(url);
    url = location(res, url);
  }
  throw new Error('the provider never redirected back');
}
