/**
 * A per-request translator over rosetta (reference/stack.md §4): rosetta's `locale` is mutable state,
 * so the server builds one small instance per request instead of switching a shared one.
 * @module
 */
import rosetta from 'rosetta'
import type { Locale } from '../locales'
import type en from '../../../locales/en.json'

/** The message table shape, taken from the English source file. */
export type Messages = typeof en

type Join<K extends string, P extends string> = `${K}.${P}`
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends Record<string, unknown> ? Join<K, Paths<T[K]>> : never
}[keyof T & string]

/** Every dotted message key, e.g. `nav.gallery`. */
export type MessageKey = Paths<Messages>

/** Interpolation values for `{{name}}` placeholders. */
export type MessageParams = Record<string, string | number>

/** Translates a key; a missing key falls back to the key itself so gaps are visible, never blank. */
export type Translate = (key: MessageKey, params?: MessageParams) => string

/**
 * Texts of keys looked up without parameters, per message table. The server builds a translator per
 * request over the same few tables, and most lookups (labels, headings) take no parameters; rosetta
 * walks the dotted key and runs its template on every call, which was ~5 % of a page render. A
 * table never changes once loaded, so its plain texts are computed once.
 */
const plainTexts = new WeakMap<object, Map<string, string>>()

/** Builds a translator for one locale from its table. */
export function createTranslator(locale: Locale, table: Record<string, unknown>): Translate {
  let plain = plainTexts.get(table)
  if (!plain) plainTexts.set(table, (plain = new Map()))
  let i18n: ReturnType<typeof rosetta> | undefined
  const translate = (key: MessageKey, params?: MessageParams): string => {
    if (!i18n) {
      i18n = rosetta({ [locale]: table })
      i18n.locale(locale)
    }
    return i18n.t(key, params) || key
  }
  return (key, params) => {
    if (params) return translate(key, params)
    let text = plain.get(key)
    if (text === undefined) plain.set(key, (text = translate(key)))
    return text
  }
}
