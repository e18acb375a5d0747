// What main.ts checks before it listens: the mode comes from NODE_ENV, development refuses settings that mean
// "deploying", and production refuses to start without what a real deployment needs. Pure functions of the
// environment, so every refusal is tested without starting anything.
import { DEFAULT_HOST, LOOPBACK_HOSTS } from './constants/deployment.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN, DEFAULT_PUBLIC_TOKEN } from './constants/project.ts';
import type { ServiceMode } from './config.ts';

type Env = Record<string, string | undefined>;

/** `NODE_ENV=production` is the one way into production mode; anything else is the local demo. */
export function modeFromEnv(env: Env): ServiceMode {
  return env.NODE_ENV === 'production' ? 'production' : 'development';
}

/**
 * Why `npm start` (development mode) must not run with this environment, or null. A non-loopback HOST or a PUBLIC_URL
 * means the service is being deployed, and the dev tools (dev inbox, dev identity provider) would sign anyone in.
 */
export function developmentRefusal(env: Env): string | null {
  const host = env.HOST || DEFAULT_HOST;
  if (!LOOPBACK_HOSTS.includes(host)) {
    return (
      `HOST=${host} is not a loopback address: development mode would expose its dev tools to the network. ` +
      'Deploy with NODE_ENV=production (README, "Deploy").'
    );
  }
  if (env.PUBLIC_URL) {
    return (
      'PUBLIC_URL is set, which means this service is being deployed: development mode lets ' +
      'anyone sign in as anyone. ' +
      'Deploy with NODE_ENV=production (README, "Deploy").'
    );
  }
  return null;
}

/** Everything production mode is missing, one entry per variable; empty when it may start. */
export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const publicUrl = env.PUBLIC_URL;
  if (!publicUrl) problems.push('PUBLIC_URL (the origin browsers and providers reach the service at) is not set');
  else if (!isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) URL, got ${publicUrl}`);
  if (!env.SMTP_URL) problems.push('SMTP_URL (the mail transport) is not set');
  const publicToken = env.PUBLIC_TOKEN;
  if (!publicToken) problems.push('PUBLIC_TOKEN is not set');
  else if (publicToken === DEFAULT_PUBLIC_TOKEN) problems.push('PUBLIC_TOKEN is the built-in development token');
  // The organization API's token too: with the published default, anyone's page could act as the project's B2B site.
  const b2bPublicToken = env.B2B_PUBLIC_TOKEN;
  if (!b2bPublicToken) problems.push('B2B_PUBLIC_TOKEN is not set');
  else if (b2bPublicToken === DEFAULT_B2B_PUBLIC_TOKEN) {
    problems.push('B2B_PUBLIC_TOKEN is the built-in development token');
  }
  if (!env.AUTH_SECRET_KEY) problems.push('AUTH_SECRET_KEY (the key that encrypts secrets at rest) is not set');
  return problems;
}

/** The one line main.ts prints (stderr) before exiting 1, or null when the service may start in this mode. */
export function startupRefusal(env: Env): string | null {
  if (modeFromEnv(env) === 'development') return developmentRefusal(env);
  const problems = productionProblems(env);
  return problems.length ? `Refusing to start in production mode: ${problems.join('; ')}.` : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
