/**
 * The jobs button (SPEC §2 app bar): opens the right drawer; a dot badge shows when jobs exist —
 * warning colour while any is pending, success otherwise; tooltip 'Show Jobs'. Without JavaScript it is
 * a link to `#app-drawer`, which the stylesheet opens with `:target`.
 * @module
 */
import { mdiFormatListChecks } from '@mdi/js'
import { useStore } from '@nanostores/react'
import type { KeyboardEvent, MouseEvent } from 'react'
import { $drawerOpen, toggleDrawer } from '../shared/stores/drawer'
import { $jobsBadge } from '../shared/stores/queue'
import { useI18n } from '../shared/i18n/context'
import { Icon } from '../shared/ui/icon'

/** The jobs button island. */
export default function JobsButton() {
  const { t } = useI18n()
  // Server and first client render agree on "no badge"; the persisted jobs show right after hydration.
  const badge = useStore($jobsBadge, { ssr: () => 'none' as const })
  const open = useStore($drawerOpen)

  const activate = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault()
    toggleDrawer()
  }

  return (
    <a
      href="#app-drawer"
      role="button"
      className="icon-button"
      aria-controls="app-drawer"
      aria-expanded={open}
      aria-label={t('appBar.showJobs')}
      data-tooltip={t('appBar.showJobs')}
      data-drawer-opener=""
      onClick={activate}
      onKeyDown={(event) => event.key === ' ' && activate(event)}
    >
      <Icon path={mdiFormatListChecks} />
      {badge !== 'none' && (
        <span className={`badge-dot badge-dot--${badge === 'pending' ? 'warning' : 'success'}`} role="status" aria-label={t(badge === 'pending' ? 'appBar.jobsPending' : 'appBar.jobsDone')} />
      )}
    </a>
  )
}
