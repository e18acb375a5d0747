// Email Confirmation as a view (view/node.ts): 'Check your email', the address, the web-mail shortcuts and 'Try
// again', under a header with the back arrow. React's EmailConfirmation renders it, and so does the first paint when
// it has sent the link itself before React arrived (early-send.ts): one description, two renderers.
import { splitMessage, type Translate } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { buttonView } from '../../../ui/Button.view.ts';
import { h, type ViewChild, type ViewOptions } from '../../../view/node.ts';
import { mailLinks } from '../mail-links.ts';

export interface EmailConfirmationView {
  t: Translate;
  /** The header: React's Header component (its focus and Escape), or the painter's headerView. */
  header: ViewChild;
  /** Where the link went. */
  email: string;
  /** The domain the web-mail shortcuts search for, if known. */
  domain: string | undefined;
  /** The id of the hidden 'opens in a new tab' note the shortcuts point to. */
  newTabId: string;
  onTryAgain: ViewOptions['on'];
}

export function emailConfirmationView({ t, header, email, domain, newTabId, onTryAgain }: EmailConfirmationView) {
  return [
    header,
    h(
      'p',
      { part: PARTS.text },
      { style: 'text' },
      splitMessage(t('emailConfirmation.sent')).map((part, i) =>
        typeof part === 'string' ? part : h('strong', {}, { key: String(i) }, part.param === 'email' ? email : ''),
      ),
    ),
    h(
      'ul',
      {},
      { style: 'magic-links.list' },
      mailLinks(domain).map(({ label, href }) =>
        h(
          'li',
          {},
          { key: label },
          h(
            'a',
            { part: PARTS.link, href, target: '_blank', rel: 'noopener', 'aria-describedby': newTabId },
            { style: 'magic-links.link' },
            t(label),
          ),
        ),
      ),
    ),
    h('span', { id: newTabId, hidden: true }, {}, t('emailConfirmation.newTab')),
    buttonView({ variant: 'secondary', on: onTryAgain, children: [t('emailConfirmation.tryAgain')] }),
  ] satisfies ViewChild[];
}
