/// <reference types="mocha" />
// The organization login through <auth-login> against the real service, with the keyboard only: the seeded Aurora
// Theatre Group found by the config's slug or by the page's URL ('Continue to Aurora Theatre Group'), its email form
// (Check your email), the link from the dev inbox (signed in); an unknown slug's error; the titles in English, Spanish
// and French, and axe on each screen shown.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { AuthLoginConfig } from '../../config.ts';
import { latestMagicLinkToken, testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import {
  axeViolations,
  focusedIn,
  mountOrganizationSignIn,
  organizationJourneyState,
  screenTexts,
  tabTo,
} from '../../../../test/support/organizations.ts';
import { until } from '../../../../test/support/poll.ts';
import { $, $$, findText, title } from '../../../../test/support/widget.ts';

/** The demo's partner whose staff join by their company address (seeded in development). */
const AURORA = { slug: 'aurora-theatre', name: 'Aurora Theatre Group', domain: 'auroratheatre.localhost' };
const NOT_FOUND =
  'The organization you are looking for could not be found. If you think this is a mistake, contact your admin.';

const organizationLogin = (organizationSlug?: string): AuthLoginConfig => ({
  authFlowType: 'Organization',
  products: ['emailMagicLinks', 'sso'],
  ...(organizationSlug ? { organizationSlug } : {}),
  emailMagicLinksOptions: { loginRedirectURL: '/', signupRedirectURL: '/' },
});

describe('<auth-login> organization login', () => {
  const journey = organizationJourneyState();

  it(
    "the config's organization: 'Continue to Aurora Theatre Group' and its email form, no Main; Enter sends the " +
      'link, Check your email names the address; the link signs the member in',
    async () => {
      const el = mountOrganizationSignIn(organizationLogin(AURORA.slug));
      await findText(el, '[part~="title"]', `Continue to ${AURORA.name}`, 10_000);
      expect($(el, 'button[part~="sso-button"]'), "Main's single sign-on block").to.equal(null);
      expect(await axeViolations(el)).to.deep.equal([]);
      const email = uniqueEmail('organization-login').replace(/@.*$/, `@${AURORA.domain}`);
      const field = await tabTo(el, (c) => c instanceof HTMLInputElement && c.type === 'email', 'the email field');
      expect($(el, `label[for="${field.id}"]`)?.textContent).to.equal('Email');
      await sendKeys({ type: email });
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Check your email', 10_000);
      expect(screenTexts(el)).to.deep.equal([`An email was sent to ${email}.`]);
      expect($(el, '[part~="text"] strong')?.textContent).to.equal(email);
      await until(() => focusedIn(el)?.getAttribute('part') === 'title', 'focus on the title');
      expect(await axeViolations(el)).to.deep.equal([]);
      expect(journey.events.map((e) => e.type)).to.deep.equal(['B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP']);

      // The link, as the dev inbox has it, opens the page: the member is signed in to the organization.
      const token = await latestMagicLinkToken(email);
      el.remove();
      history.replaceState(
        null,
        '',
        `${testEnv.pageOrigin}/?stytch_token_type=multi_tenant_magic_links&token=${encodeURIComponent(token)}`,
      );
      const back = mountOrganizationSignIn(organizationLogin(AURORA.slug));
      await findText(back, '[part~="title"]', 'Success!', 10_000);
      expect(location.search).to.equal('', 'the token left the address bar');
      expect(journey.events.map((e) => e.type)).to.deep.equal([
        'B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP',
        'B2B_MAGIC_LINK_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);
    },
  );

  it("finds the organization in the page's URL by the project's organization URL template", async () => {
    history.replaceState(null, '', `${testEnv.pageOrigin}/corporate-training/${AURORA.slug}?from=menu`);
    const el = mountOrganizationSignIn(organizationLogin());
    await findText(el, '[part~="title"]', `Continue to ${AURORA.name}`, 10_000);
    expect($$(el, 'input[type="email"]')).to.have.length(1);
  });

  it(
    'an organization that signs in only through its single sign-on: ' + 'one button per connection, no email form',
    async () => {
      const el = mountOrganizationSignIn(organizationLogin('lumen-stage'));
      await findText(el, '[part~="title"]', 'Continue to Lumen Stage Systems', 10_000);
      expect($$(el, 'input[type="email"]')).to.have.length(0);
      const buttons = $$(el, 'button[part~="sso-button"]');
      expect(buttons.length).to.be.greaterThan(0);
      expect(buttons[0]!.textContent).to.match(/^Continue with /);
      expect(await axeViolations(el)).to.deep.equal([]);
    },
  );

  it("an unknown slug: the hosted provider's error", async () => {
    const el = mountOrganizationSignIn(organizationLogin(`nowhere-${crypto.randomUUID().slice(0, 8)}`));
    await findText(el, '[part~="text"]', NOT_FOUND, 10_000);
    expect(title(el)).to.equal('Looks like there was an error!');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  for (const [locale, heading] of [
    ['es', `Continuar a ${AURORA.name}`],
    ['fr', `Continuer vers ${AURORA.name}`],
  ] as const) {
    it(`${locale}: Organization login in the page's language`, async () => {
      const el = mountOrganizationSignIn(organizationLogin(AURORA.slug), locale);
      await findText(el, '[part~="title"]', heading, 10_000);
    });
  }
});
