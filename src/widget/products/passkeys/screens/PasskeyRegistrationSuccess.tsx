import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { Button } from '../../../ui/Button.tsx';
import { Header } from '../../../ui/Header.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextInput } from '../../../ui/TextInput.tsx';
import { Toaster } from '../../../ui/Toaster.tsx';
import { linkButton, text } from '../../../ui/styles.ts';
import type { ToastsMachine } from '../../../ui/toasts.ts';
import type { ErrorDescriptor } from '../../../machine/types.ts';
import type { ProductScreenProps } from '../../types.ts';
import { PASSKEY_TOASTS_ID, type PasskeyMachine, type PasskeyRow } from '../machine.ts';

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
  padding: 0;
  list-style: none;
`;

const rowStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 8px 12px;
  border: 1px solid ${v('colorSecondary')};
  border-radius: 4px;
`;

const name = css`
  flex: 1;
  overflow-wrap: anywhere;
`;

/** One passkey: its name with Rename and Delete (viewing), a name field (editing), or a confirmation (deleting). */
function Row({ row }: { row: PasskeyRow }) {
  const { t } = useWidget();
  const snapshot = useSelector(row.ref, (s) => s);
  const { registration, draft } = snapshot.context;
  const [typed, setTyped] = useState(registration.name);
  const state = snapshot.matches('editing') ? 'editing' : snapshot.matches('deleting') ? 'deleting' : 'viewing';
  if (snapshot.matches('removed')) return null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    row.ref.send({ type: 'SAVE', name: typed });
  };

  if (state === 'editing') {
    const saving = snapshot.matches({ editing: 'saving' });
    return (
      <li part={PARTS.passkeyRow} data-state={state} css={rowStyle}>
        <form css={[column, name]} onSubmit={save}>
          <TextInput
            label={t('passkeySuccess.renameLabel')}
            value={saving ? draft : typed}
            readOnly={saving}
            autoFocus
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Button type="submit" busy={saving} disabled={!typed.trim()}>
            {t('passkeySuccess.save')}
          </Button>
          <button
            type="button"
            part={PARTS.link}
            css={linkButton}
            disabled={saving}
            onClick={() => row.ref.send({ type: 'CANCEL' })}
          >
            {t('passkeySuccess.cancel')}
          </button>
        </form>
      </li>
    );
  }

  if (state === 'deleting') {
    const removing = snapshot.matches({ deleting: 'removing' });
    return (
      <li part={PARTS.passkeyRow} data-state={state} css={rowStyle}>
        <span part={PARTS.text} css={[text, name]}>
          {t('passkeySuccess.confirmDelete', { name: registration.name })}
        </span>
        <Button variant="secondary" busy={removing} onClick={() => row.ref.send({ type: 'CONFIRM' })}>
          {t('passkeySuccess.delete')}
        </Button>
        <button
          type="button"
          part={PARTS.link}
          css={linkButton}
          disabled={removing}
          onClick={() => row.ref.send({ type: 'CANCEL' })}
        >
          {t('passkeySuccess.cancel')}
        </button>
      </li>
    );
  }

  return (
    <li part={PARTS.passkeyRow} data-state={state} css={rowStyle}>
      <span part={PARTS.text} css={[text, name]}>
        {registration.name}
      </span>
      <button
        type="button"
        part={PARTS.link}
        css={linkButton}
        onClick={() => {
          setTyped(registration.name);
          row.ref.send({ type: 'EDIT' });
        }}
      >
        {t('passkeySuccess.rename')}
      </button>
      <button type="button" part={PARTS.link} css={linkButton} onClick={() => row.ref.send({ type: 'DELETE' })}>
        {t('passkeySuccess.delete')}
      </button>
    </li>
  );
}

/**
 * Passkey Registration Success (spec sections 2 and 4): the user's passkeys (users/me), each row viewing, editing
 * (rename) or deleting; a failed rename or delete shows an error toast and the row as it was. 'Set up another
 * Passkey' goes back to Register New Passkey; 'Done' completes the flow.
 */
export default function PasskeyRegistrationSuccess({
  state,
  autoFocus,
}: ProductScreenProps<SnapshotFrom<PasskeyMachine>>) {
  const { t, send } = useWidget();
  const { rows } = state.context;
  const toasts = state.children[PASSKEY_TOASTS_ID] as ActorRefFrom<ToastsMachine> | undefined;
  const loading = state.matches({ registered: { list: 'loading' } });
  return (
    <div css={column}>
      <Header title={t('passkeySuccess.title')} focusTitle={autoFocus} />
      {loading ? (
        <span role="status">
          <Spinner size={25} /> {t('passkeySuccess.loading')}
        </span>
      ) : rows.length ? (
        <ul css={list}>
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </ul>
      ) : (
        <p part={PARTS.text} css={text}>
          {t('passkeySuccess.empty')}
        </p>
      )}
      {toasts && <Toaster toasts={toasts} render={(content) => describeError(t, content as ErrorDescriptor)} />}
      <Button variant="secondary" onClick={() => send({ type: 'SET_UP_ANOTHER' })}>
        {t('passkeySuccess.another')}
      </Button>
      <Button onClick={() => send({ type: 'DONE' })}>{t('passkeySuccess.done')}</Button>
    </div>
  );
}
