import { DEFAULT_LOCALE, type Locale } from '../../api/locales.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

/** Every error message the service can send, by key; es and fr are typed against en, so a missing key fails tsc. */
export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, es, fr };

export type MessageKey = keyof typeof en;

/**
 * The `{name}` placeholders of a catalogue text (names are identifiers: a literal brace with spaces inside is text).
 */
type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${string}${' ' | ',' | '{'}${string}` ? never : Name) | Placeholders<Rest>
  : never;

/** A dynamic part: a field name or number as sent, or another message (a reason) rendered in the same language. */
export type MessageParam = string | number | Message;

export type ParamsOf<Key extends MessageKey> = { readonly [Name in Placeholders<(typeof en)[Key]>]: MessageParam };

/** A message not yet in any language: rendered only when the error body is built, in the request's language. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, MessageParam>>;
}

/** Params are required exactly when the English text has placeholders, and must name all of them. */
export type MessageArgs<Key extends MessageKey> = [Placeholders<(typeof en)[Key]>] extends [never]
  ? []
  : [ParamsOf<Key>];

export function message<Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>): Message {
  return args.length === 0 ? { key } : { key, params: args[0] as Readonly<Record<string, MessageParam>> };
}

/**
 * Text a library wrote (a WebAuthn verifier's or password checker's explanation, an HTTP exception's message): passed
 * through as it is, in English, since the service has no translation of it. Named, so each such place is findable.
 */
export function verbatim(text: string): Message {
  return { key: 'verbatim', params: { text } };
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function renderMessage(text: Message, locale: Locale = DEFAULT_LOCALE): string {
  const template = CATALOGUES[locale][text.key];
  const params = text.params;
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? renderMessage(value, locale) : String(value);
  });
}

/** The placeholder names a catalogue text uses, in order (the catalogue test compares them across languages). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}
