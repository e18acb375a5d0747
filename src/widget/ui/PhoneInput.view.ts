// The phone field of the SMS and WhatsApp tabs: a country selector (each option the country's name and dial code)
// and the number, with the error line TextInput has.
import { PARTS } from '../theme/parts.ts';
import { h, type ViewNode, type ViewOptions } from '../view/node.ts';
import { errorLineView, type FieldError } from './TextInput.view.ts';

export interface PhoneInputView {
  /** The field's id: the number's is `<id>-number`, the selector's `<id>-country`, the error line's `<id>-error`. */
  id: string;
  label: string;
  countryLabel: string;
  /** The options' texts by country code, in order ('United States (+1)'). */
  options: readonly { code: string; text: string }[];
  country: string;
  phone: string;
  readOnly: boolean;
  error: FieldError;
  onCountry?: ViewOptions['on'];
  onPhone?: ViewOptions['on'];
  countryRef?: ViewOptions['ref'];
  phoneRef?: ViewOptions['ref'];
}

export function phoneInputView(view: PhoneInputView): ViewNode {
  const { id, error } = view;
  return h(
    'div',
    {},
    { style: 'field' },
    h('label', { part: PARTS.label, for: `${id}-number` }, { style: 'label' }, view.label),
    h(
      'div',
      {},
      { style: 'phoneRow' },
      h('label', { for: `${id}-country` }, { style: 'visuallyHidden' }, view.countryLabel),
      h(
        'select',
        { id: `${id}-country`, part: PARTS.select, value: view.country, disabled: view.readOnly },
        { style: 'phoneSelect', on: view.onCountry, ref: view.countryRef },
        ...view.options.map((option) => h('option', { value: option.code }, { key: option.code }, option.text)),
      ),
      h(
        'input',
        {
          id: `${id}-number`,
          part: PARTS.input,
          type: 'tel',
          name: 'phone',
          autocomplete: 'tel',
          inputmode: 'tel',
          required: true,
          readonly: view.readOnly,
          value: view.phone,
          'aria-invalid': error.shown ? 'true' : undefined,
          'aria-describedby': `${id}-error`,
        },
        { style: 'phoneNumber', on: view.onPhone, ref: view.phoneRef },
      ),
    ),
    errorLineView(`${id}-error`, error),
  );
}
