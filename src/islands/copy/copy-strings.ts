/**
 * Strings the copy island needs only now and then (the page carries the selected group's
 * hint only, and no text for a refused copy): the commands box's hints of the other groups and the
 * manual-copy hint. They are the build's per-locale JSON (`skin-copy`,
 * src/shared/i18n/client-messages.ts), fetched once: when the visitor heads for a tab or a copy
 * button, or at the latest when one of them needs them.
 * @module
 */
import { CLIENT_MESSAGES_ELEMENT_ID, lazyMessagesUrl } from '../../shared/i18n/client-messages'
import { createTranslator } from '../../shared/i18n/translator'
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales'
import { COMMAND_GROUPS, COMMAND_HINT_KEY, type CommandGroup } from '../../shared/skin/skin-commands'

/** Name of the strings file (an entry of `STRINGS_FILES`). */
const STRINGS = 'skin-copy'

/** The strings. */
export interface CopyStrings {
  /** Each group's hint under the command field. */
  hints: Record<CommandGroup, string>
  /** What to do when the browser refused the copy. */
  manual: string
}

let loading: Promise<CopyStrings> | undefined

async function fetchStrings(): Promise<CopyStrings> {
  const { more, locale } = document.getElementById(CLIENT_MESSAGES_ELEMENT_ID)?.dataset ?? {}
  if (!more) throw new Error('the page names no strings to fetch')
  const code = isLocale(locale) ? locale : DEFAULT_LOCALE
  const response = await fetch(lazyMessagesUrl(more, code, STRINGS))
  if (!response.ok) throw new Error(`copy strings: HTTP ${response.status}`)
  const t = createTranslator(code, (await response.json()) as Record<string, unknown>)
  const hints = Object.fromEntries(COMMAND_GROUPS.map((group) => [group, t(COMMAND_HINT_KEY[group])])) as Record<CommandGroup, string>
  return { hints, manual: t('pages.skin.copyManually') }
}

/** The strings; fetched once (again after a failure). */
export function loadCopyStrings(): Promise<CopyStrings> {
  loading ??= fetchStrings().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
