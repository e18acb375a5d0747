// Continue on the first paint's Email tab (shell/early-send.ts): once the link the record's send made (index.ts) has
// been answered, Email Confirmation is painted from its own view, not once React, XState and this product's chunk
// have arrived. The product's send adopts that request (adoptOrSend, index.ts).
import type { EarlyScreenModule } from '../../shell/early-send.ts';
import { headerView } from '../../ui/Header.view.ts';
import { emailDomainFor } from './mail-links.ts';
import { emailConfirmationView } from './screens/EmailConfirmation.view.ts';
import './strings.ts';

export const screen: EarlyScreenModule['screen'] = async ({ client, config, email }) => {
  const address = email.trim();
  const options = config.emailMagicLinksOptions;
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
