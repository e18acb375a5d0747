// The six-digit code of the TOTP and SMS OTP screens: the shared passcode input (the sixth digit submits), and
// 'Verifying passcode...' while it is checked.
import { useWidget } from '../../../context.ts';
import { describeError } from '../../../i18n/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { PasscodeInput } from '../../../ui/PasscodeInput.tsx';
import { text } from '../../../ui/styles.ts';
import type { ErrorDescriptor } from '../../../machine/types.ts';

export function CodeField({
  code,
  submitting,
  error,
  autoFocus,
}: {
  code: string;
  submitting: boolean;
  error: ErrorDescriptor | null;
  autoFocus: boolean;
}) {
  const { t, send } = useWidget();
  return (
    <>
      <PasscodeInput
        label={t('mfa.code.label')}
        value={code}
        disabled={submitting}
        error={describeError(t, error)}
        autoFocus={autoFocus}
        onChange={(typed) => send({ type: 'CODE_CHANGED', code: typed })}
      />
      {submitting && (
        <p part={PARTS.text} css={text} role="status">
          {t('mfa.code.verifying')}
        </p>
      )}
    </>
  );
}
