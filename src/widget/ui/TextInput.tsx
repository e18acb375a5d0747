import { useId, type InputHTMLAttributes } from 'react';
import { PARTS } from '../theme/parts.ts';
import { LinkedText } from './LinkedText.tsx';
import { errorText } from './styles.ts';
import { field, input, labelStyle } from './TextInput.styles.ts';

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
        {error && <LinkedText text={error} />}
      </p>
    </div>
  );
}
