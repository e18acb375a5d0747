// otps.* of the public API (wire contract 3.5, client spec 4 "Adding a factor" and 7).
import { PATHS, type OtpAuthenticateResponse, type OtpMethod, type OtpSendResponse } from '../api/index.ts';
import type { Http } from './http.ts';
import { validate } from './schema.ts';
import type { SessionStore } from './session.ts';
import { withoutUser } from './sessions.ts';
import type { OtpsApi } from './types.ts';

export function createOtpsApi(http: Http, store: SessionStore): OtpsApi {
  /**
   * One send. `login_or_create` creates the user when new; `send` uses `send/secondary` when a session is in local
   * state (adding a factor to the signed-in user) and `send/primary` otherwise. Email `send/*` are not retriable with
   * a captcha (wire contract 3.5); every other send is.
   */
  const send =
    (method: OtpMethod, kind: 'login_or_create' | 'send', field: 'phone_number' | 'email') =>
    async (destination: string, options: object = {}): Promise<OtpSendResponse> => {
      validate({ [field]: destination }, { [field]: 'string' });
      const path =
        kind === 'login_or_create'
          ? PATHS.otpsLoginOrCreate(method)
          : store.getSession()
            ? PATHS.otpsSendSecondary(method)
            : PATHS.otpsSendPrimary(method);
      const retriable = !(method === 'email' && kind === 'send');
      return http.request<OtpSendResponse>('POST', path, { ...options, [field]: destination }, { retriable });
    };

  return {
    sms: { loginOrCreate: send('sms', 'login_or_create', 'phone_number'), send: send('sms', 'send', 'phone_number') },
    whatsapp: {
      loginOrCreate: send('whatsapp', 'login_or_create', 'phone_number'),
      send: send('whatsapp', 'send', 'phone_number'),
    },
    email: { loginOrCreate: send('email', 'login_or_create', 'email'), send: send('email', 'send', 'email') },

    async authenticate(code, method_id, options) {
      validate(
        { code, method_id, ...options },
        { code: 'string', method_id: 'string', session_duration_minutes: 'number' },
      );
      const response = await http.request<OtpAuthenticateResponse>(
        'POST',
        PATHS.otpsAuthenticate,
        { token: code, method_id, session_duration_minutes: options.session_duration_minutes },
        { retriable: true },
      );
      store.applyAuthResponse(response);
      return withoutUser(response);
    },
  };
}
