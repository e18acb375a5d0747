// The SAML 2.0 service provider: the AuthnRequest we send an organization's identity provider (HTTP-Redirect
// binding), the metadata we publish, and the checks every Response must pass before anyone is signed in. The XML
// signature (and the protections against signature wrapping: exactly one assertion, the signed bytes only) is
// @node-saml/node-saml's, on xml-crypto; the rest is checked here on the assertion the library verified, with the
// service's own clock. InResponseTo and the assertion id are only read here: the caller decides them atomically in
// the database (services/sso-saml.ts), because a check in memory cannot stop a parallel replay.
import { generateServiceProviderMetadata, SAML, SamlStatusError, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { SAML_CLOCK_SKEW_MS, SAML_NAME_ID_FORMAT_EMAIL } from '../constants/sso.ts';
import { type ApiError, Errors } from '../http/errors.ts';
import { message, verbatim } from '../i18n/message.ts';

/** What this service is for one connection. */
export interface SamlServiceProvider {
  /** Our entity id: the audience every assertion must name (the connection's metadata URL). */
  entityId: string;
  /** The Assertion Consumer Service URL: the Destination and the bearer Recipient every answer must name. */
  acsUrl: string;
}

/** The organization's identity provider, as its administrator configured the connection. */
export interface SamlIdentityProvider {
  /** The Issuer its assertions must carry; empty: not checked. */
  entityId: string;
  /** Where the AuthnRequest is sent (HTTP-Redirect binding). */
  ssoUrl: string;
  /** PEM certificates whose keys may sign its Responses or assertions (more than one during a rollover). */
  certificates: readonly string[];
}

/** An assertion that passed every check, with what the caller still decides (replay, InResponseTo). */
export interface VerifiedAssertion {
  assertionId: string;
  /** The AuthnRequest ID the signed bearer confirmation answers. */
  inResponseTo: string;
  nameId: string;
  nameIdFormat: string;
  /** Attribute values by the name the IdP sent them under. */
  attributes: Record<string, string[]>;
  /** Until when (epoch ms) the assertion could be presented again: its latest NotOnOrAfter plus the clock skew. */
  replayableUntil: number;
}

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/**
 * The library, set up for one connection. Three of its checks are turned off on purpose, each done by us instead:
 * InResponseTo (decided once, in the database), the timestamps (its clock is the process's, ours is the service's
 * injectable one) and the audience (so a wrong one has its own error type). Either the Response or the assertion must
 * be signed by a configured certificate; an unsigned one never passes.
 */
function samlLibrary(sp: SamlServiceProvider, idp: SamlIdentityProvider, requestId?: string): SAML {
  return new SAML({
    callbackUrl: sp.acsUrl,
    issuer: sp.entityId,
    entryPoint: idp.ssoUrl,
    idpCert: [...idp.certificates],
    audience: false,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.never,
    acceptedClockSkewMs: -1,
    identifierFormat: SAML_NAME_ID_FORMAT_EMAIL,
    // The organization's IdP decides how its people authenticate (password, passkey, its own MFA): asking for one
    // context class would refuse the others.
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** The IdP's sign-in URL with our deflated AuthnRequest (ID `requestId`) and the RelayState. */
export async function samlAuthnRequestUrl(
  sp: SamlServiceProvider,
  idp: SamlIdentityProvider,
  flow: { requestId: string; relayState: string },
): Promise<string> {
  return samlLibrary(sp, idp, flow.requestId).getAuthorizeUrlAsync(flow.relayState, undefined, {});
}

/** A SAML ID (an NCName: it may not start with a digit) made from a random secret. */
export function samlRequestId(secret: string): string {
  return `_${Buffer.from(secret, 'base64url').toString('hex')}`;
}

/** The service provider's metadata for one connection: entity id, ACS (HTTP-POST), the NameID format asked for. */
export function samlMetadata(sp: SamlServiceProvider): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: SAML_NAME_ID_FORMAT_EMAIL,
    // Asked of the IdP: a signed assertion protects exactly what is read. A signed Response alone is accepted too.
    wantAssertionsSigned: true,
  });
}

/**
 * Checks a base64 SAMLResponse from the ACS form post against the connection at `now` (the service's clock), and
 * answers the verified assertion. Every refusal is an ApiError with the hosted provider's error type.
 */
export async function verifySamlResponse(
  sp: SamlServiceProvider,
  idp: SamlIdentityProvider,
  encoded: string,
  now: number,
): Promise<VerifiedAssertion> {
  const response = parseResponse(encoded);
  if (!hasSignature(response)) throw Errors.missingSignatureSamlResponse();
  // A Destination the IdP named must be us (SAML core 3.2.2); when the Response is signed it is covered by the
  // signature. The bearer Recipient below is inside the signed assertion in every case.
  const destination = response.getAttribute('Destination');
  if (destination && destination !== sp.acsUrl) throw invalid('samlDestinationWrong');
  const responseInResponseTo = response.getAttribute('InResponseTo');

  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
  try {
    ({ profile } = await samlLibrary(sp, idp).validatePostResponseAsync({ SAMLResponse: encoded }));
  } catch (error) {
    if (error instanceof SamlStatusError) throw Errors.failedSamlResponse(verbatim(error.message));
    const reason = error instanceof Error ? error.message : String(error);
    if (/signature/i.test(reason)) throw Errors.invalidSignatureSamlResponse();
    throw Errors.invalidSamlResponse(verbatim(reason));
  }
  const signed = profile?.getAssertion?.();
  const assertion = isNode(signed) ? first(signed, 'Assertion') : undefined;
  if (!profile || !assertion) throw invalid('samlAssertionMissing');

  const assertionId = attribute(assertion, 'ID');
  if (!assertionId) throw invalid('samlAssertionIdMissing');
  const issuer = text(first(assertion, 'Issuer'));
  if (idp.entityId && issuer !== idp.entityId) throw invalid('samlIssuerWrong');

  const subject = first(assertion, 'Subject');
  const nameIdNode = subject ? first(subject, 'NameID') : undefined;
  const nameId = text(nameIdNode).trim();
  if (!nameId) throw invalid('samlSubjectMissing');

  const confirmation = children(subject, 'SubjectConfirmation')
    .filter((node) => attribute(node, 'Method') === BEARER)
    .map((node) => first(node, 'SubjectConfirmationData'))
    .find((node) => node !== undefined);
  if (!confirmation) throw invalid('samlBearerConfirmationMissing');
  if (attribute(confirmation, 'Recipient') !== sp.acsUrl) throw invalid('samlRecipientWrong');
  // Only a sign-in we started is accepted (no IdP-initiated SSO): the signed confirmation names our request, and a
  // Response that names one too must name the same.
  const inResponseTo = attribute(confirmation, 'InResponseTo');
  if (!inResponseTo || (responseInResponseTo && responseInResponseTo !== inResponseTo)) {
    throw Errors.unsolicitedSamlResponse();
  }
  const confirmationNotOnOrAfter = timeOf(attribute(confirmation, 'NotOnOrAfter'), 'NotOnOrAfter');
  if (confirmationNotOnOrAfter === null) throw invalid('samlNotOnOrAfterMissing');
  checkWindow(now, timeOf(attribute(confirmation, 'NotBefore'), 'NotBefore'), confirmationNotOnOrAfter);

  const conditions = first(assertion, 'Conditions');
  if (!conditions) throw Errors.invalidAudienceSamlResponse();
  const conditionsNotOnOrAfter = timeOf(attribute(conditions, 'NotOnOrAfter'), 'NotOnOrAfter');
  checkWindow(now, timeOf(attribute(conditions, 'NotBefore'), 'NotBefore'), conditionsNotOnOrAfter);
  // Every AudienceRestriction must name us (SAML core 2.5.1.4: the restrictions all apply).
  const restrictions = children(conditions, 'AudienceRestriction');
  const forUs = (restriction: XmlNode) => children(restriction, 'Audience').some((node) => text(node) === sp.entityId);
  if (restrictions.length === 0 || !restrictions.every(forUs)) throw Errors.invalidAudienceSamlResponse();

  return {
    assertionId,
    inResponseTo,
    nameId,
    nameIdFormat: attribute(nameIdNode, 'Format') ?? '',
    attributes: attributesOf(assertion),
    replayableUntil: Math.max(confirmationNotOnOrAfter, conditionsNotOnOrAfter ?? 0) + SAML_CLOCK_SKEW_MS,
  };
}

/** Why a Response is not acceptable, beyond signature, audience and time (the catalogue's reasons). */
type SamlReason =
  | 'samlNotXml'
  | 'samlDestinationWrong'
  | 'samlRecipientWrong'
  | 'samlAssertionMissing'
  | 'samlAssertionIdMissing'
  | 'samlIssuerWrong'
  | 'samlSubjectMissing'
  | 'samlBearerConfirmationMissing'
  | 'samlNotOnOrAfterMissing';

function invalid(reason: SamlReason): ApiError {
  return Errors.invalidSamlResponse(message(reason));
}

/** The Response element of the decoded post, or a refusal when it is not one SAML Response document. */
function parseResponse(encoded: string): Element {
  const xml = Buffer.from(encoded, 'base64').toString('utf8');
  let document: Document | undefined;
  try {
    document = new DOMParser({
      errorHandler: {
        warning: () => undefined,
        error: (reason: string) => {
          throw new Error(reason);
        },
        fatalError: (reason: string) => {
          throw new Error(reason);
        },
      },
    }).parseFromString(xml, 'text/xml');
  } catch {
    throw invalid('samlNotXml');
  }
  const root = document?.documentElement;
  // A SAML message never has a DTD: one that does is refused before anything reads its entities.
  if (document?.doctype || root?.localName !== 'Response' || root.namespaceURI !== PROTOCOL_NS) {
    throw invalid('samlNotXml');
  }
  return root;
}

/** Whether the Response or one of its assertions carries an XML signature at all (valid or not is the library's). */
function hasSignature(response: Element): boolean {
  const signedElements = [response, ...elementChildren(response, ASSERTION_NS, 'Assertion')];
  return signedElements.some((element) => elementChildren(element, DSIG_NS, 'Signature').length > 0);
}

function elementChildren(parent: Element, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.localName === localName && element.namespaceURI === namespace) {
      found.push(element);
    }
  }
  return found;
}

