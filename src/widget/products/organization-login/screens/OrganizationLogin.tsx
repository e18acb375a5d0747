import { css } from '@emotion/react';
import type { FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonColumn } from '../../../ui/ButtonColumn.styles.ts';
import { Divider } from '../../../ui/Divider.tsx';
import { Header } from '../../../ui/Header.tsx';
import { TextInput } from '../../../ui/TextInput.tsx';
import { formColumn } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { OrganizationLoginMachine } from '../machine.ts';
import { signInMethods } from '../organization.ts';

const list = css`
  ${buttonColumn}
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * Organization login: 'Continue to <organization>' ('Continue to ...' while it is looked up), then the organization's
 * sign-in methods the page enables: its email link's form, and a button per single sign-on connection, 'or' between.
 */
export default function OrganizationLogin({
  state,
  autoFocus,
}: ProductScreenProps<SnapshotFrom<OrganizationLoginMachine>>) {
  const { t, send } = useWidget();
  const { organization, email, errorDescriptor, config } = state.context;
  const title = organization
    ? t('organizationLogin.title', { organizationName: organization.organization_name })
    : t('organizationLogin.titleUnknown');
  if (!organization) return <Header title={title} focusTitle={autoFocus} />;

  const { emailLink, connections } = signInMethods(config, organization);
  const busy = state.matches('sending');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <>
      <Header title={title} focusTitle={autoFocus} />
      {emailLink && (
        <form part={PARTS.form} css={formColumn} noValidate onSubmit={submit}>
          <TextInput
            label={t('organizationLogin.email.label')}
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
            {t('organizationLogin.email.continue')}
          </Button>
        </form>
      )}
      {emailLink && connections.length > 0 && <Divider label={t('organizationLogin.divider')} />}
      {connections.length > 0 && (
        <ul
          css={list}
          aria-label={t('organizationLogin.connections.label', { organizationName: organization.organization_name })}
        >
          {connections.map((connection) => (
            <li key={connection.connection_id}>
              <Button
                variant="secondary"
                extraPart={PARTS.ssoButton}
                disabled={busy}
                data-connection-id={connection.connection_id}
                onClick={() => send({ type: 'CHOOSE', connectionId: connection.connection_id })}
              >
                {t('organizationLogin.continueWith', { connection: connection.display_name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
