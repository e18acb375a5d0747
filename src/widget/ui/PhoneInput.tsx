// The phone input of the SMS and WhatsApp tabs: a country selector (default US; each option shows the country's name
// and dial code) and the number. Its own lazy chunk; on first show it loads the phone library for the country list.
// Until the library answers (or if it never does) the selector offers the selected country only.
import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { DEFAULT_LOCALE } from '../constants.ts';
import { useWidget } from '../context.ts';
import type { CountryOption } from '../phone-lib.ts';
import { loadPhoneLibrary } from '../phone.ts';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { errorText, focusRing, visuallyHidden } from './styles.ts';

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

const row = css`
  display: flex;
  gap: 8px;
`;

const control = css`
  box-sizing: border-box;
  height: ${v('buttonHeight')};
  font: inherit;
  font-size: 16px;
  color: ${v('colorPrimary')};
  background-color: ${v('containerBackgroundColor')};
  border: 1px solid ${v('colorSecondary')};
  border-radius: ${v('buttonPrimaryBorderRadius')};
  ${focusRing}
  &[aria-invalid='true'] {
    border-color: ${v('colorError')};
  }
`;

const select = css`
  ${control}
  flex: 0 1 40%;
  min-width: 0;
  padding: 0 4px;
`;

const input = css`
  ${control}
  flex: 1;
  min-width: 0;
  padding: 0 12px;
`;

/** A region's name in the widget's locale (the browser knows them, no library needed); the code itself otherwise. */
function regionName(code: string): string {
  try {
    return new Intl.DisplayNames([DEFAULT_LOCALE], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

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

export default function PhoneInput({ country, callingCode, phone, readOnly, error, onCountryChange, onPhoneChange }: PhoneInputProps) {
  const { t } = useWidget();
  const id = useId();
  const [countries, setCountries] = useState<CountryOption[] | null>(null);
  useEffect(() => {
    let live = true;
    loadPhoneLibrary().then(
      (library) => live && setCountries(library.countryOptions(DEFAULT_LOCALE)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const options = countries ?? [{ code: country, callingCode, name: regionName(country) }];
  return (
    <div css={field}>
      <label part={PARTS.label} css={labelStyle} htmlFor={`${id}-number`}>
        {t('main.phoneLabel')}
      </label>
      <div css={row}>
        <label htmlFor={`${id}-country`} css={visuallyHidden}>
          {t('main.countryLabel')}
        </label>
        <select
          id={`${id}-country`}
          part={PARTS.select}
          css={select}
          value={country}
          disabled={readOnly}
          onChange={(event) => {
            const chosen = options.find((o) => o.code === event.currentTarget.value);
            if (chosen) onCountryChange(chosen.code, chosen.callingCode);
          }}
        >
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {t('main.countryOption', { name: o.name, callingCode: o.callingCode })}
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          part={PARTS.input}
          css={input}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          readOnly={readOnly}
          value={phone}
          onChange={(event) => onPhoneChange(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
      </div>
      <p id={`${id}-error`} part={PARTS.error} css={errorText} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
