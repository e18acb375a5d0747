// The SAML identity provider stand-in (development only): Lumen Stage Systems' IdP for the demo. It receives the
// service's AuthnRequest (HTTP-Redirect binding), shows a sign-in page where any address at the organization's domain
// signs in, and answers with a Response it signs with its own key (HTTP-POST binding), exactly as the service's
// Assertion Consumer Service expects from a real IdP. Its key and self-signed certificate are made once per process,
// in memory; the seeded connection is rewritten with the certificate at every start. Tests build their own signed
// Responses with the same helpers and their own keys.
import { randomBytes, webcrypto } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import * as x509 from '@peculiar/x509';
import { DOMParser } from '@xmldom/xmldom';
import { Hono, type Context } from 'hono';
import { SignedXml } from 'xml-crypto';
import { MAX_BODY_BYTES } from '../constants/input-limits.ts';
import { SAML_NAME_ID_FORMAT_EMAIL } from '../constants/sso.ts';
import type { AppEnv, Deps } from '../context.ts';
import { validated } from '../http/edge.ts';
import { ApiError, Errors } from '../http/errors.ts';
import { htmlPage } from '../http/html-page.ts';
import { serviceOrigin } from '../http/request-meta.ts';
import type { JsonObject } from '../http/validate.ts';
import { verbatim } from '../i18n/message.ts';
import { limitBody } from '../middleware/body-limit.ts';
import { errorPage } from '../routes/oauth.ts';
import type { SsoConnectionConfig } from '../services/sso-config.ts';
import { serviceProviderUrls } from '../services/sso-flow.ts';
import { findOrganizationById, type OrganizationRow } from '../store/organizations.ts';
import { findSsoConnection, type SsoConnectionRow } from '../store/sso-connections.ts';
import { recentSsoMembers } from '../store/sso-flows.ts';
import { escapeHtml } from '../views/escape.ts';
import {
  DEV_SAML_ASSERTION_LIFETIME_MS,
  DEV_SAML_CERTIFICATE_LIFETIME_MS,
  DEV_SAML_CONNECTION_ID,
  DEV_SAML_IDP_ENTITY_ID,
  DEV_SAML_IDP_PATH,
  DEV_SSO_RECENT_MEMBERS,
} from './constants.ts';
import { readForm, stringField } from './oauth-routes.ts';
import { atOrganizationDomain, samlPostPage, standInSignInPage } from './sso-stand-in-pages.ts';
import { devSamlRequestQuery, devSamlSignInForm, type DevSamlRequest } from './sso-stand-ins.schemas.ts';

// ---- keys ----

/** A SAML signing key and the self-signed certificate an SP is configured with. */
export interface SamlSigningIdentity {
  privateKeyPem: string;
  certificatePem: string;
}

const RSA_SHA256 = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

