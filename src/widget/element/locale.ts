// The language <auth-login> shows: the tag in effect, and the built-in language whose texts have loaded. Spanish and
// French load on demand, so a change of language at runtime keeps the old texts until the new ones arrive.
import { DEFAULT_LOCALE, matchLocale, type Locale } from '../../api/locales.ts';
import { showLocale } from '../i18n/tables.ts';

/** The language tag in effect: `locale`, else the nearest ancestor's `lang` (the page's), else English. */
export function localeTag(element: Element & { readonly locale: string | undefined }): string {
  return element.locale || element.closest('[lang]')?.getAttribute('lang') || DEFAULT_LOCALE;
}

/** The built-in language shown, and the one last asked for while its tables load. */
export class ShownLocale {
  /** The built-in language last asked for, whose tables may still be loading. */
  #wanted: Locale | undefined;
  /** The built-in language whose tables have loaded (English after a failed load); undefined until the first has. */
  #shown: Locale | undefined;
  readonly #settled: (failed: boolean) => void;

  /** `settled` is called when a language asked for has loaded, or failed to (English shows), if still wanted. */
  constructor(settled: (failed: boolean) => void) {
    this.#settled = settled;
  }

  get shown(): Locale | undefined {
    return this.#shown;
  }

  /**
   * The built-in language to render `tag` in: its own once its tables have loaded, else the one shown so far, else
   * undefined (first paint waits, showing the spinner). Asks for the tables of a language not asked for last.
   */
  toShow(tag: string): Locale | undefined {
    const wanted = matchLocale(tag) ?? DEFAULT_LOCALE;
    if (wanted !== this.#wanted) {
      this.#wanted = wanted;
      const settle = (shown: Locale) => {
        if (this.#wanted !== wanted) return;
        this.#shown = shown;
        this.#settled(shown !== wanted);
      };
      if (wanted === DEFAULT_LOCALE) this.#shown = wanted;
      else
        showLocale(wanted).then(
          () => settle(wanted),
          () => settle(DEFAULT_LOCALE),
        );
    }
    return this.#shown;
  }
}
