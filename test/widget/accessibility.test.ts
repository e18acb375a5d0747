/// <reference types="mocha" />
// Accessibility gate: axe-core finds 0 violations on every screen of every reachable state, inside
// <auth-login>'s shadow root with the default theme. The states are ENUMERATED FROM THE MACHINES: every state the
// root and each registered product's machine can rest in (each leaf that is not final and not left at once; in a
// parallel state each region's leaves), and each passkey row's states. Each is resolved with
// `machine.resolveState(...)` over a realistic context (the real bootstrap document and strength check from the test
// service; addresses, codes and apps as a visitor would have them), with and without an error on screen, and
// rendered by the element's own view. A new state, a new product or a new screen is covered without editing this file.
import { expect } from 'chai';
import axe from 'axe-core';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { AuthClient } from '../../src/client/types.ts';
import type { WidgetView } from '../../src/widget/AuthLogin.tsx';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { ROOT_TAG_NAME } from '../../src/widget/dom-names.ts';
import { AuthLoginElement } from '../../src/widget/element.ts';
import type { AuthLoginRoot } from '../../src/widget/runtime.ts';
import { PRODUCT_CHILD, rootMachine } from '../../src/widget/machine/root.ts';
import { screenMetaOf } from '../../src/widget/machine/screen.ts';
import type { ErrorDescriptor, RootContext } from '../../src/widget/machine/types.ts';
import { passkeyRowMachine } from '../../src/widget/products/passkeys/row.ts';
import { PRODUCT_RECORDS } from '../../src/widget/products/registry.ts';
import type { ProductModule, ProductRecord } from '../../src/widget/products/types.ts';
import { resolveTheme } from '../../src/widget/theme/theme.ts';
import { resetBrowserState } from '../support/client.ts';
import { testEnv } from '../support/env.ts';
import { until } from '../support/poll.ts';
import { $, mount, unmountAll } from '../support/widget.ts';

/** <auth-login> that can be shown a view made here: the element's own React root, shadow root, styles and theme. */
class ShownAuthLogin extends AuthLoginElement {
  show(view: WidgetView): void {
    (this.shadowRoot!.querySelector(ROOT_TAG_NAME) as AuthLoginRoot).show(view);
  }
}
const TAG = 'auth-login-a11y';
customElements.define(TAG, ShownAuthLogin);

// ---- The states, from the machines ----

/** A state left at once by an unguarded eventless transition: the widget never rests there. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition) => !transition.guard);
}

/** Every leaf the machine can rest in, as its path; in a parallel state, each region's leaves (the others at start). */
function restingLeaves(node: AnyStateNode): string[][] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0)
    return node.type === 'final' || node.type === 'history' || isTransient(node) ? [] : [node.path];
  return children.flatMap(restingLeaves);
}

/** The state value of a leaf's path (`['a', 'b', 'c']` → `{ a: { b: 'c' } }`). */
function stateValueOf(path: string[]): string | Record<string, unknown> {
  const [head, ...rest] = path;
  return rest.length === 0 ? head! : { [head!]: stateValueOf(rest) };
}

function leavesOf(machine: AnyStateMachine): string[][] {
  return restingLeaves(machine.root as AnyStateNode);
}

// ---- Realistic contexts ----

const EMAIL = 'ada.lovelace@westlight.edu';
const PHONE = '+14155552671';
/** A service error as the screens show it (the catalogue's text for its type). */
const ERROR: ErrorDescriptor = { errorType: 'unauthorized_credentials', message: 'Unauthorized credentials.' };
const LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2248%22 height=%2248%22/%3E';

/** The page config that enables each product (the registry's name), as a site would write it. */
const CONFIGS: Record<string, AuthLoginConfig> = {
  emailMagicLinks: { products: ['emailMagicLinks'] },
  otp: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'], expirationMinutes: 5 } },
  passwords: { products: ['passwords', 'emailMagicLinks'] },
  passkeys: { products: ['passkeys', 'emailMagicLinks'] },
  oauth: {
    products: ['oauth', 'emailMagicLinks'],
    oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }, { type: 'github' }] },
  },
  crypto: { products: ['crypto', 'emailMagicLinks'] },
  identityProvider: { products: ['emailMagicLinks'] },
};

