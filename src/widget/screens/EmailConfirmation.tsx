import '../i18n/en-email-confirmation.ts';
import { css } from '@emotion/react';
import { useId } from 'react';
import { useWidget } from '../context.ts';
import { splitMessage } from '../i18n/index.ts';
import { emailDomainFor, mailLinks } from '../mail-links.ts';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { Button } from '../ui/Button.tsx';
import { Header } from '../ui/Header.tsx';
import { focusRing, text } from '../ui/styles.ts';
import type { ScreenProps } from './types.ts';

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
export default function EmailConfirmation({ snapshot, autoFocus }: ScreenProps) {
  const { t, send } = useWidget();
  const { magicLinkState, config, bootstrap } = snapshot.context;
  const newTabId = useId();
  const domain = emailDomainFor(config.emailMagicLinksOptions.domainHint, bootstrap.emailDomains);
  return (
    <>
      <Header title={t('emailConfirmation.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text}>
        {splitMessage(t('emailConfirmation.sent')).map((part, i) =>
          typeof part === 'string' ? part : <strong key={i}>{part.param === 'email' ? magicLinkState.email : ''}</strong>,
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
