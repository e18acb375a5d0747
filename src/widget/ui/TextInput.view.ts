// A labelled text input with its error line. The error line always exists, so screen readers announce changes.
import { PARTS } from '../theme/parts.ts';
import { h, type ViewAttributes, type ViewChild, type ViewNode, type ViewOptions } from '../view/node.ts';

export interface FieldError {
  /** Whether there is an error (aria-invalid). */
  shown: boolean;
  /** The error line's content (React's LinkedText; nothing when there is no error). */
  content: ViewChild;
}

/** The error line under a field, a polite live region of its own. */
export function errorLineView(id: string, error: FieldError): ViewNode {
  return h('p', { id, part: PARTS.error, 'aria-live': 'polite' }, { style: 'errorText' }, error.shown && error.content);
}

export interface TextInputView {
  /** The input's id (the label's `for`); its error line's is `<id>-error`. */
  id: string;
  label: string;
  error: FieldError;
  /** The input's attributes (type, name, autocomplete, value, …). */
  attributes: ViewAttributes;
  on?: ViewOptions['on'];
  ref?: ViewOptions['ref'];
}

export function textInputView({ id, label, error, attributes, on, ref }: TextInputView): ViewNode {
  const errorId = `${id}-error`;
  return h(
    'div',
    {},
    { style: 'field' },
    h('label', { part: PARTS.label, for: id }, { style: 'label' }, label),
    h(
      'input',
      {
        ...attributes,
        id,
        part: PARTS.input,
        'aria-invalid': error.shown ? 'true' : undefined,
        'aria-describedby': errorId,
      },
      { style: 'input', on, ref },
    ),
    errorLineView(errorId, error),
  );
}
