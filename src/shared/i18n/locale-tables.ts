/**
 * All nine locale tables, bundled into the web app's server and the account site on both runtimes
 * (static imports, no file I/O). Never imported by browser code: a page sends its islands only the
 * strings they use.
 * @module
 */
import type { Locale } from '../locales'
import en from '../../../locales/en.json'
import de from '../../../locales/de.json'
import es from '../../../locales/es.json'
import fr from '../../../locales/fr.json'
import ru from '../../../locales/ru.json'
import pl from '../../../locales/pl.json'
import hi from '../../../locales/hi.json'
import pt from '../../../locales/pt.json'
import id from '../../../locales/id.json'

/** Locale → its message table. */
export const LOCALE_TABLES: Record<Locale, Record<string, unknown>> = { en, de, es, fr, ru, pl, hi, pt, id }
