/**
 * Dark / light switch (SPEC §9 themes). Applies at once and remembers the choice in a cookie so the
 * server renders the same theme next time.
 * @module
 */
import { mdiThemeLightDark } from '@mdi/js'
import { useState } from 'react'
import { useI18n } from '../shared/i18n/context'
import { themeCookieValue, type Theme } from '../shared/theme'
import { Icon } from '../shared/ui/icon'

/** A two-state button; `initial` is the theme the server rendered. */
export function ThemeToggle({ initial }: { initial: Theme }) {
  const { t } = useI18n()
  const [theme, setTheme] = useState<Theme>(initial)
  const next: Theme = theme === 'dark' ? 'light' : 'dark'
  const toggle = () => {
    document.documentElement.dataset.theme = next
    document.cookie = themeCookieValue(next)
    setTheme(next)
  }
  return (
    <button type="button" className="button button--text theme-toggle" aria-pressed={theme === 'light'} onClick={toggle}>
      <Icon path={mdiThemeLightDark} />
      <span>
        {t('drawer.theme')}: {t(theme === 'dark' ? 'drawer.themeDark' : 'drawer.themeLight')}
      </span>
    </button>
  )
}
