import { css } from '@emotion/react';
import { useEffect, useId, useRef } from 'react';
import { OTP_CODE_LENGTH } from '../../api/index.ts';
import { PARTS } from '../theme/parts.ts';
import { errorText } from './styles.ts';
import { field, fieldControl, labelStyle } from './TextInput.styles.ts';

const input = css`
  ${fieldControl}
  width: 100%;
  padding: 0 12px;
  font-size: 24px;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.5em;
  text-align: center;
  &:disabled {
    opacity: 0.7;
  }
`;

export interface PasscodeInputProps {
  label: string;
  /** Digits only, at most OTP_CODE_LENGTH (the statechart keeps it that way). */
  value: string;
  disabled: boolean;
  error: string;
  autoFocus: boolean;
  /** Called with whatever was typed or pasted; the statechart keeps the digits. */
  onChange: (text: string) => void;
}

/**
 * The passcode field: one input for all six digits, so a pasted or autofilled code (`autocomplete=one-time-code`)
 * arrives whole. No maxlength: it would cut a pasted '123 456' to '123 45' before the statechart drops the space.
 */
export function PasscodeInput({ label, value, disabled, error, autoFocus, onChange }: PasscodeInputProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  // After a wrong code the field is enabled and empty again: put the cursor back in it.
  useEffect(() => {
    if (!disabled && error) ref.current?.focus();
  }, [disabled, error]);
  return (
    <div css={field}>
      <label part={PARTS.label} css={labelStyle} htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        part={`${PARTS.input} ${PARTS.passcodeInput}`}
        css={input}
        type="text"
        name="passcode"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`[0-9]{${OTP_CODE_LENGTH}}`}
        size={OTP_CODE_LENGTH}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      <p id={`${id}-error`} part={PARTS.error} css={errorText} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
