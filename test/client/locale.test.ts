/// <reference types="mocha" />
// The headless client's `locale`: sent as Accept-Language on every /sdk/v1 call while set, changeable
// between calls, and not set by the client when absent (the browser's own header then goes).
import { expect } from 'chai';
import { LOCALE_HEADER } from '../../src/api/locales.ts';
import { uniqueEmail } from '../support/env.ts';
import { freshClientState, makeClient } from '../support/client.ts';

const SEND = '/sdk/v1/magic_links/email/login_or_create';

describe('client locale', () => {
  const fresh = freshClientState();

  it('sends Accept-Language from the option, then from the property once changed', async () => {
    const client = makeClient({ locale: 'es-MX' });
    expect(client.locale).to.equal('es-MX');
    await client.magicLinks.email.loginOrCreate(uniqueEmail());
    client.locale = 'fr';
    await client.magicLinks.email.loginOrCreate(uniqueEmail());
    expect(fresh.rec.to(SEND).map((request) => request.headers.get(LOCALE_HEADER))).to.deep.equal(['es-MX', 'fr']);
  });

  it('sets no Accept-Language of its own without a locale, nor after it is cleared', async () => {
    const client = makeClient();
    expect(client.locale).to.equal(undefined);
    await client.magicLinks.email.loginOrCreate(uniqueEmail());
    client.locale = 'fr';
    client.locale = '';
    await client.magicLinks.email.loginOrCreate(uniqueEmail());
    expect(fresh.rec.to(SEND).map((request) => request.headers.get(LOCALE_HEADER))).to.deep.equal([null, null]);
  });
});
