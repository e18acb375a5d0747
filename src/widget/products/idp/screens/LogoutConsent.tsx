import { css } from '@emotion/react';
import { useWidget } from '../../../context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import type { ProductScreenProps } from '../../types.ts';

const column = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

/** The logout question (spec section 2): Yes ends the session and returns to the app; No keeps it. */
export default function LogoutConsent({ root, autoFocus }: ProductScreenProps) {
  const { t, send } = useWidget();
  return (
    <div css={column}>
      <Header title={t('logout.title', { project: root.context.bootstrap.projectName })} focusTitle={autoFocus} />
      <Button onClick={() => send({ type: 'YES' })}>{t('logout.yes')}</Button>
      <Button variant="secondary" onClick={() => send({ type: 'NO' })}>
        {t('logout.no')}
      </Button>
    </div>
  );
}
