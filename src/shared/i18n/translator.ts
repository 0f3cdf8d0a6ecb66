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

/** Builds a translator for one locale from its table. */
export function createTranslator(locale: Locale, table: Record<string, unknown>): Translate {
  const i18n = rosetta({ [locale]: table })
  i18n.locale(locale)
  return (key, params) => i18n.t(key, params) || key
}
