/// <reference types="mocha" />
// Helpers for the organization (B2B) products' browser tests (src/widget/products/{discovery,sso,mfa}): the element and
// the root statechart on the in-process service's organization project, organizations made through the real
// discovery calls, the links the service sends, and keyboard and axe checks of the screens.
import type { MemberAuthenticateResponse } from '../../src/api/organizations.ts';
import type { AuthClient, B2BClient } from '../../src/client/index.ts';
import { createB2BClient } from '../../src/client/b2b.ts';
import type { AuthLoginConfig } from '../../src/widget/config.ts';
import type { AuthLoginElement } from '../../src/widget/element.ts';
import axe from 'axe-core';
import { sendKeys } from '@web/test-runner-commands';
import { resetBrowserState } from './client.ts';
import { latestMagicLinkToken, testEnv, uniqueEmail } from './env.ts';
import { rootFixture, type RootFixture } from './machine.ts';
import { WIDGET_EVENT, type WidgetEventDetail } from '../../src/widget/index.ts';
import { $$, track, unmountAll } from './widget.ts';

/** An organization sign-in: discovery by email link, the single sign-on button, links back to the test page. */
export const ORGANIZATION_SIGN_IN: AuthLoginConfig = {
  authFlowType: 'Discovery',
  products: ['emailMagicLinks', 'sso'],
  emailMagicLinksOptions: { discoveryRedirectURL: '/' },
};

/** A domain of its own per organization, so each admits only its own test's addresses. */
export const uniqueDomain = (): string => `stage-${crypto.randomUUID().slice(0, 8)}.example`;

/**
 * `<auth-login>` on the service's organization project (in `locale`, when given), attached to the page; removed by
 * `unmountAll()`.
 */
export function mountOrganizationSignIn(
  config: AuthLoginConfig = ORGANIZATION_SIGN_IN,
  locale?: string,
): AuthLoginElement {
  const el = document.createElement('auth-login') as AuthLoginElement;
  el.baseUrl = testEnv.baseUrl;
  el.publicToken = testEnv.b2bPublicToken;
  el.config = config;
  if (locale) el.locale = locale;
  document.body.append(el);
  return track(el);
}

/** An organization client of the service's organization project (the root's in a statechart test, or a setup's own). */
function organizationProjectClient(): B2BClient {
  return createB2BClient({ publicToken: testEnv.b2bPublicToken, baseUrl: testEnv.baseUrl });
}

/** The token of the discovery link the service emails to `email` (sent by a client of the test's own). */
export async function discoveryLinkToken(email: string): Promise<string> {
  const client = organizationProjectClient();
  try {
    await client.magicLinks.email.discovery.send({
      email_address: email,
      discovery_redirect_url: `${testEnv.pageOrigin}/`,
    });
    return await latestMagicLinkToken(email);
  } finally {
    client.destroy();
  }
}

/** The test page's address as a discovery link opens it. */
export function discoveryLinkUrl(token: string): string {
  return `${testEnv.pageOrigin}/?stytch_token_type=discovery&token=${encodeURIComponent(token)}`;
}

export interface TestOrganization {
  id: string;
  name: string;
  slug: string;
  /** Addresses at this domain may join it. */
  domain: string;
}

/**
 * A new organization that admits every address at its own domain, made through discovery by a founder there, its
 * MFA policy as asked. The founder's sign-in leaves nothing behind in the browser.
 */
export async function makeOrganization(
  options: { mfaPolicy?: 'REQUIRED_FOR_ALL' | 'OPTIONAL' } = {},
): Promise<TestOrganization> {
  const domain = uniqueDomain();
  const slug = domain.split('.')[0]!;
  const name = `Stage ${slug.slice('stage-'.length)}`;
  const client = organizationProjectClient();
  try {
    const founder = `founder@${domain}`;
    await client.magicLinks.email.discovery.send({
      email_address: founder,
      discovery_redirect_url: `${testEnv.pageOrigin}/`,
    });
    await client.magicLinks.discovery.authenticate({
      discovery_magic_links_token: await latestMagicLinkToken(founder),
    });
    const created: MemberAuthenticateResponse = await client.discovery.organizations.create({
      organization_name: name,
      organization_slug: slug,
      email_allowed_domains: [domain],
      email_jit_provisioning: 'RESTRICTED',
      session_duration_minutes: 30,
      ...(options.mfaPolicy ? { mfa_policy: options.mfaPolicy } : {}),
    });
    if (created.member_authenticated) await client.session.revoke({ forceClear: true });
    return { id: created.organization_id, name, slug, domain };
  } finally {
    client.destroy();
    resetBrowserState();
  }
}

/** A new address at the organization's domain. */
export function memberEmail(organization: TestOrganization, prefix = 'member'): string {
  return uniqueEmail(prefix).replace(/@.*$/, `@${organization.domain}`);
}

/**
 * test/support/machine.ts's rootFixture on the organization project: the root is given an organization client, as the
 * element makes for an organization sign-in, and starts with that sign-in's config unless the test gives one.
 */
export function organizationRootFixture(): RootFixture {
  const fixture = rootFixture(() => organizationProjectClient() as unknown as AuthClient);
  return Object.create(fixture, {
    start: { value: (config = ORGANIZATION_SIGN_IN, options = {}) => fixture.start(config, options) },
  }) as RootFixture;
}

/** The focused element inside the widget. */
export function focusedIn(el: HTMLElement): HTMLElement | null {
  return el.shadowRoot!.activeElement as HTMLElement | null;
}

/** A control whose text is `text`. */
export const isText = (text: string) => (control: HTMLElement) => control.textContent?.trim() === text;

/** Presses Tab until the focused control satisfies `wanted`, at most 16 times. */
export async function tabTo(
  el: HTMLElement,
  wanted: (control: HTMLElement) => boolean,
  what: string,
): Promise<HTMLElement> {
  for (let i = 0; i < 16; i += 1) {
    await sendKeys({ press: 'Tab' });
    const control = focusedIn(el);
    if (control && wanted(control)) return control;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** axe over the element, every rule of its default set but `region` (landmarks are the host page's). */
export async function axeViolations(el: HTMLElement): Promise<string[]> {
  const results = await axe.run(el, { rules: { region: { enabled: false } }, resultTypes: ['violations'] });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/**
 * Call once inside a `describe` of journeys through the element: each test starts signed out with nothing focused,
 * its widget events collected (`events`); after it, the elements are removed and the page's address is as it was.
 */
export function organizationJourneyState(): { readonly events: WidgetEventDetail[] } {
  let events: WidgetEventDetail[] = [];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const pageUrl = location.href;
  beforeEach(() => {
    resetBrowserState();
    events = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  afterEach(() => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    unmountAll();
    history.replaceState(null, '', pageUrl);
    resetBrowserState();
  });
  return {
    get events() {
      return events;
    },
  };
}

/** The texts of the screen's paragraphs (`text` parts), in order. */
export const screenTexts = (el: HTMLElement): (string | null)[] => $$(el, '[part~="text"]').map((p) => p.textContent);
