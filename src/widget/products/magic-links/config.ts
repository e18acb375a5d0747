// The magic-link part of the config, as it goes on the wire.
import type { MagicLinkOptionsWire } from '../../../api/index.ts';
import type { ResolvedEmailMagicLinksOptions } from '../../config.ts';

/**
 * The magic-link options as they go on the wire (wire contract section 4). `domainHint` is not sent;
 * `createUserAsPending` is, as `create_user_as_pending: true`, only when set (the default false sends nothing).
 */
export function magicLinkWireOptions(options: ResolvedEmailMagicLinksOptions): MagicLinkOptionsWire {
  const wire: MagicLinkOptionsWire = {
    login_magic_link_url: options.loginRedirectURL,
    signup_magic_link_url: options.signupRedirectURL,
    login_expiration_minutes: options.loginExpirationMinutes,
    signup_expiration_minutes: options.signupExpirationMinutes,
    login_template_id: options.loginTemplateId,
    signup_template_id: options.signupTemplateId,
    locale: options.locale,
    create_user_as_pending: options.createUserAsPending || undefined,
  };
  for (const key of Object.keys(wire) as (keyof MagicLinkOptionsWire)[]) {
    if (wire[key] === undefined) delete wire[key];
  }
  return wire;
}
