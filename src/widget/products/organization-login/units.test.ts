/// <reference types="mocha" />
// The organization login's pure parts: the organization's slug (from the config, or from the page's URL by the
// project's organization URL template, as the hosted provider's SDK reads it), which sign-in methods it shows, the
// organization link's wire options, and how the record opens at start instead of Main.
import { registerOrganizationProducts } from '../registry.ts';
import { expect } from 'chai';
import { resolveConfig } from '../../config.ts';
import { opensOnMain, startPoint } from '../../machine/start-point.ts';
import { productForMode } from '../registry.ts';
import { organizationLinkWireOptions } from './config.ts';
import { organizationSlug, signInMethods, slugFromUrl, type SlugOrganization } from './organization.ts';

// The organization products register on demand (the element does it for an organization sign-in).
await registerOrganizationProducts();

const TEMPLATE = 'http://localhost:3000/corporate-training/{{slug}}';
const ORGANIZATION_LOGIN = resolveConfig({ authFlowType: 'Organization', products: ['emailMagicLinks', 'sso'] });

function organization(methods: Partial<SlugOrganization>): SlugOrganization {
  return {
    auth_methods: 'ALL_ALLOWED',
    allowed_auth_methods: [],
    sso_active_connections: [{ connection_id: 'c1', display_name: 'Okta', identity_provider: 'okta' }],
    ...methods,
  } as SlugOrganization;
}

describe('organization login', () => {
  it("finds the slug in the page's URL by the template, its query removed; no template or no match: null", () => {
    expect(slugFromUrl(TEMPLATE, 'http://localhost:3000/corporate-training/aurora-theatre')).to.equal('aurora-theatre');
    expect(slugFromUrl(TEMPLATE, 'http://localhost:3000/corporate-training/aurora-theatre?token=x&a=1')).to.equal(
      'aurora-theatre',
    );
    expect(slugFromUrl(TEMPLATE, 'http://localhost:3000/corporate-training/')).to.equal(null);
    expect(slugFromUrl(TEMPLATE, 'http://localhost:3000/student-portal')).to.equal(null);
    // Dots are literal: another host whose name differs only where a dot is does not match.
    expect(slugFromUrl('https://a.example/{{slug}}', 'https://aXexample/lumen')).to.equal(null);
    // `*` is one DNS label (a tenant subdomain), the placeholder anywhere.
    expect(slugFromUrl('https://{{slug}}.*.example/', 'https://lumen-stage.eu.example/')).to.equal('lumen-stage');
    expect(slugFromUrl(null, 'http://localhost:3000/corporate-training/aurora-theatre')).to.equal(null);
    expect(slugFromUrl('https://x.example/(/{{slug}}', 'https://x.example/(/y')).to.equal(null);
  });

  it("takes the config's organizationSlug before the page's URL", () => {
    const url = 'http://localhost:3000/corporate-training/aurora-theatre';
    const bySlug = resolveConfig({ authFlowType: 'Organization', organizationSlug: 'lumen-stage' });
    expect(bySlug.organizationSlug).to.equal('lumen-stage');
    expect(organizationSlug(bySlug, TEMPLATE, url)).to.equal('lumen-stage');
    expect(organizationSlug(ORGANIZATION_LOGIN, TEMPLATE, url)).to.equal('aurora-theatre');
    expect(organizationSlug(ORGANIZATION_LOGIN, null, url)).to.equal(null);
    expect('organizationSlug' in ORGANIZATION_LOGIN).to.equal(false);
  });

  it('shows the methods the page enables and the organization allows', () => {
    const connections = organization({}).sso_active_connections;
    expect(signInMethods(ORGANIZATION_LOGIN, organization({}))).to.deep.equal({ emailLink: true, connections });
    expect(
      signInMethods(ORGANIZATION_LOGIN, organization({ auth_methods: 'RESTRICTED', allowed_auth_methods: ['sso'] })),
    ).to.deep.equal({ emailLink: false, connections });
    expect(
      signInMethods(
        ORGANIZATION_LOGIN,
        organization({ auth_methods: 'RESTRICTED', allowed_auth_methods: ['magic_link', 'password'] }),
      ),
    ).to.deep.equal({ emailLink: true, connections: [] });
    const linksOnly = resolveConfig({ authFlowType: 'Organization', products: ['emailMagicLinks'] });
    expect(signInMethods(linksOnly, organization({}))).to.deep.equal({ emailLink: true, connections: [] });
  });

  it("sends the page's magic-link options under the organization link's wire names", () => {
    const config = resolveConfig(
      {
        authFlowType: 'Organization',
        emailMagicLinksOptions: { loginRedirectURL: '/portal', signupRedirectURL: '/join', locale: 'fr' },
      },
      'https://school.example',
    );
    expect(organizationLinkWireOptions(config)).to.deep.equal({
      login_redirect_url: 'https://school.example/portal',
      signup_redirect_url: 'https://school.example/join',
      login_expiration_minutes: 30,
      signup_expiration_minutes: 30,
      locale: 'fr',
    });
  });

  it("opens at start instead of Main on an Organization sign-in, after a redirect token's product", () => {
    expect(productForMode(undefined, undefined, ORGANIZATION_LOGIN)).to.equal('organizationLogin');
    const discovery = resolveConfig({ authFlowType: 'Discovery', products: ['emailMagicLinks'] });
    expect(productForMode(undefined, undefined, discovery)).to.equal(null);
    expect(opensOnMain(startPoint(undefined, 'https://school.example/', discovery))).to.equal(true);
    const start = startPoint(undefined, 'https://school.example/', ORGANIZATION_LOGIN);
    expect([start.modeProduct, opensOnMain(start)]).to.deep.equal(['organizationLogin', false]);
    const link = startPoint(
      undefined,
      'https://school.example/?stytch_token_type=multi_tenant_magic_links&token=abc',
      ORGANIZATION_LOGIN,
    );
    expect(link.urlToken).to.deep.equal({ product: 'organizationLogin', token: 'abc', use: 'authenticate' });
  });
});
