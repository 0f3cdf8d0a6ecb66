/**
 * React context carrying the active locale and translator. Pages get it from the layout; each island
 * root gets its own provider (server: Island wrapper, client: hydrate) because islands render alone.
 * @module
 */
import { createContext, useContext, type ReactNode } from 'react'
import { DEFAULT_LOCALE, type Locale } from '../locales'
import type { Translate } from './translator'

/** What components read to translate. */
export interface I18nValue {
  locale: Locale
  t: Translate
}

const I18nContext = createContext<I18nValue>({ locale: DEFAULT_LOCALE, t: (key) => key })

/** Provides the locale and translator to a render tree. */
export function I18nProvider({ value, children }: { value: I18nValue; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** Reads the active locale and translator. */
export const useI18n = (): I18nValue => useContext(I18nContext)
