// The production captcha: a reCAPTCHA Enterprise token is solved when Google's assessment of it (one REST call per
// token, `projects.assessments.create`) says the token is valid, was made for the LOGIN action, and scores at least
// `minScore`. Anything else fails closed: a network error, a timeout, a non-2xx answer or one of another shape is "not
// solved", and is logged once (without the token or the API key), since it means the service cannot reach Google and
// every flagged device is being refused.
import * as v from 'valibot';
import type { RecaptchaOptions } from '../config.ts';
import { RECAPTCHA_ACTION } from '../../api/bootstrap.ts';
import { RECAPTCHA_MAX_TOKEN_LENGTH } from '../constants/recaptcha.ts';
import type { CaptchaVerifier } from './dfp.ts';

/** The body of `POST /v1/projects/{projectId}/assessments`: the token, the key it was made with, the action. */
export interface AssessmentRequest {
  event: { token: string; siteKey: string; expectedAction: string };
}

/** The parts of Google's assessment the decision reads; Google's answer has more, which is ignored. */
const assessmentAnswer = v.object({
  tokenProperties: v.object({ valid: v.boolean(), action: v.optional(v.string()) }),
  riskAnalysis: v.optional(v.object({ score: v.optional(v.number()) })),
});

type Assessment = { ok: true; solved: boolean } | { ok: false; reason: string };

/** The verifier for the configured reCAPTCHA Enterprise key; `log` gets one line per failed assessment call. */
export function recaptchaVerifier(
  settings: Required<RecaptchaOptions>,
  log: (line: string) => void = (line) => console.error(line),
): CaptchaVerifier {
  const path = `/v1/projects/${encodeURIComponent(settings.projectId)}/assessments`;
  const url = `${settings.apiUrl}${path}?${new URLSearchParams({ key: settings.apiKey })}`;
  return async (token) => {
    if (token.length > RECAPTCHA_MAX_TOKEN_LENGTH) return false;
    const outcome = await assess(url, settings, token);
    if (outcome.ok) return outcome.solved;
    log(`[identity service] reCAPTCHA assessment failed, captcha counted as not solved: ${outcome.reason}`);
    return false;
  };
}

async function assess(url: string, settings: Required<RecaptchaOptions>, token: string): Promise<Assessment> {
  const request: AssessmentRequest = { event: { token, siteKey: settings.siteKey, expectedAction: RECAPTCHA_ACTION } };
  let answer: unknown;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      // The URL carries the API key: it goes to the configured host or nowhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: `answered ${response.status}` };
    }
    answer = await response.json();
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, reason: 'the answer is not JSON' };
    if (error instanceof Error && error.name === 'TimeoutError') return { ok: false, reason: 'timed out' };
    return { ok: false, reason: networkFailure(error) };
  }
  const parsed = v.safeParse(assessmentAnswer, answer);
  if (!parsed.success) return { ok: false, reason: 'the answer is not an assessment' };
  const { tokenProperties, riskAnalysis } = parsed.output;
  // An invalid token (expired, reused, forged, another key's) is a visitor's failure, not the service's: not logged.
  if (!tokenProperties.valid || tokenProperties.action !== RECAPTCHA_ACTION) return { ok: true, solved: false };
  const score = riskAnalysis?.score;
  if (score === undefined) return { ok: false, reason: 'a valid token without a risk score' };
  return { ok: true, solved: score >= settings.minScore };
}

/**
 * What went wrong on the way to Google, by error code only (`ECONNREFUSED`, `ENOTFOUND`): a message could quote the
 * URL, and with it the API key.
 */
function networkFailure(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return `could not reach Google (${typeof cause?.code === 'string' ? cause.code : 'network error'})`;
}
