import { css } from '@emotion/react';
import { useId, type InputHTMLAttributes } from 'react';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { errorText, focusRing } from './styles.ts';

const field = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const labelStyle = css`
  font-size: 14px;
  font-weight: 700;
  color: ${v('colorPrimary')};
`;

const input = css`
  box-sizing: border-box;
  width: 100%;
  height: ${v('buttonHeight')};
  padding: 0 12px;
  font: inherit;
  font-size: 16px;
  color: ${v('colorPrimary')};
  background-color: ${v('containerBackgroundColor')};
  border: 1px solid ${v('colorSecondary')};
  border-radius: ${v('buttonPrimaryBorderRadius')};
  ${focusRing}
  &::placeholder {
    color: ${v('colorSecondary')};
  }
  &[aria-invalid='true'] {
    border-color: ${v('colorError')};
  }
  &:disabled {
    opacity: 0.7;
  }
`;

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error message; announced politely and linked with aria-describedby. */
  error?: string | undefined;
}

/** A labelled text input with its error line. The error region always exists so screen readers announce changes. */
export function TextInput({ label, error, ...rest }: TextInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div css={field}>
      <label part={PARTS.label} css={labelStyle} htmlFor={id}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        part={PARTS.input}
        css={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      <p id={errorId} part={PARTS.error} css={errorText} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
