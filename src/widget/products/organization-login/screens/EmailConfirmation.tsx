import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { boldParams } from '../../../ui/BoldParams.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { OrganizationLoginMachine } from '../machine.ts';

/** Check your email: the organization's link went to the address (in bold); another address starts over. */
export default function EmailConfirmation({
  state,
  autoFocus,
}: ProductScreenProps<SnapshotFrom<OrganizationLoginMachine>>) {
  const { t, send } = useWidget();
  const { email } = state.context;
  return (
    <>
      <Header
        title={t('organizationLogin.checkEmail.title')}
        onBack={() => send({ type: 'BACK' })}
        focusTitle={autoFocus}
      />
      <p part={PARTS.text} css={text}>
        {boldParams(t('organizationLogin.checkEmail.text'), { email: email.trim() })}
      </p>
      <Button variant="secondary" onClick={() => send({ type: 'TRY_AGAIN' })}>
        {t('organizationLogin.checkEmail.tryAgain')}
      </Button>
    </>
  );
}