/** A fresh RSA key (2048 bits, RSA-SHA256: what IdPs sign with) and a self-signed certificate for it. */
export async function newSamlSigningIdentity(commonName: string, now: number): Promise<SamlSigningIdentity> {
  const keys = await webcrypto.subtle.generateKey(RSA_SHA256, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomBytes(8).toString('hex'),
      name: `CN=${commonName}`,
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + DEV_SAML_CERTIFICATE_LIFETIME_MS),
      signingAlgorithm: RSA_SHA256,
      keys,
    },
    webcrypto as unknown as Crypto,
  );
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return {
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----\n`,
    certificatePem: certificate.toString('pem'),
  };
}

let standInIdentity: Promise<SamlSigningIdentity> | undefined;

/** The stand-in's own identity: made at the first development start of the process, kept in memory only. */
export function samlStandInIdentity(now: number): Promise<SamlSigningIdentity> {
  standInIdentity ??= newSamlSigningIdentity('Dev SAML identity provider', now);
  return standInIdentity;
}

/** The seeded connection of Lumen Stage Systems to the stand-in (its URLs are paths on the service's origin). */
export function devSamlConnection(certificatePem: string): SsoConnectionConfig {
  return {
    connection_id: DEV_SAML_CONNECTION_ID,
    organization_slug: 'lumen-stage',
    display_name: 'Lumen Stage Systems SSO (dev SAML)',
    identity_provider: 'generic',
    jit_provisioning_allowed: true,
    attribute_mapping: { email: 'email', first_name: 'first_name', last_name: 'last_name' },
    idp_entity_id: DEV_SAML_IDP_ENTITY_ID,
    idp_sso_url: DEV_SAML_IDP_PATH,
    x509_certificates: [certificatePem],
  };
}

// ---- Responses ----

/** What one Response says; null leaves an optional attribute out. Times are epoch milliseconds. */
export interface SamlResponseFields {
  issuer: string;
  /** Response@Destination. */
  destination: string | null;
  /** Response@InResponseTo. */
  responseInResponseTo: string | null;
  /** The bearer SubjectConfirmationData's Recipient and InResponseTo. */
  recipient: string;
  inResponseTo: string | null;
  audience: string;
  nameId: string;
  attributes: Record<string, string>;
  issuedAt: number;
  notBefore: number;
  notOnOrAfter: number;
  assertionId?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const xmlId = () => `_${randomBytes(20).toString('hex')}`;

/** An unsigned SAML 2.0 Response with one assertion, as an IdP writes it (sign it with signSamlXml). */
export function samlResponseXml(fields: SamlResponseFields): string {
  const x = escapeHtml;
  const optional = (name: string, value: string | null) => (value === null ? '' : ` ${name}="${x(value)}"`);
  const attributes = Object.entries(fields.attributes)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${x(name)}"><saml:AttributeValue>${x(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return (
    '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ' +
    `xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${xmlId()}" Version="2.0" ` +
    `IssueInstant="${iso(fields.issuedAt)}"${optional('Destination', fields.destination)}` +
    `${optional('InResponseTo', fields.responseInResponseTo)}>` +
    `<saml:Issuer>${x(fields.issuer)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `<saml:Assertion ID="${x(fields.assertionId ?? xmlId())}" Version="2.0" IssueInstant="${iso(fields.issuedAt)}">` +
    `<saml:Issuer>${x(fields.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${SAML_NAME_ID_FORMAT_EMAIL}">${x(fields.nameId)}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData${optional('InResponseTo', fields.inResponseTo)} ` +
    `NotOnOrAfter="${iso(fields.notOnOrAfter)}" Recipient="${x(fields.recipient)}"/>` +
    '</saml:SubjectConfirmation></saml:Subject>' +
    `<saml:Conditions NotBefore="${iso(fields.notBefore)}" NotOnOrAfter="${iso(fields.notOnOrAfter)}">` +
    `<saml:AudienceRestriction><saml:Audience>${x(fields.audience)}</saml:Audience></saml:AudienceRestriction>` +
    '</saml:Conditions>' +
    `<saml:AuthnStatement AuthnInstant="${iso(fields.issuedAt)}" SessionIndex="${xmlId()}"><saml:AuthnContext>` +
    '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport' +
    '</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    '</saml:Assertion></samlp:Response>'
  );
}

/**
 * Signs the Assertion or the whole Response (enveloped RSA-SHA256, exclusive c14n), the signature placed after the
 * element's Issuer as the schema wants it.
 */
export function signSamlXml(xml: string, identity: SamlSigningIdentity, element: 'Assertion' | 'Response'): string {
  const target = element === 'Response' ? "/*[local-name(.)='Response']" : "//*[local-name(.)='Assertion']";
  const signature = new SignedXml({
    privateKey: identity.privateKeyPem,
    publicCert: identity.certificatePem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: target,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(xml, {
    location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signature.getSignedXml();
}

// ---- the stand-in's pages ----

/** The AuthnRequest as the stand-in reads it, with the connection and organization it is for. */
interface StandInRequest {
  requestId: string;
  acsUrl: string;
  spEntityId: string;
  connection: SsoConnectionRow;
  organization: OrganizationRow;
}

/**
 * GET /dev/sso/saml shows the sign-in page for the AuthnRequest; POST signs the chosen identity in and answers the
 * page that posts the signed Response to the service.
 */
export function devSamlRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const origin = (c: Context<AppEnv>) => serviceOrigin(c, deps.config.publicUrl);

  routes.get(DEV_SAML_IDP_PATH, async (c) => {
    try {
      const request = validated(devSamlRequestQuery, c.req.query());
      return await signInPage(c, request, await readRequest(deps, request.SAMLRequest, origin(c)), {});
    } catch (error) {
      return errorPage(c, error);
    }
  });

  routes.post(DEV_SAML_IDP_PATH, limitBody(MAX_BODY_BYTES), async (c) => {
    const form = await readForm(c);
    try {
      const request = validated(devSamlRequestQuery, form);
      const read = await readRequest(deps, request.SAMLRequest, origin(c));
      try {
        const { email, name } = validated(devSamlSignInForm, form);
        atOrganizationDomain(read.organization, email);
        return htmlPage(c, await signedResponsePage(deps, read, request.RelayState, email, name ?? ''));
      } catch (error) {
        // A mistake in the form shows the page again with the message; the request is still good.
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        return await signInPage(c, request, read, form, error.message);
      }
    } catch (error) {
      return errorPage(c, error);
    }
  });

  async function signInPage(
    c: Context<AppEnv>,
    request: DevSamlRequest,
    read: StandInRequest,
    form: JsonObject,
    error?: string,
  ): Promise<Response> {
    const page = standInSignInPage({
      protocol: 'SAML',
      organizationName: read.organization.name,
      domains: read.organization.email_allowed_domains,
      hidden: { SAMLRequest: request.SAMLRequest, RelayState: request.RelayState },
      members: await recentSsoMembers(deps.db, read.connection.id, DEV_SSO_RECENT_MEMBERS),
      values: { email: stringField(form, 'email'), name: stringField(form, 'name') },
      ...(error ? { error } : {}),
    });
    return htmlPage(c, page, error ? 400 : 200);
  }

  return routes;
}

/**
 * The AuthnRequest, checked to be one the service sent for a connection this stand-in serves: its ACS URL and issuer
 * are the service's for that connection, so the stand-in never signs an assertion for anyone else.
 */
async function readRequest(deps: Deps, encoded: string, origin: string): Promise<StandInRequest> {
  const refuse = (reason: string) => Errors.invalidRequest('devSsoRequestNotValid', { reason: verbatim(reason) });
  let request: Element | undefined;
  try {
    const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    request = new DOMParser().parseFromString(xml, 'text/xml').documentElement ?? undefined;
  } catch {
    throw refuse('the SAMLRequest is not a deflated XML document');
  }
  if (request?.localName !== 'AuthnRequest') throw refuse('the SAMLRequest is not an AuthnRequest');
  const requestId = request.getAttribute('ID') ?? '';
  const acsUrl = request.getAttribute('AssertionConsumerServiceURL') ?? '';
  const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent;
  const prefix = serviceProviderUrls(origin, '').callbackUrl;
  const connectionId = acsUrl.startsWith(prefix) ? decodeURIComponent(acsUrl.slice(prefix.length)) : '';
  const connection = connectionId ? await findSsoConnection(deps.db, connectionId) : null;
  if (!requestId || !connection || connection.source !== 'dev' || connection.kind !== 'saml') {
    throw refuse('its AssertionConsumerServiceURL is not a development SAML connection of this service');
  }
  const urls = serviceProviderUrls(origin, connection.id);
  if (acsUrl !== urls.callbackUrl || issuer !== urls.entityId) throw refuse('its Issuer is not the service');
  const organization = await findOrganizationById(deps.db, connection.organization_id);
  if (!organization) throw refuse('its organization no longer exists');
  return { requestId, acsUrl, spEntityId: urls.entityId, connection, organization };
}

async function signedResponsePage(
  deps: Deps,
  request: StandInRequest,
  relayState: string,
  email: string,
  name: string,
): Promise<string> {
  const now = deps.config.now();
  const [first = '', ...rest] = (name.trim() || email.slice(0, email.indexOf('@'))).split(/\s+/);
  const xml = samlResponseXml({
    issuer: DEV_SAML_IDP_ENTITY_ID,
    destination: request.acsUrl,
    responseInResponseTo: request.requestId,
    recipient: request.acsUrl,
    inResponseTo: request.requestId,
    audience: request.spEntityId,
    nameId: email,
    attributes: { email, first_name: first, last_name: rest.join(' ') },
    issuedAt: now,
    notBefore: now,
    notOnOrAfter: now + DEV_SAML_ASSERTION_LIFETIME_MS,
  });
  const signed = signSamlXml(xml, await samlStandInIdentity(now), 'Assertion');
  return samlPostPage({
    acsUrl: request.acsUrl,
    samlResponse: Buffer.from(signed, 'utf8').toString('base64'),
    relayState,
    email,
  });
}
