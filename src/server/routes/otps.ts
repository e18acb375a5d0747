import { Hono } from 'hono';
import { OTP_METHODS } from '../../api/otps.ts';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { authenticateOtp, sendOtp } from '../services/otps.ts';
import { otpAuthenticateBody, otpSendBody } from './otps.schemas.ts';

/** One-time passcodes by SMS, WhatsApp and email: send (three variants per channel) and authenticate. */
export function otpRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  for (const method of OTP_METHODS) {
    const send = jsonBody(otpSendBody(method, deps.config));
    routes.post(PATHS.otpsLoginOrCreate(method), auth, send, async (c) =>
      ok(c, await sendOtp(deps, requestMeta(c), method, c.req.valid('json'), { kind: 'login_or_create' })),
    );

    routes.post(PATHS.otpsSendPrimary(method), auth, send, async (c) =>
      ok(c, await sendOtp(deps, requestMeta(c), method, c.req.valid('json'), { kind: 'existing_user' })),
    );

    routes.post(PATHS.otpsSendSecondary(method), auth, session, send, async (c) =>
      ok(
        c,
        await sendOtp(deps, requestMeta(c), method, c.req.valid('json'), {
          kind: 'add_to_user',
          userId: c.get('session').userId,
          sessionId: c.get('session').id,
        }),
      ),
    );
  }

  routes.post(PATHS.otpsAuthenticate, auth, jsonBody(otpAuthenticateBody), async (c) =>
    ok(c, await authenticateOtp(deps, requestMeta(c), c.req.valid('json'))),
  );

  return routes;
}
