import { css } from '@emotion/react';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { splitMessage } from '../../../i18n/index.ts';
import { emailDomainFor, mailLinks } from '../mail-links.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { focusRing, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { MagicLinkMachine } from '../machine.ts';

const list = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const link = css`
  font-size: 16px;
  font-weight: 700;
  color: ${v('colorPrimary')};
  text-decoration: underline;
  border-radius: 2px;
  ${focusRing}
`;

/** Email Confirmation: 'Check your email', the address, web-mail shortcuts, 'Try again' and a back arrow. */
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
  const domain = emailDomainFor(config.emailMagicLinksOptions.domainHint, bootstrap.emailDomains);
  return (
    <>
      <Header title={t('emailConfirmation.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text}>
        {splitMessage(t('emailConfirmation.sent')).map((part, i) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder; a parameter may repeat.
          typeof part === 'string' ? part : <strong key={i}>{part.param === 'email' ? email : ''}</strong>,
        )}
      </p>
      <ul css={list}>
        {mailLinks(domain).map(({ label, href }) => (
          <li key={label}>
            <a part={PARTS.link} css={link} href={href} target="_blank" rel="noopener" aria-describedby={newTabId}>
              {t(label)}
            </a>
          </li>
        ))}
      </ul>
      <span id={newTabId} hidden>
        {t('emailConfirmation.newTab')}
      </span>
      <Button variant="secondary" onClick={() => send({ type: 'TRY_AGAIN' })}>
        {t('emailConfirmation.tryAgain')}
      </Button>
    </>
  );
}
