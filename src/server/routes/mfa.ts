import { Hono } from 'hono';
import { MFA_PATHS } from '../../api/mfa.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { b2bPublicTokenAuth, requireMemberSession } from '../middleware/b2b-auth.ts';
import { getMemberRecoveryCodes, recoverMember, rotateMemberRecoveryCodes } from '../services/mfa-recovery-codes.ts';
import { authenticateMemberSms, sendMemberSms } from '../services/mfa-sms.ts';
import { authenticateMemberTotp, createMemberTotp } from '../services/mfa-totp.ts';
import {
  memberCodeAuthenticateBody,
  memberSmsSendBody,
  memberTotpCreateBody,
  recoveryCodeRecoverBody,
  recoveryCodeRotateBody,
} from './mfa.schemas.ts';

/**
 * Organization members' second factors: authenticator apps (TOTP), SMS passcodes and recovery codes. Before a member
 * session exists, the first factor's intermediate session token (in the body) says who may act; after, the member
 * session (Basic auth) does.
 */
export function mfaRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = b2bPublicTokenAuth(deps);
  const memberSession = requireMemberSession(deps);
  const codeBody = jsonBody(memberCodeAuthenticateBody);

  routes.post(MFA_PATHS.totp, auth, jsonBody(memberTotpCreateBody), async (c) =>
    ok(c, await createMemberTotp(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(MFA_PATHS.totpAuthenticate, auth, codeBody, async (c) =>
    ok(c, await authenticateMemberTotp(deps, requestMeta(c), c.req.valid('json'))),
  );

  routes.post(MFA_PATHS.smsSend, auth, jsonBody(memberSmsSendBody(deps.config)), async (c) =>
    ok(c, await sendMemberSms(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(MFA_PATHS.smsAuthenticate, auth, codeBody, async (c) =>
    ok(c, await authenticateMemberSms(deps, requestMeta(c), c.req.valid('json'))),
  );

  routes.post(MFA_PATHS.recoveryCodesRecover, auth, jsonBody(recoveryCodeRecoverBody), async (c) =>
    ok(c, await recoverMember(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.get(MFA_PATHS.recoveryCodes, auth, memberSession, async (c) =>
    ok(c, await getMemberRecoveryCodes(deps, c.get('memberSession'))),
  );
  routes.post(MFA_PATHS.recoveryCodesRotate, auth, memberSession, jsonBody(recoveryCodeRotateBody), async (c) =>
    ok(c, await rotateMemberRecoveryCodes(deps, c.get('memberSession'))),
  );

  return routes;
}
