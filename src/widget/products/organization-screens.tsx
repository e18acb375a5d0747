// What the organization (B2B) products' screens share: the address's form and the buttons of an organization's single
// sign-on connections, which SSO discovery and the organization login both show. Imported only by those products'
// screens, so no byte of it is in the entry or a consumer product's chunk.
import { css } from '@emotion/react';
import type { FormEvent } from 'react';
import type { SsoActiveConnection } from '../../api/organizations.ts';
import { useWidget } from '../context.ts';
import { describeError } from '../i18n/index.ts';
import type { ErrorDescriptor } from '../machine/types.ts';
import { PARTS } from '../theme/parts.ts';
import { Button } from '../ui/Button.tsx';
import { buttonColumn } from '../ui/ButtonColumn.styles.ts';
import { TextInput } from '../ui/TextInput.tsx';
import { formColumn } from '../ui/styles.ts';
import type { ConnectionChosenEvent, EmailFormEvent } from './organizations.ts';

const list = css`
  ${buttonColumn}
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * One button per connection, its text the screen's own 'Continue with <connection>' (`continueWith`, given the
 * connection's name), in a list named `label`; pressing one sends CHOOSE with its connection. `part` is the buttons'
 * part name after `button-secondary` (the single sign-on product's), given by the screen, whose product names it.
 */
export function ConnectionButtons({
  connections,
  label,
  continueWith,
  part,
  disabled,
}: {
  connections: readonly SsoActiveConnection[];
  label: string;
  continueWith: (connection: string) => string;
  part: string;
  /** While the screen's own call runs. */
  disabled?: boolean;
}) {
  const { send } = useWidget();
  return (
    <ul css={list} aria-label={label}>
      {connections.map((connection) => (
        <li key={connection.connection_id}>
          <Button
            variant="secondary"
            extraPart={part}
            disabled={disabled}
            data-connection-id={connection.connection_id}
            onClick={() =>
              send({ type: 'CHOOSE', connectionId: connection.connection_id } satisfies ConnectionChosenEvent)
            }
          >
            {continueWith(connection.display_name)}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The address's form: its field (`label`, the step's error under it) and its button (`submitLabel`, busy while the
 * step's call runs); typing sends EMAIL_CHANGED, submitting (the button or Enter) SUBMIT.
 */
export function EmailForm({
  email,
  busy,
  error,
  label,
  submitLabel,
}: {
  email: string;
  busy: boolean;
  error: ErrorDescriptor | null;
  label: string;
  submitLabel: string;
}) {
  const { t, send } = useWidget();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' } satisfies EmailFormEvent);
  };
  return (
    <form part={PARTS.form} css={formColumn} noValidate onSubmit={submit}>
      <TextInput
        label={label}
        type="email"
        name="email"
        autoComplete="email"
        required
        readOnly={busy}
        value={email}
        onChange={(event) => send({ type: 'EMAIL_CHANGED', email: event.currentTarget.value } satisfies EmailFormEvent)}
        error={describeError(t, error)}
      />
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
