// Continue on the first paint's Email tab (shell/early-send.ts): the link leaves at once over the headless client,
// not once React, XState and this product's chunk have arrived, and Email Confirmation is painted from its own view
// when the service has answered. The product's send adopts this request (sent-link.ts).
import type { EarlySendModule } from '../../shell/early-send.ts';
import { headerView } from '../../ui/Header.view.ts';
import { isValidEmail } from '../../validation.ts';
import { magicLinkWireOptions } from './config.ts';
import { emailDomainFor } from './mail-links.ts';
import { emailConfirmationView } from './screens/EmailConfirmation.view.ts';
import { sendEarly } from './sent-link.ts';
import './strings.ts';

export const send: EarlySendModule['send'] = async ({ client, config, email }) => {
  // As the product's machine takes the address (machine.ts), after the root's check of its format.
  const address = email.trim();
  if (!isValidEmail(address)) return undefined;
  const options = config.emailMagicLinksOptions;
  const answer = sendEarly(client, address, magicLinkWireOptions(options));
  try {
    await answer;
  } catch {
    return undefined; // the product adopts the error and shows it on Main
  }
  // The project's email domains, as React's screen has them from the root (the request left with the client).
  const { emailDomains } = await client.bootstrap.get();
  const domain = emailDomainFor(options.domainHint, emailDomains);
  return {
    screen: 'EmailConfirmation',
    title: (t) => t('emailConfirmation.title'),
    view: ({ t, id, hold }) =>
      emailConfirmationView({
        t,
        header: headerView({
          title: t('emailConfirmation.title'),
          back: { label: t('common.back'), on: { click: () => hold({ type: 'BACK' }) } },
          hideTitle: false,
        }),
        email: address,
        domain,
        newTabId: id('new-tab'),
        onTryAgain: { click: () => hold({ type: 'TRY_AGAIN' }) },
      }),
  };
};
