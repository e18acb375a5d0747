/// <reference types="mocha" />
// Organization discovery through <auth-login> against the real service, with the keyboard only: Main's email form
// sends the discovery link (Check your email), the link's page lists the organizations (Organization discovery) and
// the one picked signs the member in, or a new one is created (its slug checked first); the texts in English, Spanish
// and French, and axe on each screen shown.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { devInbox, uniqueEmail } from '../../../../test/support/env.ts';
import {
  discoveryLinkToken,
  discoveryLinkUrl,
  makeOrganization,
  memberEmail,
  axeViolations,
  focusedIn,
  mountOrganizationSignIn,
  organizationJourneyState,
  screenTexts,
  tabTo,
} from '../../../../test/support/organizations.ts';
import { until } from '../../../../test/support/poll.ts';
import { $, $$, findText, title } from '../../../../test/support/widget.ts';

describe('<auth-login> organization discovery', () => {
  const journey = organizationJourneyState();

  it(
    "Main: the email form and 'Use single sign-on'; Enter sends the discovery link, Check your email names the " +
      'address in bold; Escape returns to Main',
    async () => {
      const el = mountOrganizationSignIn();
      await until(() => $(el, 'input[type="email"]'), 'Main');
      expect(title(el)).to.equal('Sign up or log in');
      expect($(el, 'button[part~="sso-button"]')?.textContent).to.equal('Use single sign-on');
      const email = uniqueEmail('discovery-kbd');
      await tabTo(el, (c) => c instanceof HTMLInputElement && c.type === 'email', 'the email field');
      await sendKeys({ type: email });
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Check your email', 10_000);
      expect(screenTexts(el)).to.deep.equal([`An email was sent to ${email}.`]);
      expect($(el, '[part~="text"] strong')?.textContent).to.equal(email);
      expect($(el, 'button[part~="button-secondary"]')?.textContent).to.equal('Try a different email address');
      await until(() => focusedIn(el)?.getAttribute('part') === 'title', 'focus on the title');
      expect((await devInbox(email)).length).to.equal(1);
      expect(journey.events.map((e) => e.type)).to.deep.equal(['B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND']);
      expect(await axeViolations(el)).to.deep.equal([]);

      await sendKeys({ press: 'Escape' });
      await findText(el, '[part~="title"]', 'Sign up or log in');
    },
  );

  it(
    'a discovery link: Select an organization to continue, each organization a button with what it does; Tab and ' +
      'Enter on one signs the member in',
    async () => {
      const organization = await makeOrganization();
      const email = memberEmail(organization, 'joiner');
      history.replaceState(null, '', discoveryLinkUrl(await discoveryLinkToken(email)));
      const el = mountOrganizationSignIn();
      await findText(el, '[part~="title"]', 'Select an organization to continue', 10_000);
      expect(location.search).to.equal('', 'the token left the address bar');
      const list = $(el, 'ul')!;
      expect(list.getAttribute('aria-label')).to.equal(`Organizations for ${email}`);
      const button = $(el, 'button[part~="organization-button"]')!;
      expect([...button.querySelectorAll('span')].map((s) => s.textContent)).to.deep.equal([organization.name, 'Join']);
      expect(button.dataset.organizationId).to.equal(organization.id);
      // Visitors may create organizations on the test project: the offer is under the list.
      expect($$(el, 'button').map((b) => b.textContent)).to.include('Create an organization');
      expect(await axeViolations(el)).to.deep.equal([]);

      await tabTo(el, (c) => c === button, 'the organization');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Success!', 10_000);
      expect(journey.events.map((e) => e.type)).to.deep.equal([
        'B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE',
        'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);
    },
  );

  it(
    'no organization: Create an organization to get started; the form by keyboard, a slug the project refuses ' +
      'is said under its field, then Enter creates it',
    async () => {
      const email = uniqueEmail('creator');
      history.replaceState(null, '', discoveryLinkUrl(await discoveryLinkToken(email)));
      const el = mountOrganizationSignIn();
      await findText(el, '[part~="title"]', 'Create an organization to get started', 10_000);
      expect(screenTexts(el)).to.deep.equal([
        `${email} does not have an account. Think this is a mistake? Try a different email address, or contact your ` +
          'admin.',
      ]);
      await tabTo(el, (c) => c.textContent === 'Create an organization', 'Create an organization');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Create an organization');
      expect(await axeViolations(el)).to.deep.equal([]);

      const name = await tabTo(el, (c) => c instanceof HTMLInputElement && c.name === 'organization', 'the name');
      expect($(el, `label[for="${name.id}"]`)?.textContent).to.equal('Organization name');
      const suffix = crypto.randomUUID().slice(0, 6);
      await sendKeys({ type: `Gobo Works ${suffix}` });
      const slug = (await tabTo(
        el,
        (c) => c instanceof HTMLInputElement && c.name === 'organization-slug',
        'the slug',
      )) as HTMLInputElement;
      expect($(el, `label[for="${slug.id}"]`)?.textContent).to.equal('Organization slug');
      expect(slug.value).to.equal(`gobo-works-${suffix}`, 'the slug follows the name');
      // Tab selected the field's text: End, so what is typed adds to it.
      await sendKeys({ press: 'End' });
      await sendKeys({ type: ' !' });
      await sendKeys({ press: 'Enter' });
      const error = await findText(el, '[part~="error"]', 'Slug format is invalid.');
      expect(slug.getAttribute('aria-invalid')).to.equal('true');
      expect(slug.getAttribute('aria-describedby')).to.equal(error.id);

      await sendKeys({ press: 'Backspace' });
      await sendKeys({ press: 'Backspace' });
      expect(slug.value).to.equal(`gobo-works-${suffix}`);
      await sendKeys({ press: 'Enter' });
      await until(() => title(el) === 'Success!' || $(el, '[role="alert"]')?.textContent, 'the outcome', 10_000);
      expect(title(el)).to.equal('Success!');
      expect(journey.events.map((e) => e.type)).to.include('B2B_DISCOVERY_ORGANIZATIONS_CREATE');
    },
  );

  for (const [locale, heading, join] of [
    ['es', 'Selecciona una organización para continuar', 'Unirse'],
    ['fr', 'Choisissez une organisation pour continuer', 'Rejoindre'],
  ] as const) {
    it(`${locale}: Organization discovery in the page's language`, async () => {
      const organization = await makeOrganization();
      history.replaceState(null, '', discoveryLinkUrl(await discoveryLinkToken(memberEmail(organization))));
      const el = mountOrganizationSignIn(undefined, locale);
      await findText(el, '[part~="title"]', heading, 10_000);
      const button = $(el, 'button[part~="organization-button"]')!;
      expect([...button.querySelectorAll('span')].map((s) => s.textContent)).to.deep.equal([organization.name, join]);
    });
  }
});
