/// <reference types="mocha" />
// The magic-link product's pure parts: its config's wire mapping and Email Confirmation's web-mail links.
import { expect } from 'chai';
import { resolveConfig } from '../../config.ts';
import { MAIL_LINKS } from './constants.ts';
import { magicLinkWireOptions } from './config.ts';
import { emailDomainFor, mailLinks } from './mail-links.ts';

describe('magic-link config', () => {
  it(
    'maps emailMagicLinksOptions to the wire names, sends createUserAsPending when true and ' + 'leaves out domainHint',
    () => {
      const config = resolveConfig(
        {
          emailMagicLinksOptions: {
            loginRedirectURL: '/a',
            signupRedirectURL: '/b',
            loginExpirationMinutes: 15,
            createUserAsPending: true,
            domainHint: 'school.example',
            locale: 'es',
          },
        },
        'https://school.example',
      );
      expect(magicLinkWireOptions(config.emailMagicLinksOptions)).to.deep.equal({
        login_magic_link_url: 'https://school.example/a',
        signup_magic_link_url: 'https://school.example/b',
        login_expiration_minutes: 15,
        signup_expiration_minutes: 30,
        locale: 'es',
        create_user_as_pending: true,
      });
    },
  );

  it('sends nothing for createUserAsPending by default (false)', () => {
    const config = resolveConfig({}, 'https://school.example');
    expect(config.emailMagicLinksOptions.createUserAsPending).to.equal(false);
    expect(magicLinkWireOptions(config.emailMagicLinksOptions)).to.not.have.property('create_user_as_pending');
  });
});

describe('web-mail links', () => {
  it('uses domainHint, else the single bootstrap domain, else none', () => {
    expect(emailDomainFor('hint.example', ['a.example'])).to.equal('hint.example');
    expect(emailDomainFor(undefined, ['a.example'])).to.equal('a.example');
    expect(emailDomainFor(undefined, ['a.example', 'b.example'])).to.equal(undefined);
    expect(emailDomainFor(undefined, [])).to.equal(undefined);
  });
  it('links the generic inboxes when there is no domain', () => {
    expect(mailLinks(undefined)).to.deep.equal([
      { label: 'emailConfirmation.openGmail', href: 'https://mail.google.com/mail/u/0/#inbox' },
      { label: 'emailConfirmation.openYahoo', href: 'https://mail.yahoo.com/d/folders/1' },
      { label: 'emailConfirmation.openOutlook', href: 'https://outlook.live.com/mail/0/inbox' },
    ]);
  });
  it('searches Gmail and Yahoo for mail from the domain', () => {
    expect(mailLinks('school.example').map((l) => l.href)).to.deep.equal([
      'https://mail.google.com/mail/u/0/#search/from%3Aschool.example+in%3Aanywhere',
      'https://mail.yahoo.com/d/search/keyword=from%253Aschool.example',
      MAIL_LINKS.outlook,
    ]);
  });
});
