/**
 * The cape preview's strings: not in the home page (its HTML budget, src/server/html-budget.test.ts,
 * and only callers with the `capes` grant see the preview), but the build's per-locale JSON file
 * `cape-preview-strings` (src/shared/i18n/client-messages.ts), fetched once with the preview's chunk.
 * @module
 */
import { CLIENT_MESSAGES_ELEMENT_ID, lazyMessagesUrl } from '../../shared/i18n/client-messages'
import { createTranslator, type Translate } from '../../shared/i18n/translator'
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales'

/** Name of the strings file (an entry of `STRINGS_FILES`). */
const STRINGS = 'cape-preview-strings'

let loading: Promise<Translate | null> | undefined

async function fetchStrings(): Promise<Translate> {
  const { more, locale } = document.getElementById(CLIENT_MESSAGES_ELEMENT_ID)?.dataset ?? {}
  if (!more) throw new Error('the page names no strings to fetch')
  const code = isLocale(locale) ? locale : DEFAULT_LOCALE
  const response = await fetch(lazyMessagesUrl(more, code, STRINGS))
  if (!response.ok) throw new Error(`cape preview strings: HTTP ${response.status}`)
  return createTranslator(code, (await response.json()) as Record<string, unknown>)
}

/**
 * The preview's translator, fetched once; null when the strings could not be fetched (the preview
 * then shows only the cape's picture, named by its alias). The answer is kept either way: a page
 * offline once stays without them rather than asking again on every choice of cape.
 */
export function loadCapeStrings(): Promise<Translate | null> {
  loading ??= fetchStrings().catch((error: unknown) => {
    console.warn('[generate] cape preview strings', error)
    return null
  })
  return loading
}
