import { useId, type InputHTMLAttributes } from 'react';
import { slot } from '../view/node.ts';
import { toReact } from '../view/react.ts';
import { LinkedText } from './LinkedText.tsx';
import { textInputView } from './TextInput.view.ts';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's error message; announced politely and linked with aria-describedby. */
  error?: string | undefined;
}

/** TextInput.view.ts rendered by React, with an id of its own and the error's links. */
export function TextInput({ label, error, onChange, ...rest }: TextInputProps) {
  const id = useId();
  return toReact(
    textInputView({
      id,
      label,
      error: { shown: Boolean(error), content: error && slot(<LinkedText text={error} />) },
      attributes: rest,
      on: onChange && { input: onChange as () => void },
    }),
  );
}