/** NotBefore <= now < NotOnOrAfter, each widened by the clock skew. */
function checkWindow(now: number, notBefore: number | null, notOnOrAfter: number | null): void {
  if (notBefore !== null && now + SAML_CLOCK_SKEW_MS < notBefore) throw Errors.notYetValidSamlResponse();
  if (notOnOrAfter !== null && now - SAML_CLOCK_SKEW_MS >= notOnOrAfter) throw Errors.expiredSamlResponse();
}

function timeOf(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw Errors.invalidSamlResponse(message('samlTimeNotValid', { name }));
  return time;
}

// The verified assertion as the library parses it (xml2js: namespace prefixes stripped, attributes under `$`, text
// under `_`, every child element in an array).

interface XmlNode {
  $?: Record<string, string>;
  _?: string;
  [child: string]: unknown;
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

function first(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  if (Array.isArray(value)) return value.find(isNode);
  return isNode(value) ? value : undefined;
}

function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.$?.[name];
  return typeof value === 'string' ? value : undefined;
}

function text(node: XmlNode | undefined): string {
  return typeof node?._ === 'string' ? node._ : '';
}

/** Every attribute of every AttributeStatement, by Name, its values as text (values with markup are skipped). */
function attributesOf(assertion: XmlNode): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const statement of children(assertion, 'AttributeStatement')) {
    for (const node of children(statement, 'Attribute')) {
      const name = attribute(node, 'Name');
      if (!name) continue;
      const values = children(node, 'AttributeValue')
        .map((value) => text(value).trim())
        .filter(Boolean);
      attributes[name] = [...(attributes[name] ?? []), ...values];
    }
  }
  return attributes;
}