interface Fixture {
  params: unknown;
  /** What the product's context holds in the middle of a real journey (one entry per variant worth seeing). */
  variants: (client: AuthClient) => Promise<Record<string, unknown>[]>;
}

/** A passkey row for each state of the row machine (viewing, renaming, confirming a delete ...). */
function passkeyRows(client: AuthClient): { id: string; ref: unknown }[] {
  return leavesOf(passkeyRowMachine).map((path, i) => {
    const registration = {
      webauthn_registration_id: `webauthn-registration-test-${i}`,
      domain: 'localhost',
      user_agent: navigator.userAgent,
      authenticator_type: 'platform',
      verified: true,
      name: `Laptop passkey ${i + 1}`,
    };
    const snapshot = passkeyRowMachine.resolveState({
      value: stateValueOf(path) as never,
      context: { client, registration, draft: 'Work laptop' },
    });
    return {
      id: registration.webauthn_registration_id,
      ref: createActor(passkeyRowMachine, { snapshot, input: { client, registration } }),
    };
  });
}

const AUTHORIZE_REQUEST = {
  client_id: 'idp-third-party-wtr',
  redirect_uri: `${testEnv.pageOrigin}/app/callback`,
  response_type: 'code',
  scope: 'openid email profile read:grades',
  state: 'state-1',
  nonce: 'nonce-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};

/** Per product (registry name): its start parameters and the contexts its screens are seen with. */
const FIXTURES: Record<string, Fixture> = {
  emailMagicLinks: { params: { tab: 'email' }, variants: async () => [{ email: EMAIL }] },
  otp: {
    params: { tab: 'sms' },
    variants: async () => [
      {
        otpState: {
          type: 'sms',
          methodId: 'phone-number-test-d5a3b680-e8a3-40c0-b815-ab79986666d0',
          otpDestination: PHONE,
        },
        passcode: { code: '', secondsLeft: 287, displayDestination: '+1 415 555 2671' },
      },
      {
        otpState: { type: 'email', methodId: 'email-test-81bf03a8-86e1-4d95-bd44-bb3da0f8b9a5', otpDestination: EMAIL },
        passcode: { code: '123', secondsLeft: 0, displayDestination: EMAIL },
      },
    ],
  },
  passwords: {
    params: { tab: 'email' },
    variants: async (client) => [
      // A new account with a weak password, as the real strength check answers it (feedback, suggestions).
      {
        email: EMAIL,
        userType: 'new',
        password: 'westlight1',
        strength: await client.passwords.strengthCheck({ email: EMAIL, password: 'westlight1' }),
      },
      {
        email: EMAIL,
        userType: 'new',
        password: 'Lighting-Desk-Cue-47!',
        strength: await client.passwords.strengthCheck({ email: EMAIL, password: 'Lighting-Desk-Cue-47!' }),
      },
      { email: EMAIL, userType: 'password', password: 'secret-password', strength: null },
    ],
  },
  passkeys: {
    params: { mode: 'passkey-registration' },
    variants: async (client) => [{ rows: passkeyRows(client) }, { rows: [], toast: ERROR }],
  },
  oauth: { params: { provider: 'google' }, variants: async () => [{}] },
  crypto: {
    params: { wallet: 'metamask' },
    variants: async () => [
      {
        walletOption: 'metamask',
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        walletChallenge: 'Sign in to Westlight University',
      },
      {
        walletOption: 'phantom',
        walletAddress: '5FHwkrdxntdK24hgQU8qgBjn35Y1zwhz1GZwCkP2UJnM',
        walletChallenge: 'Sign in to Westlight University',
      },
    ],
  },
  identityProvider: {
    params: { mode: 'identity-provider' },
    variants: async () => [
      {
        request: { flow: 'authorize', request: AUTHORIZE_REQUEST },
        preflight: {
          request_id: 'request-id-test-1',
          status_code: 200,
          user_id: 'user-test-1',
          user: { user_id: 'user-test-1', emails: [{ email: EMAIL, verified: true }] },
          client: {
            client_id: AUTHORIZE_REQUEST.client_id,
            client_type: 'third_party',
            client_name: 'Westlight Library e-resources',
            client_description: 'Journals and e-books',
            client_logo_url: LOGO,
          },
          consent_required: true,
          scope_results: [
            { scope: 'openid', description: 'Sign you in', is_grantable: true },
            { scope: 'email', description: 'See your email address', is_grantable: true },
            { scope: 'profile', description: 'See your name', is_grantable: true },
            { scope: 'read:grades', description: 'Read your grades', is_grantable: false },
          ],
        },
      },
      {
        request: {
          flow: 'logout',
          request: {
            client_id: AUTHORIZE_REQUEST.client_id,
            post_logout_redirect_uri: `${testEnv.pageOrigin}/app/logged-out`,
          },
        },
      },
      { request: { flow: 'invalid', missing: 'redirect_uri' } },
    ],
  },
};

// ---- Rendering a state inside the element, and axe ----

/** The root's context as the element has it once Main shows: the real bootstrap document, a visitor's form. */
async function rootContext(client: AuthClient, config: AuthLoginConfig): Promise<RootContext> {
  const resolved = resolveConfig(config, testEnv.pageOrigin);
  const initial = createActor(rootMachine, {
    input: { client, config: resolved, url: `${testEnv.pageOrigin}/` },
  }).getSnapshot().context;
  return {
    ...initial,
    bootstrap: await client.bootstrap.get(),
    formState: { ...initial.formState, email: EMAIL, phone: '4155552671' },
    // Every chunk fetched, as once Main has painted: Main shows the products' blocks, not the space kept for them.
    modules: Object.fromEntries(modules),
  };
}

/** A view of the root statechart resting in `snapshot` (not started: it renders, it does not run). */
function viewOf(el: HTMLElement, context: RootContext, snapshot: AnyMachineSnapshot): WidgetView {
  const actor = createActor(rootMachine, {
    snapshot: snapshot as never,
    input: { client: context.client, config: context.config },
  });
  return {
    host: el,
    localeTag: 'en',
    locale: 'en',
    actor: actor as never,
    config: context.config,
    theme: resolveTheme(undefined),
    strings: undefined,
    nonce: undefined,
  };
}

function rootSnapshot(context: RootContext, path: string[]): AnyMachineSnapshot {
  return rootMachine.resolveState({ value: stateValueOf(path) as never, context }) as unknown as AnyMachineSnapshot;
}

/**
 * The root delegating to `module`'s machine resting at `path` with `productContext`, and the screen that names
 * ('Main' while a call started from Main runs).
 */
function productSnapshot(
  context: RootContext,
  name: string,
  module: ProductModule,
  path: string[],
  productContext: object,
): { snapshot: AnyMachineSnapshot; screen: string } {
  const child = module.machine.resolveState({ value: stateValueOf(path) as never, context: productContext as never });
  const root = rootMachine.resolveState({
    value: 'product',
    context: { ...context, active: { product: name as never, params: FIXTURES[name]!.params } },
  });
  // A snapshot's children are restored from { src, snapshot }: the product's child actor rests where it was resolved.
  const snapshot = {
    ...root,
    children: { [PRODUCT_CHILD]: { src: module.machine, snapshot: child } },
  } as unknown as AnyMachineSnapshot;
  return { snapshot, screen: screenMetaOf(child as unknown as AnyMachineSnapshot).screen ?? 'Main' };
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Waits until the shown screen has rendered and stays as it is for a frame (lazy screens and effects done). */
async function settled(el: HTMLElement, screen: string): Promise<void> {
  let last = '';
  await until(async () => {
    await frame();
    const html = $(el, '[part~="container"]')?.innerHTML ?? '';
    const same = html !== '' && html === last;
    last = html;
    return same;
  }, `the ${screen} screen to render`);
}

/**
 * axe-core over the element (its shadow root included), every rule of axe's default set but `region`: landmarks
 * belong to the host page (the site's own pages are checked whole in test/e2e/site-pages.test.ts), and a widget
 * dropped into any page cannot add them.
 */
async function violations(el: HTMLElement): Promise<string[]> {
  const results = await axe.run(el, { rules: { region: { enabled: false } }, resultTypes: ['violations'] });
  return results.violations.map((v) => {
    const nodes = v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`);
    return `${v.id} (${v.impact}): ${v.help}\n${nodes.join('\n')}`;
  });
}

async function shownElement(config: AuthLoginConfig): Promise<ShownAuthLogin> {
  const el = mount({ tagName: TAG, config }) as unknown as ShownAuthLogin;
  // The element mounts its own root first (Main); what is shown after replaces it.
  await until(() => $(el, '[part~="title"]'), 'the element to render');
  return el;
}

const modules = new Map<string, ProductModule>(
  await Promise.all(PRODUCT_RECORDS.map(async (record: ProductRecord) => [record.name, await record.load()] as const)),
);

describe('accessibility: axe-core finds nothing on any screen of any state', () => {
  before(() => resetBrowserState());
  after(() => unmountAll());

  it('knows how to show every registered product (a new product needs its config and fixture here)', () => {
    for (const record of PRODUCT_RECORDS) {
      expect(CONFIGS, `config for ${record.name}`).to.have.property(record.name);
      expect(FIXTURES, `fixture for ${record.name}`).to.have.property(record.name);
    }
  });

  describe('the root: Main (for each product), Loading, Success, Error', () => {
    const leaves = leavesOf(rootMachine).filter((path) => path[0] !== 'product');
    for (const [name, config] of Object.entries(CONFIGS)) {
      it(`${name}: every root state, with and without an error`, async function () {
        this.timeout(60_000); // a dozen renders, each checked by axe
        const el = await shownElement(config);
        const context = await rootContext(el.client!, config);
        const failures: string[] = [];
        for (const path of leaves) {
          for (const errorDescriptor of [null, ERROR]) {
            const snapshot = rootSnapshot({ ...context, errorDescriptor }, path);
            const { screen } = screenMetaOf(snapshot);
            if (!screen) continue;
            el.show(viewOf(el, context, snapshot));
            await settled(el, screen);
            for (const v of await violations(el))
              failures.push(`${path.join('.')} (${screen}${errorDescriptor ? ', error' : ''}): ${v}`);
          }
        }
        expect(failures, failures.join('\n')).to.deep.equal([]);
      });
    }
  });

  for (const record of PRODUCT_RECORDS) {
    const module = modules.get(record.name)!;
    const leaves = leavesOf(module.machine);
    describe(`${record.name}: ${leaves.length} states`, () => {
      let el: ShownAuthLogin;
      let context: RootContext;
      let variants: Record<string, unknown>[];
      before(async () => {
        el = await shownElement(CONFIGS[record.name]!);
        context = await rootContext(el.client!, CONFIGS[record.name]!);
        variants = await FIXTURES[record.name]!.variants(el.client!);
      });

      for (const path of leaves) {
        it(`${path.join('.')}`, async function () {
          this.timeout(60_000); // each variant, with and without an error, checked by axe
          const input = {
            client: context.client,
            config: context.config,
            bootstrap: context.bootstrap,
            formState: context.formState,
            params: FIXTURES[record.name]!.params,
          };
          const initial = createActor(module.machine, { input }).getSnapshot().context as object;
          const failures: string[] = [];
          for (const variant of variants) {
            for (const errorDescriptor of [null, ERROR]) {
              const { snapshot, screen } = productSnapshot(context, record.name, module, path, {
                ...initial,
                ...variant,
                errorDescriptor,
              });
              el.show(viewOf(el, context, snapshot));
              await settled(el, screen);
              for (const v of await violations(el))
                failures.push(
                  `${screen}${errorDescriptor ? ', error' : ''} ${JSON.stringify(variant).slice(0, 80)}: ${v}`,
                );
            }
          }
          expect(failures, failures.join('\n')).to.deep.equal([]);
        });
      }
    });
  }

  it('fails on a screen with a violation (the gate can fail)', async () => {
    const el = await shownElement(CONFIGS.emailMagicLinks!);
    expect(await violations(el)).to.deep.equal([]);
    // A title in a colour too light on white, as a theme might make it.
    ($(el, '[part~="title"]') as HTMLElement).style.color = '#D0D0D0';
    expect((await violations(el)).join('\n')).to.match(/^color-contrast /m);
  });
});
