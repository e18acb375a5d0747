// A tiny translator: per-key overrides from the `strings` property, then the locale's table, then the English
// defaults; `{name}` parameters.
import type { Locale } from '../../api/locales.ts';
import { en, type MessageKey, type StringOverrides } from './en.ts';

/** The English defaults: first-paint strings now, each lazy screen's table once its module has loaded. */
const defaults: Partial<Record<MessageKey, string>> = { ...en };

/** Adds a lazy screen's string table to the defaults (called by `en-<flow>.ts` when it loads). */
export function registerDefaults(messages: Partial<Record<MessageKey, string>>): void {
  Object.assign(defaults, messages);
}

/**
 * The Spanish and French tables loaded so far (each `<table>.<locale>.ts` registers itself when it loads; tables.ts).
 */
const translations: Partial<Record<Locale, Partial<Record<MessageKey, string>>>> = {};

/** Adds a loaded translation table of `locale`. */
export function registerTranslations(locale: Locale, messages: Partial<Record<MessageKey, string>>): void {
  const table = translations[locale] ?? {};
  translations[locale] = Object.assign(table, messages);
}

export type { MessageKey, StringOverrides } from './en.ts';
export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** Replaces `{name}` in a message with `params.name` (unknown names stay as they are). */
export function format(message: string, params?: Params): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * A translator: `overrides` win per key, then `locale`'s tables, then English, then the key itself. Tables are looked
 * up at each call, so one that loads later (a product's, with its chunk) is used without a new translator.
 */
export function createTranslator(overrides?: StringOverrides | null, locale?: Locale): Translate {
  return (key, params) => {
    const override = overrides?.[key];
    const text = typeof override === 'string' ? override : (locale && translations[locale]?.[key]) || defaults[key];
    return format(text ?? key, params);
  };
}

/** The catalogue key for a service `error_type`, if the catalogue has one. */
export function errorMessageKey(errorType: string | undefined): MessageKey | undefined {
  if (!errorType) return undefined;
  const key = `errors.${errorType}`;
  return key in defaults ? (key as MessageKey) : undefined;
}

/** A message split around its `{name}` parameters, so a screen can render a parameter as markup (e.g. bold). */
export function splitMessage(message: string): (string | { param: string })[] {
  return message
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((part) => {
      const match = /^\{(\w+)\}$/.exec(part);
      return match?.[1] ? { param: match[1] } : part;
    });
}

/**
 * The text of an error to show: its message key's text, else the catalogue message for its type when there is one
 * (looked up now, at render: the catalogue may have loaded after the error was made), else its own message.
 */
export function describeError(
  t: Translate,
  error: { messageKey?: MessageKey; errorType?: string; message?: string } | null,
): string {
  if (!error) return '';
  const key = error.messageKey ?? errorMessageKey(error.errorType);
  return key ? t(key) : (error.message ?? '');
}
