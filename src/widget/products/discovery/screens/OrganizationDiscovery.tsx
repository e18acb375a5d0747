import { css } from '@emotion/react';
import { Fragment } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError, type Translate } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { boldParams } from '../../../ui/BoldParams.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonColumn } from '../../../ui/ButtonColumn.styles.ts';
import { Header } from '../../../ui/Header.tsx';
import { errorText, text } from '../../../ui/styles.ts';
import type { ErrorDescriptor } from '../../../machine/types.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { DiscoveryContext, DiscoveryMachine } from '../machine.ts';
import { membershipAction } from '../organization-form.ts';

const list = css`
  ${buttonColumn}
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The organization's name at the start of its button, what the button does at the end. */
const row = css`
  justify-content: space-between;
  text-align: start;
`;

const action = css`
  font-weight: 400;
  color: ${v('colorSecondary')};
`;

/** The error of the last step: an organization's refusal names that organization. */
function errorOf(t: Translate, context: DiscoveryContext, error: ErrorDescriptor | null): string {
  if (error?.messageKey !== 'discovery.authPolicy') return describeError(t, error);
  const chosen = context.organizations.find((o) => o.organization.organization_id === context.chosen);
  return t(error.messageKey, { organization: chosen?.organization.organization_name ?? '' });
}

/**
 * Organization discovery: the organizations the proven address belongs to or may join, one button each ('Join' or
 * 'Accept Invite' where that is what it does), and 'Create an organization' when the project allows it. With none,
 * it says so, and offers to create one or to try another address.
 */
export default function OrganizationDiscovery({
  state,
  autoFocus,
}: ProductScreenProps<SnapshotFrom<DiscoveryMachine>>) {
  const { t, send } = useWidget();
  const { context } = state;
  const { email, organizations, chosen, bootstrap, config } = context;
  const busy = state.matches('exchanging');
  const mayCreate = bootstrap.createOrganizationEnabled && !config.discovery?.disableCreateOrganization;
  const error = errorOf(t, context, context.errorDescriptor);
  const back = () => send({ type: 'BACK' });
  const alert = error ? (
    <p part={PARTS.error} css={errorText} role="alert">
      {error}
    </p>
  ) : null;
  const createButton = mayCreate && (
    <Button variant={organizations.length === 0 ? 'primary' : 'secondary'} onClick={() => send({ type: 'CREATE' })}>
      {t('discovery.createOrganization')}
    </Button>
  );

  if (organizations.length === 0) {
    return (
      <Fragment key="none">
        <Header
          title={t(mayCreate ? 'discovery.noneCreate.title' : 'discovery.none.title', { email })}
          onBack={back}
          focusTitle={autoFocus}
        />
        <p part={PARTS.text} css={text}>
          {mayCreate ? boldParams(t('discovery.noneCreate.text'), { email }) : t('discovery.none.text')}
        </p>
        {alert}
        {createButton}
        <Button variant="secondary" onClick={() => send({ type: 'TRY_AGAIN' })}>
          {t('discovery.tryAgain')}
        </Button>
      </Fragment>
    );
  }

  return (
    <Fragment key="list">
      <Header title={t('discovery.title')} onBack={back} focusTitle={autoFocus} />
      <ul css={list} aria-label={t('discovery.listLabel', { email })}>
        {organizations.map(({ organization, membership }) => {
          const id = organization.organization_id;
          const label = membershipAction(membership);
          return (
            <li key={id}>
              <Button
                variant="secondary"
                extraPart={PARTS.organizationButton}
                css={row}
                busy={busy && chosen === id}
                disabled={busy}
                data-organization-id={id}
                onClick={() => send({ type: 'CHOOSE', organizationId: id })}
              >
                <span>{organization.organization_name}</span>
                {label && <span css={action}>{t(label)}</span>}
              </Button>
            </li>
          );
        })}
      </ul>
      {busy && (
        <p part={PARTS.text} css={text} role="status">
          {t('discovery.joining', {
            organization:
              organizations.find((o) => o.organization.organization_id === chosen)?.organization.organization_name ??
              '',
          })}
        </p>
      )}
      {alert}
      {createButton}
    </Fragment>
  );
}
