// The headless client and the login statechart of <auth-login>. They live as long as the element (moving it keeps
// the visitor's place), and anew only when what they were made for changes: the client for another project token or
// service or cookies, the statechart for another client or mode.
import { createAuthClient, prefetchBootstrap } from '../../client/index.ts';
import type { AuthClient, CookieOptions } from '../../client/types.ts';
import type { Mode, ResolvedConfig } from '../config.ts';
import type { RootActor } from '../machine/start.ts';
import { registerOrganizationProducts } from '../products/registry.ts';

type OrganizationFactory = typeof import('../../client/b2b.ts').createB2BClient;
let organizationFactory: OrganizationFactory | undefined;

/**
 * Loads the organization (B2B) client and registers the organization products, chunks of their own that a consumer
 * page never fetches. An element configured for an organization sign-in (`authFlowType`) makes that client instead of
 * the consumer one: a consumer client given the organization project's token would log that it is the wrong kind,
 * and its background refresh would ask the consumer API about the member's session cookie, be refused, and in the
 * end clear it.
 */
export async function loadOrganizationClient(): Promise<void> {
  const [b2b] = await Promise.all([import('../../client/b2b.ts'), registerOrganizationProducts()]);
  organizationFactory ??= b2b.createB2BClient;
}

/** Whether the organization sign-in's parts are here (loadOrganizationClient): the shell paints it only then. */
export function organizationClientLoaded(): boolean {
  return organizationFactory !== undefined;
}

/** Whether `config` (as the page wrote it, or resolved) is an organization sign-in, whose client is that client. */
export function forOrganizations(config: Pick<ResolvedConfig, 'authFlowType'> | undefined): boolean {
  return config?.authFlowType !== undefined;
}

/** The rendering half (runtime.ts), which starts the statechart. */
export type Runtime = typeof import('../runtime.ts');
/** Where the statechart's events and errors go. */
type Handlers = Parameters<Runtime['startRootActor']>[1];

export class ClientAndActor {
  #client: AuthClient | undefined;
  #clientKey = '';
  #actor: RootActor | undefined;
  #actorConfig = '';
  /** The `mode` the statechart was started in. */
  #actorMode: Mode | undefined;

  /** Whether the client has been made (the first paint shows what it knows once it is). */
  get made(): boolean {
    return this.#client !== undefined;
  }

  /**
   * Asks for the project's bootstrap now, for the client to take when it is made: after the first paint, or at the
   * visitor's first click into it, and a send waits for the bootstrap (client/bootstrap.ts, prefetchBootstrap).
   */
  prefetch(publicToken: string | undefined, baseUrl: string | undefined, locale: string): void {
    if (publicToken && !this.#client) prefetchBootstrap(publicToken, baseUrl, locale);
  }

  /** The statechart, once started. */
  get actor(): RootActor | undefined {
    return this.#actor;
  }

  /**
   * The client for this token and service (a new one stops the statechart); undefined without a token. `locale` is
   * the language a new client starts in, so that its first request (the bootstrap) already asks in it.
   */
  client(
    publicToken: string | undefined,
    baseUrl: string | undefined,
    locale: string,
    organization: boolean,
    cookieOptions?: CookieOptions,
  ): AuthClient | undefined {
    // Not made until its factory has loaded (loadOrganizationClient): meanwhile the first paint sends nothing early.
    if (organization && !organizationFactory) return undefined;
    const cookies = JSON.stringify(cookieOptions ?? {});
    const kind = organization ? 'organization' : 'consumer';
    const key = publicToken ? `${kind}\n${publicToken}\n${baseUrl ?? ''}\n${cookies}` : '';
    if (key !== this.#clientKey) {
      this.#actor?.stop();
      this.#actor = undefined;
      this.#client?.destroy();
      const options = {
        publicToken: publicToken ?? '',
        locale,
        ...(baseUrl ? { baseUrl } : {}),
        ...(cookieOptions ? { cookieOptions } : {}),
      };
      // The statechart's root uses what both clients have (session, bootstrap, events, locale); the organization
      // products take the organization client back as what it is (products/organizations.ts).
      this.#client = !publicToken
        ? undefined
        : organization && organizationFactory
          ? (organizationFactory(options) as unknown as AuthClient)
          : createAuthClient(options);
      this.#clientKey = key;
    }
    return this.#client;
  }

  /** The statechart, started with `client` in `mode` if it is not running in that mode, and told a new config. */
  actorFor(
    runtime: Runtime,
    client: AuthClient,
    config: ResolvedConfig,
    mode: Mode | undefined,
    on: Handlers,
  ): RootActor {
    const configKey = JSON.stringify(config);
    // The mode decides where the statechart starts, so a new mode starts it anew (a config change does not).
    if (this.#actor && mode !== this.#actorMode) {
      this.#actor.stop();
      this.#actor = undefined;
    }
    if (!this.#actor) {
      this.#actorConfig = configKey;
      this.#actorMode = mode;
      this.#actor = runtime.startRootActor({ client, config, ...(mode ? { mode } : {}) }, on);
    } else if (configKey !== this.#actorConfig) {
      this.#actorConfig = configKey;
      this.#actor.send({ type: 'CONFIG_CHANGED', config });
    }
    return this.#actor;
  }
}
