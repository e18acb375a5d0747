// The organization API in production mode: the demo's seeded partner organizations do not exist (they are dev tools,
// behind the dev fence), organizations are not created through discovery unless the operator enables it, and the
// discovery link goes out by SMTP like every production email.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BootstrapResponse } from '../../src/api/bootstrap.ts';
import { B2B_PATHS, type OrganizationSearchResponse } from '../../src/api/organizations.ts';
import { PATHS } from '../../src/api/paths.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { SEED_ORGANIZATIONS } from '../../src/server/dev/organization-seeds.ts';
import { startSmtpServer, type TestSmtpServer } from './delivery-servers.ts';
import { b2bPost, uniqueDomain } from './organizations-support.ts';
import { dataOf, PORTAL_URL, startTestService, type TestService } from './support.ts';

let t: TestService;
let smtp: TestSmtpServer;
before(async () => {
  smtp = await startSmtpServer();
  // devInbox asks for the dev tools, seeds included; production ignores it.
  t = await startTestService({ mode: 'production', smtp: { url: smtp.url }, devInbox: true });
});
after(async () => {
  await t.close();
  await smtp.close();
});

describe('organizations in production', () => {
  it('has none of the dev seeds: no row, and the slug lookup finds nothing', async () => {
    const [row] = await t.service.db.query<{ n: number }>('select count(*)::int as n from organizations', []);
    assert.equal(row?.n, 0);
    for (const seed of SEED_ORGANIZATIONS) {
      const found = await dataOf<OrganizationSearchResponse>(
        await b2bPost(t, B2B_PATHS.organizationsSearch, { organization_slug: seed.slug }),
      );
      assert.equal(found.organization, null, seed.slug);
    }
  });

  it('does not offer organization creation by default', async () => {
    const b2b = await dataOf<BootstrapResponse>(
      await t.service.app.request(`${SDK_BASE_PATH}${PATHS.bootstrap(DEFAULT_B2B_PUBLIC_TOKEN)}`),
    );
    assert.deepEqual([b2b.vertical, b2b.create_organization_enabled], ['B2B', false]);
  });

  it('sends the discovery link by SMTP', async () => {
    const email = `prod@${uniqueDomain()}`;
    await dataOf(
      await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
        email_address: email,
        discovery_redirect_url: PORTAL_URL,
      }),
    );
    const mail = smtp.mails.find((received) => received.envelopeTo.includes(email));
    assert.ok(mail, 'the SMTP server received the link');
    assert.equal(mail.parsed.subject, 'Your Westlight University login link');
  });
});
