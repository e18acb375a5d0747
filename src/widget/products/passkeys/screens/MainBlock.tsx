// Main's passkey button (spec section 2): 'only when passkeys are enabled and the form cannot autofill'. The form
// cannot autofill when it has no email field, or when the browser cannot offer passkeys in it (the autofill machine,
// `main:passkeys`, found out and waits in `button`). Pressing it sends START, and the root starts the product's
// machine, which runs the browser's passkey dialog while Main shows busy.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Divider } from '../../../ui/Divider.tsx';
import type { MainBlockProps } from '../../types.ts';
import type { PasskeyAutofillMachine } from '../autofill.ts';
import { formHasEmailField } from '../config.ts';
import type { PasskeyParams } from '../machine.ts';

/** Whether the autofill machine found the browser cannot offer passkeys in the email field (it waits in `button`). */
function AutofillUnsupported({
  actor,
  children,
}: {
  actor: ActorRefFrom<PasskeyAutofillMachine>;
  children: ReactNode;
}) {
  const unsupported = useSelector(actor, (s) => s.matches('button'));
  return unsupported ? children : null;
}

export default function MainBlock({ root, busy, mainActor, divided, hasForm }: MainBlockProps) {
  const { t, send } = useWidget();
  const { config, active } = root.context;
  const autofill = mainActor as ActorRefFrom<PasskeyAutofillMachine> | undefined;
  // While the button's own flow runs the root has stopped the autofill machine: the button stays, busy.
  const ownFlow = busy && active?.product === 'passkeys';
  const block = (
    <>
      <Button
        variant="secondary"
        extraPart={PARTS.passkeyButton}
        disabled={busy}
        busy={ownFlow}
        onClick={() => send({ type: 'START', product: 'passkeys', params: {} satisfies PasskeyParams })}
      >
        {t('passkey.button')}
      </Button>
      {/* Shown late (the browser cannot autofill), the button may be the only block: it brings Main's divider. */}
      {hasForm && !divided && <Divider label={t('main.divider')} />}
    </>
  );
  if (!formHasEmailField(config) || ownFlow) return block;
  return autofill ? <AutofillUnsupported actor={autofill}>{block}</AutofillUnsupported> : null;
}
