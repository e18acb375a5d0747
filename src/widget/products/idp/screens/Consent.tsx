import { css } from '@emotion/react';
import type { SnapshotFrom } from 'xstate';
import { isStandardScope, type ScopeResult } from '../../../../api/idp.ts';
import { useWidget } from '../../../context.ts';
import type { Translate } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { errorText, logoImage, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { IdpMachine } from '../machine.ts';

const column = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const list = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0 0 0 20px;
  color: ${v('colorPrimary')};
`;

const description = css`
  display: block;
  font-size: 14px;
  color: ${v('colorSecondary')};
`;

/**
 * A scope's title (spec section 3): a standard scope has its own; a custom one reads differently and carries the
 * RBAC policy's description (from the preflight, else from the bootstrap's policy).
 */
function ScopeItem({
  result,
  t,
  policyDescription,
}: {
  result: ScopeResult;
  t: Translate;
  policyDescription?: string;
}) {
  if (isStandardScope(result.scope)) return <li css={text}>{t(`consent.scope.${result.scope}`)}</li>;
  const detail = result.description || policyDescription;
  return (
    <li css={text}>
      {t('consent.scope.custom', { scope: result.scope })}
      {detail && <span css={description}>{detail}</span>}
    </li>
  );
}

/** A sentence, then its scopes: those this user may grant, or those they may not. */
function ScopeList(props: {
  intro: string;
  kind: 'grantable' | 'ungrantable';
  results: ScopeResult[];
  policyDescription: (scope: string) => string | undefined;
}) {
  const { t } = useWidget();
  return (
    <>
      <p part={PARTS.text} css={text}>
        {props.intro}
      </p>
      <ul css={list} data-scopes={props.kind}>
        {props.results.map((result) => (
          <ScopeItem
            key={result.scope}
            result={result}
            t={t}
            policyDescription={props.policyDescription(result.scope)}
          />
        ))}
      </ul>
    </>
  );
}

/**
 * Consent (spec sections 2 and 6): the app (logo, name) asks for access to the user's account on this project; the
 * scopes this user may grant, then those they may not (not granted, with the spec's note); Allow and Deny.
 */
export default function Consent({ state, root, autoFocus }: ProductScreenProps<SnapshotFrom<IdpMachine>>) {
  const { t, send } = useWidget();
  const preflight = state.context.preflight;
  if (!preflight) return null;
  const clientName = preflight.client.client_name;
  const project = root.context.bootstrap.projectName;
  const policy = root.context.bootstrap.rbacPolicy?.scopes ?? [];
  const policyDescription = (scope: string) => policy.find((s) => s.scope === scope)?.description;
  const grantable = preflight.scope_results.filter((result) => result.is_grantable);
  const ungrantable = preflight.scope_results.filter((result) => !result.is_grantable);
  const busy = !state.matches({ consent: 'asking' });
  const allowing = state.matches({ consent: 'submitting' });
  return (
    <div css={column}>
      {preflight.client.client_logo_url && (
        <img css={logoImage} src={preflight.client.client_logo_url} alt={t('consent.logoAlt', { clientName })} />
      )}
      <Header title={t('consent.title', { clientName, project })} focusTitle={autoFocus} />
      {grantable.length > 0 && (
        <ScopeList
          intro={t('consent.allowsTo', { clientName })}
          kind="grantable"
          results={grantable}
          policyDescription={policyDescription}
        />
      )}
      {ungrantable.length > 0 && (
        <>
          <ScopeList
            intro={t('consent.cannotGrant', { clientName })}
            kind="ungrantable"
            results={ungrantable}
            policyDescription={policyDescription}
          />
          <p part={PARTS.error} css={errorText}>
            {t('consent.noPermission', { client: clientName })}
          </p>
        </>
      )}
      <Button busy={allowing} disabled={busy} onClick={() => send({ type: 'ALLOW' })}>
        {t('consent.allow')}
      </Button>
      <Button variant="secondary" busy={busy && !allowing} disabled={busy} onClick={() => send({ type: 'DENY' })}>
        {t('consent.deny')}
      </Button>
    </div>
  );
}
