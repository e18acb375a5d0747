// The phone input of the SMS and WhatsApp tabs: a country selector (default US; each option shows the country's name
// and dial code) and the number. Its own lazy chunk; on first show it loads the phone library for the country list.
// Until the library answers (or if it never does) the selector offers the selected country only.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_LOCALE } from '../constants.ts';
import { useWidget } from '../context.ts';
import type { CountryOption } from '../phone-lib.ts';
import { loadPhoneLibrary, regionLocale, regionName } from '../phone.ts';
import { slot } from '../view/node.ts';
import { toReact } from '../view/react.ts';
import { LinkedText } from './LinkedText.tsx';
import { phoneInputView } from './PhoneInput.view.ts';

export interface PhoneInputProps {
  /** ISO 3166-1 alpha-2 of the selected country. */
  country: string;
  /** Its calling code, without '+'. */
  callingCode: string;
  phone: string;
  readOnly: boolean;
  error: string;
  onCountryChange: (country: string, callingCode: string) => void;
  onPhoneChange: (phone: string) => void;
}

export default function PhoneInput({
  country,
  callingCode,
  phone,
  readOnly,
  error,
  onCountryChange,
  onPhoneChange,
}: PhoneInputProps) {
  const { t } = useWidget();
  const id = useId();
  const [countries, setCountries] = useState<CountryOption[] | null>(null);
  // The countries are named in the widget's language: its container's `lang` (the element's locale, else the page's),
  // read before the first paint.
  const select = useRef<HTMLSelectElement>(null);
  const [lang, setLang] = useState<string>(DEFAULT_LOCALE);
  useLayoutEffect(() => setLang(regionLocale(select.current?.closest('[lang]')?.getAttribute('lang'))));
  useEffect(() => {
    let live = true;
    loadPhoneLibrary().then(
      (library) => live && setCountries(library.countryOptions(lang)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lang]);
  const options = countries ?? [{ code: country, callingCode, name: regionName(country, lang) }];
  return toReact(
    phoneInputView({
      id,
      label: t('main.phoneLabel'),
      countryLabel: t('main.countryLabel'),
      options: options.map((o) => ({
        code: o.code,
        text: t('main.countryOption', { name: o.name, callingCode: o.callingCode }),
      })),
      country,
      phone,
      readOnly,
      error: { shown: Boolean(error), content: error && slot(<LinkedText text={error} />) },
      countryRef: (node) => {
        select.current = node as HTMLSelectElement | null;
      },
      onCountry: {
        change: (event) => {
          const chosen = options.find((o) => o.code === (event.currentTarget as HTMLSelectElement).value);
          if (chosen) onCountryChange(chosen.code, chosen.callingCode);
        },
      },
      onPhone: { input: (event) => onPhoneChange((event.currentTarget as HTMLInputElement).value) },
    }),
  );
}
