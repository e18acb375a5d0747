// SAML 2.0 connections: the start (an AuthnRequest to the organization's IdP, its ID and RelayState remembered as
// digests), the Assertion Consumer Service (the IdP's signed Response, checked by security/saml.ts, then decided once
// in the database), and the metadata an administrator gives their IdP.
import { SAML_DEFAULT_ATTRIBUTES } from '../constants/sso.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { normalizeEmail } from '../http/validate.ts';
import {
  samlAuthnRequestUrl,
  samlMetadata,
  samlRequestId,
  verifySamlResponse,
  type SamlIdentityProvider,
  type SamlServiceProvider,
  type VerifiedAssertion,
} from '../security/saml.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import type { SsoConnectionRow } from '../store/sso-connections.ts';
import { consumeSsoState, recordSamlAssertion } from '../store/sso-flows.ts';
import type { SsoAcsInput } from '../routes/sso.schemas.ts';
import { reserveAuthAttempt } from './client-limits.ts';
import {
  activeConnection,
  completeSso,
  rememberSsoStart,
  type SsoFlowTarget,
  connectionUrl,
  serviceProviderUrls,
  type SsoIdentity,
} from './sso-flow.ts';

function serviceProvider(origin: string, connection: SsoConnectionRow): SamlServiceProvider {
  const urls = serviceProviderUrls(origin, connection.id);
  return { entityId: urls.entityId, acsUrl: urls.callbackUrl };
}

function identityProvider(origin: string, connection: SsoConnectionRow): SamlIdentityProvider {
  return {
    entityId: connection.idp_entity_id,
    ssoUrl: connectionUrl(connection.idp_sso_url, origin),
    certificates: connection.idp_certificates,
  };
}

/** The start: the state row (RelayState and request ID, both as digests), then the IdP's URL with the request. */
export async function startSaml(
  deps: Deps,
  connection: SsoConnectionRow,
  flow: SsoFlowTarget,
  origin: string,
): Promise<string> {
  const relayState = newSecretToken();
  const requestId = samlRequestId(newSecretToken());
  await rememberSsoStart(deps, connection.id, flow, { state: relayState, requestId });
  return samlAuthnRequestUrl(serviceProvider(origin, connection), identityProvider(origin, connection), {
    requestId,
    relayState,
  });
}

/**
 * POST /v1/b2b/sso/callback/:connection_id with a SAMLResponse: verified against the connection (security/saml.ts),
 * then, in one transaction, the assertion id is recorded (a replay, even in parallel, finds it) and the request it
 * answers is used up (the RelayState and InResponseTo of a sign-in we started, not yet answered). Answers the site URL
 * with the sso token.
 */
export async function finishSamlResponse(
  deps: Deps,
  meta: RequestMeta,
  connectionId: string,
  input: SsoAcsInput,
  origin: string,
): Promise<string> {
  const connection = await activeConnection(deps, connectionId);
  if (connection.kind !== 'saml') throw Errors.ssoConnectionNotFound();
  // Parsing and verifying a signature costs more than any other check: a client posting junk spends its failure
  // budget, as a wrong passcode would; a Response that signs someone in gives the attempt back.
  const attempt = await reserveAuthAttempt(deps, meta);
  const assertion = await verifySamlResponse(
    serviceProvider(origin, connection),
    identityProvider(origin, connection),
    input.SAMLResponse,
    deps.config.now(),
  );
  const identity = samlIdentity(connection, assertion);
  const location = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const fresh = await recordSamlAssertion(tx, {
      connectionId: connection.id,
      assertionId: assertion.assertionId,
      expiresAt: assertion.replayableUntil,
    });
    if (!fresh) throw Errors.duplicateSamlResponse();
    const state = await consumeSsoState(tx, {
      stateHash: hashToken(input.RelayState),
      connectionId: connection.id,
      requestIdHash: hashToken(assertion.inResponseTo),
      now,
    });
    if (!state) throw Errors.unsolicitedSamlResponse();
    return completeSso({ ...deps, db: tx }, connection, state, identity);
  });
  await attempt.release();
  return location;
}

/** GET /v1/b2b/sso/saml/metadata/:connection_id */
export async function samlMetadataFor(deps: Deps, connectionId: string, origin: string): Promise<string> {
  const connection = await activeConnection(deps, connectionId);
  if (connection.kind !== 'saml') throw Errors.ssoConnectionNotFound();
  return samlMetadata(serviceProvider(origin, connection));
}

/**
 * The member the assertion names, through the connection's attribute mapping (or the usual attribute names): the
 * address from its attribute, else the NameID when it is one; the name from first and last name, else the full name.
 */
function samlIdentity(connection: SsoConnectionRow, assertion: VerifiedAssertion): SsoIdentity {
  const mapping = connection.attribute_mapping;
  const value = (field: string, defaults: readonly string[]) => {
    const names = mapping[field] ? [mapping[field]] : defaults;
    for (const name of names) {
      const found = assertion.attributes[name]?.[0];
      if (found) return found;
    }
    return '';
  };
  const rawEmail =
    value('email', SAML_DEFAULT_ATTRIBUTES.email) || (assertion.nameId.includes('@') ? assertion.nameId : '');
  let email: string;
  try {
    email = normalizeEmail(rawEmail);
  } catch {
    throw Errors.invalidSamlResponseEmail();
  }
  const parts = [
    value('first_name', SAML_DEFAULT_ATTRIBUTES.firstName),
    value('last_name', SAML_DEFAULT_ATTRIBUTES.lastName),
  ];
  const name = parts.filter(Boolean).join(' ') || value('full_name', SAML_DEFAULT_ATTRIBUTES.fullName);
  return { email, name, externalId: assertion.nameId };
}
