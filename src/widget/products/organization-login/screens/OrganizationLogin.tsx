import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Divider } from '../../../ui/Divider.tsx';
import { Header } from '../../../ui/Header.tsx';
import { ConnectionButtons, EmailForm } from '../../organization-screens.tsx';
import type { ProductScreenProps } from '../../types.ts';
import type { OrganizationLoginMachine } from '../machine.ts';
import { signInMethods } from '../organization.ts';

/**
 * Organization login: 'Continue to <organization>' ('Continue to ...' while it is looked up), then the organization's
 * sign-in methods the page enables: its email link's form, and a button per single sign-on connection, 'or' between.
 */
export default function OrganizationLogin({
  state,
  autoFocus,
}: ProductScreenProps<SnapshotFrom<OrganizationLoginMachine>>) {
  const { t } = useWidget();
  const { organization, email, errorDescriptor, config } = state.context;
  const title = organization
    ? t('organizationLogin.title', { organizationName: organization.organization_name })
    : t('organizationLogin.titleUnknown');
  if (!organization) return <Header title={title} focusTitle={autoFocus} />;

  const { emailLink, connections } = signInMethods(config, organization);
  const busy = state.matches('sending');
  return (
    <>
      <Header title={title} focusTitle={autoFocus} />
      {emailLink && (
        <EmailForm
          email={email}
          busy={busy}
          error={errorDescriptor}
          label={t('organizationLogin.email.label')}
          submitLabel={t('organizationLogin.email.continue')}
        />
      )}
      {emailLink && connections.length > 0 && <Divider label={t('organizationLogin.divider')} />}
      {connections.length > 0 && (
        <ConnectionButtons
          connections={connections}
          label={t('organizationLogin.connections.label', { organizationName: organization.organization_name })}
          continueWith={(connection) => t('organizationLogin.continueWith', { connection })}
          part={PARTS.ssoButton}
          disabled={busy}
        />
      )}
    </>
  );
}
