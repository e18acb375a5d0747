import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { CAPTCHA_REQUIRED_TEXT } from '../../api/errors.ts';
import { DFP_SCRIPT_PATH, DFP_SUBMIT_PATH, type DfpSubmitResponse } from '../../api/dfp.ts';
import { MAX_BODY_BYTES } from '../constants/input-limits.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJson } from '../http/body.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { Errors } from '../http/errors.ts';
import { requestMeta } from '../http/request-meta.ts';
import { limitBody } from '../middleware/body-limit.ts';
import { sdkCors } from '../middleware/cors.ts';
import { ipSubject } from '../security/rate-limit.ts';
import { secretsEqual } from '../security/tokens.ts';
import { issueTelemetryId, judgeProtectedCall, PROTECTED_PATHS } from '../services/dfp.ts';
import { TELEMETRY_SCRIPT } from '../views/telemetry-script.ts';
import { dfpSubmitBody, protectedCallFields } from './dfp.schemas.ts';

/**
 * GET /telemetry.js (the fingerprinting script) and POST /dfp/submit (its backend), mounted while the project's
 * protection is on (`config.dfp`).
 */
export function dfpRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(DFP_SCRIPT_PATH, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    // Pages load it cross-origin; a new release of the script should reach them within the hour.
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.body(TELEMETRY_SCRIPT);
  });
  // The script runs on the calling page, so its post is cross-origin, like the SDK's calls.
  routes.use(DFP_SUBMIT_PATH, sdkCors(deps.config.allowedOrigins), limitBody(MAX_BODY_BYTES));
  routes.post(DFP_SUBMIT_PATH, jsonBody(dfpSubmitBody), async (c) => {
    // Telemetry, like POST /events: the same per-IP budget, so a flood of submits costs one statement each.
    await deps.limits.ipEvents.take(ipSubject(requestMeta(c).ipAddress), deps.config.now());
    const input = c.req.valid('json');
    if (!secretsEqual(input.public_token, deps.config.publicToken)) throw Errors.unknownPublicToken();
    const telemetryId = await issueTelemetryId(deps, input.signals, requestMeta(c));
    return ok(c, { telemetry_id: telemetryId } satisfies Omit<DfpSubmitResponse, 'request_id' | 'status_code'>);
  });
  return routes;
}

/**
 * The protected send and login calls under the project's mode (services/dfp.ts), on `sdk` (the /sdk/v1 sub-app,
 * before its routes): a call the mode refuses is answered with the provider's non-JSON `Captcha required` (wire
 * contract 1.4) before its route runs. The body is read here and cached, so the route reads it again unchanged; a
 * malformed body is the route's business.
 */
export function protectDfpPaths(sdk: Hono<AppEnv>, deps: Deps): void {
  const judge: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== 'POST') return next();
    let body: unknown = null;
    try {
      body = await readJson(c, {});
    } catch {
      // The route answers it with its error_type.
    }
    const fields = v.safeParse(protectedCallFields, body);
    const verdict = await judgeProtectedCall(deps, {
      telemetryId: fields.success ? fields.output.dfp_telemetry_id : undefined,
      captchaToken: fields.success ? fields.output.captcha_token : undefined,
    });
    if (verdict === 'captcha') return c.text(CAPTCHA_REQUIRED_TEXT, 403);
    return next();
  };
  for (const path of PROTECTED_PATHS) sdk.use(path, judge);
}
