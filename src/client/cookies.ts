// The readable session cookies (wire contract 5). The session-token cookie is also the source of the Basic-auth
// password, so it is read at request time rather than cached.
import type { CookieOptions } from './types.ts';
import {
  DEFAULT_COOKIE_PATH,
  DEFAULT_IST_COOKIE,
  DEFAULT_JWT_COOKIE,
  DEFAULT_SESSION_COOKIE,
  IST_COOKIE_LIFETIME_MS,
  MSG_DUPLICATE_COOKIE,
} from './constants/sessions.ts';
import { SEEN_DOMAINS_KEY_SUFFIX } from './constants/storage.ts';
import { readJson, storageKey, writeJson } from './storage.ts';

export interface CookieConfig {
  session: string;
  jwt: string;
  ist: string;
  path: string;
  /** Set only with `availableToSubdomains`. */
  domain?: string;
}

export function cookieConfig(options: CookieOptions = {}): CookieConfig {
  const config: CookieConfig = {
    session: options.opaqueTokenCookieName ?? DEFAULT_SESSION_COOKIE,
    jwt: options.jwtCookieName ?? DEFAULT_JWT_COOKIE,
    ist: options.istCookieName ?? DEFAULT_IST_COOKIE,
    path: options.path ?? DEFAULT_COOKIE_PATH,
  };
  // The provider uses `location.host`; a Domain attribute with a port is rejected by browsers, so we use the hostname.
  if (options.availableToSubdomains) config.domain = options.domain ?? location.hostname;
  return config;
}

/** Browsers accept non-Secure cookies from plain-http local development hosts only; everywhere else we insist. */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const warnedDuplicates = new Set<string>();

export function readCookie(name: string): string | null {
  const parts = document.cookie.split('; ');
  // The same name under two paths or domains: the browser sends both and which one wins is unclear (spec 8).
  if (parts.filter((p) => p.startsWith(`${name}=`)).length > 1 && !warnedDuplicates.has(name)) {
    warnedDuplicates.add(name);
    console.warn(`${MSG_DUPLICATE_COOKIE} ${name}; the first one is used. Check cookie paths and domains.`);
  }
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return part.slice(eq + 1);
      }
    }
  }
  return null;
}

/** The text `document.cookie` is given: SameSite=Lax always, Secure except on a local host (wire contract 5). */
export function cookieText(
  cookie: { name: string; value: string; path: string; expires: Date; domain?: string },
  hostname: string,
): string {
  let text = `${cookie.name}=${encodeURIComponent(cookie.value)}; path=${cookie.path}`;
  text += `; expires=${cookie.expires.toUTCString()}; SameSite=Lax`;
  if (cookie.domain) text += `; domain=${cookie.domain}`;
  if (!isLocalHost(hostname)) text += '; Secure';
  return text;
}

function setCookie(name: string, value: string, path: string, expires: Date, domain?: string): void {
  document.cookie = cookieText({ name, value, path, expires, domain }, location.hostname);
}

export interface SessionCookies {
  readToken(): string | null;
  readJwt(): string | null;
  write(sessionToken: string, sessionJwt: string, expiresAt: string): void;
  /** Deletes the session and JWT cookies everywhere they may have been written. */
  clear(): void;
  deleteIst(): void;
  /** Writes the intermediate session token cookie, which expires IST_COOKIE_LIFETIME_MS from now (spec 4). */
  writeIst(token: string): void;
  readIst(): string | null;
}

export function sessionCookies(config: CookieConfig, publicToken: string): SessionCookies {
  const seenKey = storageKey(publicToken, SEEN_DOMAINS_KEY_SUFFIX);
  const seenDomains = (): string[] => {
    const v = readJson(seenKey);
    return Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string') : [];
  };

  // A cookie is removed only by the exact path and domain it was set with, so try every combination we may have used.
  const remove = (name: string) => {
    const domains = new Set<string | undefined>([undefined, config.domain, ...seenDomains()]);
    for (const path of new Set([config.path, DEFAULT_COOKIE_PATH])) {
      for (const domain of domains) setCookie(name, '', path, new Date(0), domain);
    }
  };

  return {
    readToken: () => readCookie(config.session),
    readJwt: () => readCookie(config.jwt),
    write(sessionToken, sessionJwt, expiresAt) {
      const expires = new Date(expiresAt);
      if (config.domain) {
        const seen = seenDomains();
        if (!seen.includes(config.domain)) writeJson(seenKey, [...seen, config.domain]);
      }
      setCookie(config.session, sessionToken, config.path, expires, config.domain);
      setCookie(config.jwt, sessionJwt, config.path, expires, config.domain);
    },
    clear() {
      remove(config.session);
      remove(config.jwt);
    },
    deleteIst: () => remove(config.ist),
    writeIst: (token) =>
      setCookie(config.ist, token, config.path, new Date(Date.now() + IST_COOKIE_LIFETIME_MS), config.domain),
    readIst: () => readCookie(config.ist),
  };
}
