/**
 * Language select (SPEC §2 right drawer): items show the language name and code. A disclosure list of
 * links, so it works without JavaScript (each link asks the server to set the cookie and redirect);
 * with JavaScript the cookie is set here and the browser goes straight to the new prefix.
 * @module
 */
import { mdiChevronDown, mdiTranslate } from '@mdi/js'
import type { MouseEvent } from 'react'
import { useI18n } from '../shared/i18n/context'
import { languageSwitchHref, localeCookieValue, localizeUrl } from '../shared/language-switch'
import { LOCALES, type Locale } from '../shared/locales'
import { splitLocale } from '../shared/routes'
import { Icon } from '../shared/ui/icon'

/** The current path and query without language prefix (the switch keeps the route, SPEC §4). */
const currentAppUrl = () => splitLocale(window.location.pathname).path + window.location.search

/** The language select. */
export function LanguageSelect() {
  const { t, locale } = useI18n()
  const current = LOCALES.find((l) => l.code === locale) ?? LOCALES[0]!

  const choose = (event: MouseEvent, code: Locale) => {
    event.preventDefault()
    document.cookie = localeCookieValue(code)
    window.location.assign(localizeUrl(currentAppUrl(), code))
  }

  return (
    <details className="language-select">
      <summary className="language-select__current">
        <Icon path={mdiTranslate} />
        <span className="language-select__label">{t('drawer.language')}</span>
        <span className="language-select__value">
          {`${current.nativeName} `}
          <code>{current.code}</code>
        </span>
        <Icon path={mdiChevronDown} className="language-select__chevron" />
      </summary>
      <ul className="language-select__list" role="list">
        {LOCALES.map((l) => (
          <li key={l.code}>
            {/* The name as the link's own text (a flex item all the same) and `lang` without `hreflang`,
                which only repeated it: nine times a page. */}
            <a href={languageSwitchHref(l.code)} lang={l.code} title={l.name} aria-current={l.code === locale ? 'true' : undefined} onClick={(event) => choose(event, l.code)}>
              {l.nativeName}
              <code>{l.code}</code>
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
