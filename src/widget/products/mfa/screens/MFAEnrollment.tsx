import { css } from '@emotion/react';
import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonColumn } from '../../../ui/ButtonColumn.styles.ts';
import { Header } from '../../../ui/Header.tsx';
import { text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { MfaMachine } from '../machine.ts';

const options = css`
  ${buttonColumn}
`;

/** MFA enrollment: why a second factor is needed, and one button per factor offered, in the config's order. */
export default function MFAEnrollment({ state, autoFocus }: ProductScreenProps<SnapshotFrom<MfaMachine>>) {
  const { t, send } = useWidget();
  return (
    <>
      <Header title={t('mfa.enrollment.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text}>
        {t('mfa.enrollment.text')}
      </p>
      <div css={options}>
        {state.context.plan.enrollable.map((method) => (
          <Button
            key={method}
            variant="secondary"
            data-method={method}
            onClick={() => send({ type: 'CHOOSE', method })}
          >
            {t(method === 'totp' ? 'mfa.enrollment.totp' : 'mfa.enrollment.sms')}
          </Button>
        ))}
      </div>
    </>
  );
}
