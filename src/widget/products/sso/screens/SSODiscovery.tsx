import { css } from '@emotion/react';
import { Fragment, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { boldParams } from '../../../ui/BoldParams.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonColumn } from '../../../ui/ButtonColumn.styles.ts';
import { Header } from '../../../ui/Header.tsx';
import { TextInput } from '../../../ui/TextInput.tsx';
import { formColumn, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { SsoMachine } from '../machine.ts';

const list = css`
  ${buttonColumn}
  margin: 0;
  padding: 0;
  list-style: none;
`;

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
        <ul css={list} aria-label={t('sso.connections.label', { email })}>
          {connections.map((connection) => (
            <li key={connection.connection_id}>
              <Button
                variant="secondary"
                extraPart={PARTS.ssoButton}
                data-connection-id={connection.connection_id}
                onClick={() => send({ type: 'CHOOSE', connectionId: connection.connection_id })}
              >
                {t('sso.connections.continueWith', { connection: connection.display_name })}
              </Button>
            </li>
          ))}
        </ul>
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <Fragment key="email">
      <Header title={t('sso.email.title')} onBack={back} focusTitle={autoFocus} />
      <form part={PARTS.form} css={formColumn} noValidate onSubmit={submit}>
        <TextInput
          label={t('sso.email.label')}
          type="email"
          name="email"
          autoComplete="email"
          required
          readOnly={busy}
          value={email}
          onChange={(event) => send({ type: 'EMAIL_CHANGED', email: event.currentTarget.value })}
          error={describeError(t, errorDescriptor)}
        />
        <Button type="submit" busy={busy}>
          {t('sso.email.continue')}
        </Button>
      </form>
    </Fragment>
  );
}
