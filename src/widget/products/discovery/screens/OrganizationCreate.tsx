import { css } from '@emotion/react';
import type { FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { TextInput } from '../../../ui/TextInput.tsx';
import { errorText, formColumn, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { DiscoveryMachine } from '../machine.ts';

const hint = css`
  ${text}
  margin-top: -8px;
  font-size: 14px;
`;

/**
 * Create an organization: its name and its slug (which follows the name until edited, and must match the project's
 * slug rule); Enter or the button creates it, and the visitor becomes its first member.
 */
export default function OrganizationCreate({ state, autoFocus }: ProductScreenProps<SnapshotFrom<DiscoveryMachine>>) {
  const { t, send } = useWidget();
  const { form: values, errorDescriptor, errorField } = state.context;
  const busy = state.matches('creating');
  const error = describeError(t, errorDescriptor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT_CREATE' });
  };
  return (
    <>
      <Header title={t('discovery.create.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <form part={PARTS.form} css={formColumn} noValidate onSubmit={submit}>
        <TextInput
          label={t('discovery.create.nameLabel')}
          name="organization"
          autoComplete="organization"
          required
          readOnly={busy}
          value={values.name}
          onChange={(event) => send({ type: 'NAME_CHANGED', name: event.currentTarget.value })}
          error={errorField === 'name' ? error : undefined}
        />
        <TextInput
          label={t('discovery.create.slugLabel')}
          name="organization-slug"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          readOnly={busy}
          value={values.slug}
          onChange={(event) => send({ type: 'SLUG_CHANGED', slug: event.currentTarget.value })}
          error={errorField === 'slug' ? error : undefined}
        />
        <p part={PARTS.text} css={hint}>
          {t('discovery.create.slugHint')}
        </p>
        {error && errorField === null && (
          <p part={PARTS.error} css={errorText} role="alert">
            {error}
          </p>
        )}
        <Button type="submit" busy={busy}>
          {t('discovery.create.submit')}
        </Button>
      </form>
    </>
  );
}
