import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { Header } from '../../../ui/Header.tsx';
import { slot } from '../../../view/node.ts';
import { registerViewStyles, toReactFragment } from '../../../view/react.ts';
import type { ProductScreenProps } from '../../types.ts';
import * as laterStyles from '../later.styles.ts';
import type { MagicLinkMachine } from '../machine.ts';
import { emailDomainFor } from '../mail-links.ts';
import { emailConfirmationView } from './EmailConfirmation.view.ts';

registerViewStyles('magic-links', laterStyles);

/** Email Confirmation (EmailConfirmation.view.ts): 'Check your email', the address, web-mail shortcuts, 'Try again'. */
export default function EmailConfirmation({
  state,
  root,
  autoFocus,
}: ProductScreenProps<SnapshotFrom<MagicLinkMachine>>) {
  const { t, send } = useWidget();
  const { email, config } = state.context;
  // The fresh bootstrap document (email domains) arrives at the root, possibly after the product started.
  const { bootstrap } = root.context;
  const newTabId = useId();
  return toReactFragment(
    emailConfirmationView({
      t,
      header: slot(
        <Header title={t('emailConfirmation.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />,
      ),
      email,
      domain: emailDomainFor(config.emailMagicLinksOptions.domainHint, bootstrap.emailDomains),
      newTabId,
      onTryAgain: { click: () => send({ type: 'TRY_AGAIN' }) },
    }),
  );
}
