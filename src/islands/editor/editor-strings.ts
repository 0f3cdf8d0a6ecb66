/**
 * The editor's strings: not in the page (the /editor page would be over its 30 KB HTML budget in
 * Hindi), but the build's per-locale JSON file `skin-editor-strings` (src/shared/i18n/client-messages.ts),
 * fetched once the island runs and merged over the strings the page embeds.
 * @module
 */
import { CLIENT_MESSAGES_ELEMENT_ID, lazyMessagesUrl, mergeMessages } from '../../shared/i18n/client-messages'
import type { I18nValue } from '../../shared/i18n/context'
import { createTranslator } from '../../shared/i18n/translator'
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales'

/** Name of the strings file (an entry of `STRINGS_FILES`). */
export const EDITOR_STRINGS = 'skin-editor-strings'

let loading: Promise<I18nValue> | undefined

async function fetchStrings(): Promise<I18nValue> {
  const element = document.getElementById(CLIENT_MESSAGES_ELEMENT_ID)
  const { more, locale } = element?.dataset ?? {}
  const code = isLocale(locale) ? locale : DEFAULT_LOCALE
  if (!more) throw new Error('the page names no strings to fetch')
  const response = await fetch(lazyMessagesUrl(more, code, EDITOR_STRINGS))
  if (!response.ok) throw new Error(`editor strings: HTTP ${response.status}`)
  const embedded = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {}
  return { locale: code, t: createTranslator(code, mergeMessages(embedded, (await response.json()) as Record<string, unknown>)) }
}

/** The editor's translator; fetched once (again after a failure). */
export function loadEditorStrings(): Promise<I18nValue> {
  loading ??= fetchStrings().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
