import { Fragment } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { boldParams } from '../../../ui/BoldParams.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { text } from '../../../ui/styles.ts';
import { ConnectionButtons, EmailForm } from '../../organization-screens.tsx';
import type { ProductScreenProps } from '../../types.ts';
import type { SsoMachine } from '../machine.ts';

/**
 * SSO discovery: the address whose domain names the organization's single sign-on connections; then its connections,
 * one button each (the browser goes to the one picked; with a single one it goes at once), or, with none, a way back
 * to the other sign-in methods. Each step is keyed, so moving between them moves focus to the new title.
 */
export default function SSODiscovery({ state, autoFocus }: ProductScreenProps<SnapshotFrom<SsoMachine>>) {
  const { t, send } = useWidget();
  const { email, connections, errorDescriptor } = state.context;
  const back = () => send({ type: 'BACK' });

  if (state.matches('connections')) {
    return (
      <Fragment key="connections">
        <Header title={t('sso.connections.title')} onBack={back} focusTitle={autoFocus} />
        <ConnectionButtons
          connections={connections}
          label={t('sso.connections.label', { email })}
          continueWith={(connection) => t('sso.connections.continueWith', { connection })}
          part={PARTS.ssoButton}
        />
      </Fragment>
    );
  }

  if (state.matches('none')) {
    return (
      <Fragment key="none">
        <Header title={t('sso.none.title')} onBack={back} focusTitle={autoFocus} />
        <p part={PARTS.text} css={text}>
          {boldParams(t('sso.none.text'), { email })}
        </p>
        <Button variant="secondary" onClick={() => send({ type: 'TRY_ANOTHER' })}>
          {t('sso.none.tryAnother')}
        </Button>
      </Fragment>
    );
  }

  const busy = state.matches('discovering');
  return (
    <Fragment key="email">
      <Header title={t('sso.email.title')} onBack={back} focusTitle={autoFocus} />
      <EmailForm
        email={email}
        busy={busy}
        error={errorDescriptor}
        label={t('sso.email.label')}
        submitLabel={t('sso.email.continue')}
      />
    </Fragment>
  );
}
